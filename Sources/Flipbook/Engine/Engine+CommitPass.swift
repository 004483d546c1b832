import Motion

/// The commit pass: committed transactions' edits into the layers' model state.
extension Engine {
    /// The commit pass: applies committed edits in order (model values, and their implicit animations
    /// attached with the current presentation value as the start); edits of a destroyed layer end their
    /// animation unfinished.
    @_noAllocation
    func commitPass(at time: MediaTime) {
        while transactions.count > 0 {
            let edit = transactions.ring[transactions.head]
            if !edit.isCommitted { return }
            transactions.head = (transactions.head &+ 1) % transactions.ring.count
            transactions.count &-= 1
            let layerIndex = Int32(edit.layer.index)
            let isStale = nodes[layerIndex].generation != edit.layer.generation
            if !nodes[layerIndex].isLive || isStale {
                if edit.action >= 0 {
                    endLifecycle(edit.action, finished: false)
                    retire(edit.action)
                }
                continue
            }
            if edit.action >= 0 {
                let records = animations.records
                if records[edit.action].givenValues & 1 == 0 {
                    records[edit.action].from = SlotMath.read(edit.target, from: nodes[layerIndex].presentation)
                    records[edit.action].givenValues |= 1
                }
                let begin = edit.beginsAt >= 0 ? edit.beginsAt : time
                records[edit.action].timeShift = nodes[layerIndex].timing.localTime(parentTime: begin)
                replaceKeyed(edit.target.keyIdentity, on: layerIndex)
                linkRecord(edit.action, to: layerIndex)
            }
            SlotMath.write(edit.value, target: edit.target, into: &nodes[layerIndex].model)
        }
    }

    /// Stops the animation keyed by the key path of property `identity` (an implicit animation replaces it).
    @_noAllocation
    func replaceKeyed(_ identity: Int32, on layerIndex: Int32) {
        var cursor = nodes[layerIndex].firstAnimation
        while cursor >= 0 {
            let next = animations.records[cursor].next
            if animations.records[cursor].keyIdentity == identity { stop(cursor, on: layerIndex, finished: false) }
            cursor = next
        }
    }
}

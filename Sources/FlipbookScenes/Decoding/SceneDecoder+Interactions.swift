/// The top-level `animators` and `interactions` (SCENE-FORMAT.md "Interaction").
extension SceneDecoder {
    /// What interactions may refer to on a named layer: its kind and its animations' keys.
    struct InteractionLayer {
        var kind: LayerKind
        var keys: [String]
    }

    /// Every named layer (sublayers and masks included) with its kind and animation keys.
    static func interactionLayers(_ layers: [LayerDescription], into found: inout [String: InteractionLayer]) {
        for layer in layers {
            if let name = layer.name {
                found[name] = InteractionLayer(kind: layer.kind, keys: layer.animations.compactMap { $0.key })
            }
            interactionLayers(layer.sublayers, into: &found)
            if let mask = layer.mask { interactionLayers([mask], into: &found) }
        }
    }

    /// Calls `body` with each object of an array (`what`: "animators", "interactions", "changes") and its
    /// pointer, in order; a value that is not an array, and elements that are not objects, are reported and
    /// skipped.
    func forEachObject(_ node: JSONNode, at pointer: String, of what: String,
                       _ body: (_ fields: ObjectFields, _ pointer: String) -> Void) {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of \(what), found \(node.value.typeDescription)")
            return
        }
        for (index, element) in elements.enumerated() {
            let elementPointer = JSONPointer.appending(index, to: pointer)
            if let fields = object(element, at: elementPointer) { body(fields, elementPointer) }
        }
    }

    /// `animators`: `[{"key", "duration", "timingFunction" or "dampingRatio", "changes": [{"layer": NAME,
    /// KEYPATH: VALUE, …}], "scrubsLinearly", "pausesOnCompletion"}]`.
    func decodeAnimators(_ node: JSONNode, at pointer: String, layers: [String: InteractionLayer]) -> [AnimatorDescription] {
        var animators: [AnimatorDescription] = []
        forEachObject(node, at: pointer, of: "animators") { fields, elementPointer in
            var key: String?
            if let (node, pointer) = fields.take("key") {
                key = string(node, at: pointer)
                if let name = key, animators.contains(where: { $0.key == name }) {
                    report(pointer, "another animator already has the key \"\(name)\"")
                    key = nil
                }
            } else {
                report(JSONPointer.appending("key", to: elementPointer), "required field is missing (the animator's name)")
            }
            let duration = number(fields, "duration", default: 0.25, rule: .positiveSeconds)
            var curve = SceneTimingFunction.named("easeInEaseOut")
            let hasCurve = fields.has("timingFunction")
            if let (node, pointer) = fields.take("timingFunction"), let function = timingFunction(node, at: pointer) {
                curve = function
            }
            var dampingRatio: Double?
            if hasCurve, fields.has("dampingRatio") {
                report(JSONPointer.appending("dampingRatio", to: elementPointer),
                       "an animator eases by a timingFunction or by a dampingRatio, not both")
                _ = fields.take("dampingRatio")
            } else {
                dampingRatio = optionalNumber(fields, "dampingRatio", rule: .positive(atMost: 1))
            }
            var changes: [SceneChange] = []
            if let (node, pointer) = fields.take("changes") {
                forEachObject(node, at: pointer, of: "changes") { entryFields, entryPointer in
                    guard let (layerNode, layerPointer) = entryFields.take("layer") else {
                        report(JSONPointer.appending("layer", to: entryPointer), "required field is missing (a layer's name)")
                        finishLoosely(entryFields)
                        return
                    }
                    guard let name = string(layerNode, at: layerPointer) else { finishLoosely(entryFields); return }
                    guard let layer = layers[name] else {
                        report(layerPointer, "no layer named \"\(name)\"")
                        finishLoosely(entryFields)
                        return
                    }
                    changes += settings(entryFields, layer: name, kind: layer.kind)
                }
            } else {
                report(JSONPointer.appending("changes", to: elementPointer), "required field is missing (what the animator changes)")
            }
            let scrubsLinearly = bool(fields, "scrubsLinearly", default: true)
            let pausesOnCompletion = bool(fields, "pausesOnCompletion", default: false)
            finish(fields)
            if let key {
                animators.append(AnimatorDescription(
                    pointer: elementPointer, key: key, duration: duration, timingFunction: curve,
                    dampingRatio: dampingRatio, changes: changes,
                    scrubsLinearly: scrubsLinearly, pausesOnCompletion: pausesOnCompletion))
            }
        }
        return animators
    }

    /// The unused members of `fields` as key path settings of layer `layer` (of `kind`); as `deltas` (an
    /// interaction's `by`), numbers and pairs of numbers without the key path's range.
    func settings(_ fields: ObjectFields, layer: String, kind: LayerKind, deltas: Bool = false) -> [SceneChange] {
        var changes: [SceneChange] = []
        for member in fields.unusedMembers {
            let memberPointer = JSONPointer.appending(member.key, to: fields.pointer)
            _ = fields.take(member.key)
            guard let keyPath = SceneKeyPath(rawValue: member.key) else {
                report(memberPointer, "unknown key path \"\(member.key)\"")
                continue
            }
            if let owner = keyPath.ownerKind, owner != kind {
                report(memberPointer, "\"\(member.key)\" is a property of \(owner.rawValue) layers, and layer \"\(layer)\" is a \"\(kind.rawValue)\" layer")
                continue
            }
            if deltas && keyPath.valueKind != .scalar && keyPath.valueKind != .pair {
                report(memberPointer, "\"by\" adds to numbers and pairs of numbers, and \"\(member.key)\" takes \(keyPath.valueKind.description)")
                continue
            }
            if let value = value(member.value, at: memberPointer, for: keyPath, checkRange: !deltas) {
                changes.append(SceneChange(layer: layer, keyPath: keyPath, value: value))
            }
        }
        return changes
    }

    /// Marks every member used after a problem that makes them meaningless (no second report per member).
    private func finishLoosely(_ fields: ObjectFields) {
        for member in fields.unusedMembers { _ = fields.take(member.key) }
    }
}

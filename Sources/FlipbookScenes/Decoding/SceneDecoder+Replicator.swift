import Flipbook

/// Decoding of replicator layers (SCENE-FORMAT.md "Replicator layers"): every problem is reported at the field.
extension SceneDecoder {
    static let replicatorKeys = ["instanceCount", "instanceTransform", "instanceDelay", "instanceColor",
                                 "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"]

    func decodeReplicator(_ fields: ObjectFields, kind: LayerKind) -> ReplicatorDescription? {
        guard kind == .replicator else {
            for key in SceneDecoder.replicatorKeys {
                if let (_, pointer) = fields.take(key) { report(pointer, "only a \"replicator\" layer has this field") }
            }
            return nil
        }
        var replicator = ReplicatorDescription()
        let count = number(fields, "instanceCount", default: 1,
                           rule: .range(1 ... Double(Engine.maximumInstanceCount)))
        if Double(Int(count)) != count {  // in 1 … 64 (checked), so the conversion is exact (no libm `floor`)
            report(JSONPointer.appending("instanceCount", to: fields.pointer), "expected a whole number of instances, found \(count)")
        }
        replicator.instanceCount = Int(count)
        if let (node, pointer) = fields.take("instanceTransform"), let transform = decodeTransform(node, at: pointer) {
            replicator.instanceTransform = transform
            for (name, isUsed) in [("perspective", transform.perspective != nil),
                                   ("translation", transform.translation.z != 0)] where isUsed {
                report(JSONPointer.appending(name, to: pointer),
                       "an instance transform turns, scales uniformly and moves in x and y (docs/scenes.md)")
            }
            if transform.scale.x != transform.scale.y {
                report(JSONPointer.appending("scale", to: pointer), "an instance transform scales uniformly: give one number")
            }
        }
        replicator.instanceDelay = number(fields, "instanceDelay", default: 0, rule: .seconds)
        replicator.instanceColor = colorField(fields, "instanceColor", default: replicator.instanceColor, nullable: false)
            ?? replicator.instanceColor
        let offsetRule = NumberRule.range(-1 ... 1)
        replicator.offsets = (number(fields, "instanceRedOffset", default: 0, rule: offsetRule),
                              number(fields, "instanceGreenOffset", default: 0, rule: offsetRule),
                              number(fields, "instanceBlueOffset", default: 0, rule: offsetRule),
                              number(fields, "instanceAlphaOffset", default: 0, rule: offsetRule))
        return replicator
    }

    /// Reports a scene whose replicators would draw more instance entries than a snapshot holds
    /// (`Engine.replicaEntryCapacity`: every sublayer of every instance after the first, masks included).
    func checkReplicaEntries(_ layers: [LayerDescription]) {
        var extra = 0
        for layer in layers { extra += Self.copies(of: layer, multiplier: 1) - Self.size(of: layer) }
        guard extra > Engine.replicaEntryCapacity, let first = layers.first else { return }
        let count = extra >= Engine.replicaCopyLimit ? "more than \(Engine.replicaCopyLimit)" : "\(extra)"
        report(first.pointer, "the replicators draw \(count) instance layers; a frame holds \(Engine.replicaEntryCapacity)")
    }

    private static func copies(of layer: LayerDescription, multiplier: Int) -> Int {
        var total = multiplier + (layer.mask.map { copies(of: $0, multiplier: multiplier) } ?? 0)
        let instances = layer.replicator?.instanceCount ?? 1
        for sublayer in layer.sublayers {
            total += copies(of: sublayer, multiplier: Engine.replicaCopies(multiplier, times: instances))
        }
        return total
    }

    private static func size(of layer: LayerDescription) -> Int {
        layer.sublayers.reduce(1 + (layer.mask.map(size) ?? 0)) { $0 + size(of: $1) }
    }
}

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

    /// `animators`: `[{"key", "duration", "timingFunction", "changes": [{"layer": NAME, KEYPATH: VALUE, …}],
    /// "scrubsLinearly", "pausesOnCompletion"}]`.
    func decodeAnimators(_ node: JSONNode, at pointer: String, layers: [String: InteractionLayer]) -> [AnimatorDescription] {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of animators, found \(node.value.typeDescription)")
            return []
        }
        var animators: [AnimatorDescription] = []
        for (index, element) in elements.enumerated() {
            let elementPointer = JSONPointer.appending(index, to: pointer)
            guard let fields = object(element, at: elementPointer) else { continue }
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
            if let (node, pointer) = fields.take("timingFunction"), let function = timingFunction(node, at: pointer) {
                curve = function
            }
            var changes: [SceneChange] = []
            if let (node, pointer) = fields.take("changes") {
                if case .array(let entries) = node.value {
                    for (entryIndex, entry) in entries.enumerated() {
                        let entryPointer = JSONPointer.appending(entryIndex, to: pointer)
                        guard let entryFields = object(entry, at: entryPointer) else { continue }
                        guard let (layerNode, layerPointer) = entryFields.take("layer") else {
                            report(JSONPointer.appending("layer", to: entryPointer), "required field is missing (a layer's name)")
                            finishLoosely(entryFields)
                            continue
                        }
                        guard let name = string(layerNode, at: layerPointer) else { finishLoosely(entryFields); continue }
                        guard let layer = layers[name] else {
                            report(layerPointer, "no layer named \"\(name)\"")
                            finishLoosely(entryFields)
                            continue
                        }
                        changes += settings(entryFields, layer: name, kind: layer.kind)
                    }
                } else {
                    report(pointer, "expected an array of changes, found \(node.value.typeDescription)")
                }
            } else {
                report(JSONPointer.appending("changes", to: elementPointer), "required field is missing (what the animator changes)")
            }
            let scrubsLinearly = bool(fields, "scrubsLinearly", default: true)
            let pausesOnCompletion = bool(fields, "pausesOnCompletion", default: false)
            finish(fields)
            if let key {
                animators.append(AnimatorDescription(
                    pointer: elementPointer, key: key, duration: duration, timingFunction: curve, changes: changes,
                    scrubsLinearly: scrubsLinearly, pausesOnCompletion: pausesOnCompletion))
            }
        }
        return animators
    }

    /// The unused members of `fields` as key path settings of layer `layer` (of `kind`).
    func settings(_ fields: ObjectFields, layer: String, kind: LayerKind) -> [SceneChange] {
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
            if let value = value(member.value, at: memberPointer, for: keyPath, checkRange: true) {
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

/// The top-level `interactions`: `{"on", "layer", and one of "start", "set", "by", "scrub"}`.
extension SceneDecoder {
    func decodeInteractions(_ node: JSONNode, at pointer: String, layers: [String: InteractionLayer],
                            animators: [AnimatorDescription]) -> [InteractionDescription] {
        var interactions: [InteractionDescription] = []
        forEachObject(node, at: pointer, of: "interactions") { fields, elementPointer in
            let triggers = InteractionDescription.Trigger.allCases.map { $0.rawValue }
            var trigger: InteractionDescription.Trigger?
            if let (node, pointer) = fields.take("on") {
                trigger = choice(node, at: pointer, from: triggers).flatMap(InteractionDescription.Trigger.init(rawValue:))
            } else {
                report(JSONPointer.appending("on", to: elementPointer), "required field is missing (one of \"tap\", \"press\", \"release\", \"longPress\", \"pan\")")
            }
            var layerName: String?
            if let (node, pointer) = fields.take("layer"), let name = string(node, at: pointer) {
                if layers[name] != nil { layerName = name } else { report(pointer, "no layer named \"\(name)\"") }
            } else if !fields.has("layer") {
                report(JSONPointer.appending("layer", to: elementPointer), "required field is missing (the layer touched)")
            }
            let action = interactionAction(fields, trigger: trigger, layer: layerName, layers: layers, animators: animators)
            finish(fields)
            if let trigger, let layerName, let action {
                interactions.append(InteractionDescription(pointer: elementPointer, trigger: trigger, layer: layerName, action: action))
            }
        }
        return interactions
    }

    private func interactionAction(_ fields: ObjectFields, trigger: InteractionDescription.Trigger?, layer: String?,
                                   layers: [String: InteractionLayer], animators: [AnimatorDescription]) -> InteractionDescription.Action? {
        let given = ["start", "set", "by", "scrub"].filter { fields.has($0) }
        guard given.count == 1 else {
            report(fields.pointer, given.isEmpty ? "an interaction needs an action: \"start\", \"set\", \"by\" or \"scrub\""
                                                 : "give one action, not \(given.map { "\"\($0)\"" }.joined(separator: " and "))")
            for name in ["start", "set", "by", "scrub", "axis", "distance", "release"] { _ = fields.take(name) }
            return nil
        }
        if given[0] != "scrub" {
            for name in ["axis", "distance", "release"] where fields.has(name) {
                report(JSONPointer.appending(name, to: fields.pointer), "applies to \"scrub\" only")
                _ = fields.take(name)
            }
        }
        switch given[0] {
        case "start":
            return startAction(fields, layer: layer, layers: layers, animators: animators)
        case "set", "by":
            let deltas = given[0] == "by"
            guard let (node, pointer) = fields.take(given[0]), let values = object(node, at: pointer) else { return nil }
            guard let layer, let kind = layers[layer]?.kind else {
                for member in values.unusedMembers { _ = values.take(member.key) }
                return nil
            }
            let changes = settings(values, layer: layer, kind: kind, deltas: deltas)
            if changes.isEmpty && values.unusedMembers.isEmpty { report(pointer, deltas ? "changes nothing" : "sets nothing") }
            return deltas ? .changeBy(changes) : .set(changes)
        default:
            return scrubAction(fields, trigger: trigger, animators: animators)
        }
    }

    /// `"start": KEY` (the layer's animation with that key, else the animator) or `{"layer": NAME, "key": KEY}`.
    private func startAction(_ fields: ObjectFields, layer: String?, layers: [String: InteractionLayer],
                             animators: [AnimatorDescription]) -> InteractionDescription.Action? {
        guard let (node, pointer) = fields.take("start") else { return nil }
        if case .object = node.value {
            guard let target = object(node, at: pointer) else { return nil }
            var name: String?, key: String?
            if let (node, pointer) = target.take("layer") { name = string(node, at: pointer) } else {
                report(JSONPointer.appending("layer", to: pointer), "required field is missing")
            }
            if let (node, pointer) = target.take("key") { key = string(node, at: pointer) } else {
                report(JSONPointer.appending("key", to: pointer), "required field is missing")
            }
            finish(target)
            guard let name, let key else { return nil }
            guard let found = layers[name] else {
                report(JSONPointer.appending("layer", to: pointer), "no layer named \"\(name)\"")
                return nil
            }
            guard found.keys.contains(key) else {
                report(JSONPointer.appending("key", to: pointer), "layer \"\(name)\" has no animation with the key \"\(key)\"")
                return nil
            }
            return .startAnimation(layer: name, key: key)
        }
        guard let key = string(node, at: pointer) else { return nil }
        if let layer, layers[layer]?.keys.contains(key) == true { return .startAnimation(layer: layer, key: key) }
        if animators.contains(where: { $0.key == key }) { return .startAnimator(key: key) }
        if layer != nil {
            report(pointer, "neither the layer nor the animators have an animation with the key \"\(key)\"")
        }
        return nil
    }

    /// `"scrub": ANIMATOR, "axis": "x" | "y", "distance": POINTS,
    /// "release": "continue" | "reverse" | "nearest" | "stay"`.
    private func scrubAction(_ fields: ObjectFields, trigger: InteractionDescription.Trigger?,
                             animators: [AnimatorDescription]) -> InteractionDescription.Action? {
        guard let (node, pointer) = fields.take("scrub"), let key = string(node, at: pointer) else { return nil }
        var valid = true
        if let trigger, trigger != .pan {
            report(pointer, "only a \"pan\" scrubs an animator (this interaction is on \"\(trigger.rawValue)\")")
            valid = false
        }
        if !animators.contains(where: { $0.key == key }) {
            report(pointer, "no animator with the key \"\(key)\"")
            valid = false
        }
        let axis = choice(fields, "axis", default: "x", from: ["x", "y"])
        var distance = 200.0
        if let (node, pointer) = fields.take("distance"), let value = number(node, at: pointer, rule: .coordinate) {
            if value == 0 || abs(value) > Double(SceneLimits.maximumCanvasSide) * 4 {
                report(pointer, "must be a non-zero number of points within ±\(SceneLimits.maximumCanvasSide * 4) (\(formatNumber(value)))")
                valid = false
            } else {
                distance = value
            }
        }
        let release = ScrubRelease(rawValue: choice(fields, "release", default: "continue", from: ScrubRelease.allCases.map { $0.rawValue })) ?? .continue
        return valid ? .scrub(animator: key, vertical: axis == "y", distance: distance, release: release) : nil
    }
}

/// Decoding of animations (SCENE-FORMAT.md "Animation").
extension SceneDecoder {
    static let animationTypes = ["basic", "keyframe", "spring", "group", "transition"]

    func decodeAnimationArray(_ node: JSONNode, at pointer: String, layerKind: LayerKind, depth: Int) -> [AnimationDescription] {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of animations, found \(node.value.typeDescription)")
            return []
        }
        var animations: [AnimationDescription] = []
        for (index, element) in elements.enumerated() {
            let elementPointer = JSONPointer.appending(index, to: pointer)
            if let animation = decodeAnimation(element, at: elementPointer, layerKind: layerKind, depth: depth) {
                animations.append(animation)
            }
        }
        return animations
    }

    private func decodeAnimation(_ node: JSONNode, at pointer: String, layerKind: LayerKind, depth: Int) -> AnimationDescription? {
        guard depth <= SceneLimits.maximumDepth else {
            report(pointer, "animation groups nested deeper than \(SceneLimits.maximumDepth) levels")
            return nil
        }
        guard let fields = object(node, at: pointer) else { return nil }
        animationCount += 1
        var key: String?
        if let (keyNode, keyPointer) = fields.take("key") { key = string(keyNode, at: keyPointer) }
        guard let (typeNode, typePointer) = fields.take("type") else {
            report(JSONPointer.appending("type", to: pointer), "required field is missing (one of \"basic\", \"keyframe\", \"spring\", \"group\", \"transition\")")
            return nil
        }
        guard let type = choice(typeNode, at: typePointer, from: Self.animationTypes) else { return nil }
        let timing = decodeTiming(fields, isSpring: type == "spring")
        // Only a layer's own animations can wait for an interaction; a group child runs with its group.
        let autostart = depth == 1 ? bool(fields, "autostart", default: true) : true
        if !autostart && key == nil {
            report(JSONPointer.appending("autostart", to: pointer), "an animation that does not start by itself needs a \"key\" to be started by")
        }
        let content: AnimationContent?
        switch type {
        case "basic":
            content = decodeProperty(fields, layerKind: layerKind).map { .basic($0) }
        case "spring":
            let property = decodeProperty(fields, layerKind: layerKind, springOnly: true)
            let spring = decodeSpring(fields)
            content = property.map { .spring($0, spring) }
        case "keyframe":
            content = decodeKeyframe(fields, layerKind: layerKind).map { .keyframe($0) }
        case "group":
            content = decodeGroup(fields, layerKind: layerKind, depth: depth)
        default:
            content = decodeTransition(fields, layerKind: layerKind).map { .transition($0) }
        }
        finish(fields)
        guard let content else { return nil }
        return AnimationDescription(pointer: pointer, key: key, timing: timing, content: content, autostart: autostart)
    }

    /// The CAMediaTiming fields and timing function; a spring refuses a timing function (its motion is its
    /// own timing, as the engine refuses it too).
    private func decodeTiming(_ fields: ObjectFields, isSpring: Bool) -> SceneTiming {
        var timing = SceneTiming()
        timing.beginTime = number(fields, "beginTime", default: 0, rule: .seconds)
        timing.duration = optionalNumber(fields, "duration", rule: .positiveSeconds)
        timing.speed = number(fields, "speed", default: 1, rule: .range(-1000...1000))
        timing.timeOffset = number(fields, "timeOffset", default: 0, rule: .seconds)
        if let (node, pointer) = fields.take("repeatCount") {
            if case .string(let word) = node.value, word == "infinite" {
                timing.repeatCount = .infinity
            } else if case .string = node.value {
                report(pointer, "expected a number or \"infinite\", found a string")
            } else if let count = number(node, at: pointer, rule: .nonNegative(atMost: 1_000_000)) {
                timing.repeatCount = count
            }
        }
        timing.repeatDuration = number(fields, "repeatDuration", default: 0, rule: .nonNegativeSeconds)
        if timing.repeatCount > 0 && timing.repeatDuration > 0 {
            report(
                JSONPointer.appending("repeatDuration", to: fields.pointer),
                "give either repeatCount or repeatDuration, not both (Core Animation leaves the combination undefined)")
        }
        timing.autoreverses = bool(fields, "autoreverses", default: false)
        let fill = choice(fields, "fillMode", default: "removed", from: SceneFillMode.allCases.map { $0.rawValue })
        timing.fillMode = SceneFillMode(rawValue: fill) ?? .removed
        timing.removedOnCompletion = bool(fields, "removedOnCompletion", default: true)
        if let (node, pointer) = fields.take("timingFunction") {
            if isSpring {
                report(pointer, "a spring's motion is its own timing curve; give no timing function (it would be ignored)")
            } else if let function = timingFunction(node, at: pointer) {
                timing.timingFunction = function
            }
        }
        return timing
    }

    func timingFunction(_ node: JSONNode, at pointer: String) -> SceneTimingFunction? {
        if case .array = node.value {
            guard let values = numbers(node, at: pointer, count: 4, shape: "[c1x, c1y, c2x, c2y]") else { return nil }
            var valid = true
            for index in [0, 2] where !(0...1).contains(values[index]) {
                report(JSONPointer.appending(index, to: pointer),
                       "a control point's x must be between 0 and 1 (\(formatNumber(values[index])))")
                valid = false
            }
            for index in [1, 3] where abs(values[index]) > 100 {
                report(JSONPointer.appending(index, to: pointer), "must be within ±100 (\(formatNumber(values[index])))")
                valid = false
            }
            return valid ? .bezier(values[0], values[1], values[2], values[3]) : nil
        }
        return choice(node, at: pointer, from: SceneTimingFunction.names).map { .named($0) }
    }

    /// The key path of a property animation, checked against the layer kind (and, for springs, the value kind).
    func keyPath(_ fields: ObjectFields, layerKind: LayerKind, springOnly: Bool = false) -> SceneKeyPath? {
        guard let (node, pointer) = fields.take("keyPath") else {
            report(JSONPointer.appending("keyPath", to: fields.pointer), "required field is missing")
            return nil
        }
        guard let name = string(node, at: pointer) else { return nil }
        guard let keyPath = SceneKeyPath(rawValue: name) else {
            report(pointer, "unknown key path \"\(name)\"")
            return nil
        }
        if let owner = keyPath.ownerKind, owner != layerKind {
            report(pointer, "\"\(name)\" is a property of \(owner.rawValue) layers, and this layer is a \"\(layerKind.rawValue)\" layer")
            return nil
        }
        if springOnly, [.color, .path, .bool, .colors, .locations, .transform].contains(keyPath.valueKind) {
            report(pointer, "a spring animates numbers, points and rectangles; \"\(name)\" takes \(keyPath.valueKind.description)")
            return nil
        }
        return keyPath
    }

    private func decodeProperty(_ fields: ObjectFields, layerKind: LayerKind, springOnly: Bool = false) -> PropertyAnimationDescription? {
        let keyPath = keyPath(fields, layerKind: layerKind, springOnly: springOnly)
        let function = springOnly ? nil : valueFunction(fields, keyPath: keyPath)
        var values: [String: SceneValue] = [:]
        for name in ["from", "to", "by"] {
            guard let (node, pointer) = fields.take(name), let keyPath else { continue }
            let valuesOf = function?.valuesOf ?? keyPath
            if name == "by" && [.color, .path, .bool, .colors, .locations, .transform].contains(valuesOf.valueKind) {
                report(pointer, "\"by\" needs a numeric key path; \"\(keyPath.rawValue)\" takes \(keyPath.valueKind.description)")
                continue
            }
            if let value = value(node, at: pointer, for: valuesOf, checkRange: name != "by") { values[name] = value }
        }
        let (additive, cumulative) = relativeFlags(fields, keyPath: keyPath)
        guard let keyPath else { return nil }
        checkPerspectiveHolds(["from", "to"].compactMap { values[$0] }, at: fields.pointer)
        let given = ["from", "to", "by"].filter { fields.has($0) }
        if given.isEmpty {
            report(fields.pointer, "needs at least one of \"from\", \"to\", \"by\"")
        } else if given.count == 3 {
            report(JSONPointer.appending("by", to: fields.pointer), "give at most two of \"from\", \"to\", \"by\"")
        }
        if case .path(let from)? = values["from"], case .path(let to)? = values["to"], !from.hasSameStructure(as: to) {
            report(JSONPointer.appending("to", to: fields.pointer), "a path animates only into a path with the same commands as \"from\" (only a \"discrete\" keyframe animation switches between different paths)")
        }
        guard !given.isEmpty, given.count < 3, values.count == given.count else { return nil }
        return PropertyAnimationDescription(
            keyPath: keyPath, from: values["from"], to: values["to"], by: values["by"], additive: additive,
            cumulative: cumulative, valueFunction: function?.name)
    }

    /// Reports transform values whose perspectives differ (the engine does not animate a perspective).
    func checkPerspectiveHolds(_ values: [SceneValue], at pointer: String) {
        let perspectives = values.compactMap { value -> Double? in
            if case .transform(let transform) = value { return transform.perspective ?? 0 }
            return nil
        }
        guard let first = perspectives.first, perspectives.contains(where: { $0 != first }) else { return }
        report(pointer, "the transform's perspective does not animate: give every value the same one (or none)")
    }

    /// `valueFunction` (`CAValueFunction`, with the key path `transform` only): its name and the key path whose
    /// values it takes (`rotateZ` takes `transform.rotation`'s numbers, `translate` `transform.translation`'s pairs).
    func valueFunction(_ fields: ObjectFields, keyPath: SceneKeyPath?) -> (name: String, valuesOf: SceneKeyPath)? {
        let functions: [(String, SceneKeyPath)] = [
            ("rotateX", .rotationX), ("rotateY", .rotationY), ("rotateZ", .rotation), ("scale", .scale), ("scaleX", .scaleX),
            ("scaleY", .scaleY), ("scaleZ", .scaleZ), ("translate", .translation), ("translateX", .translationX),
            ("translateY", .translationY), ("translateZ", .translationZ),
        ]
        guard let (node, pointer) = fields.take("valueFunction") else { return nil }
        guard let name = choice(node, at: pointer, from: functions.map { $0.0 }) else { return nil }
        guard keyPath == .transform else {
            if let keyPath { report(pointer, "a value function makes a transform: give it with \"keyPath\": \"transform\", not \"\(keyPath.rawValue)\"") }
            return nil
        }
        return functions.first { $0.0 == name }.map { ($0.0, $0.1) }
    }

    /// `additive` and `cumulative` (default false); refused for a gradient's `colors` and `locations`, lists
    /// that have no relative change.
    func relativeFlags(_ fields: ObjectFields, keyPath: SceneKeyPath?) -> (additive: Bool, cumulative: Bool) {
        let flags = (additive: bool(fields, "additive", default: false), cumulative: bool(fields, "cumulative", default: false))
        if let keyPath, [.colors, .locations].contains(keyPath.valueKind) {
            for (name, isSet) in [("additive", flags.additive), ("cumulative", flags.cumulative)] where isSet {
                report(JSONPointer.appending(name, to: fields.pointer),
                       "gradient stops have no relative change: \"\(keyPath.rawValue)\" cannot be \(name)")
            }
        }
        return flags
    }

    private func decodeSpring(_ fields: ObjectFields) -> SpringParameters {
        var spring = SpringParameters()
        spring.mass = number(fields, "mass", default: 1, rule: .positive(atMost: 10_000))
        spring.stiffness = number(fields, "stiffness", default: 100, rule: .positive(atMost: 1_000_000))
        spring.damping = number(fields, "damping", default: 10, rule: .nonNegative(atMost: 100_000))
        spring.initialVelocity = number(fields, "initialVelocity", default: 0, rule: .range(-10_000...10_000))
        return spring
    }

    private func decodeGroup(_ fields: ObjectFields, layerKind: LayerKind, depth: Int) -> AnimationContent? {
        guard let (node, pointer) = fields.take("animations") else {
            report(JSONPointer.appending("animations", to: fields.pointer), "required field is missing for a group")
            return nil
        }
        return .group(decodeAnimationArray(node, at: pointer, layerKind: layerKind, depth: depth + 1))
    }

    private func decodeTransition(_ fields: ObjectFields, layerKind: LayerKind) -> TransitionDescription? {
        var transition = TransitionDescription()
        transition.transitionType = choice(fields, "transitionType", default: "fade", from: ["fade", "moveIn", "push", "reveal", "oglFlip", "cube", "pageCurl", "pageUnCurl", "rippleEffect", "suckEffect", "cameraIris"])
        if let (node, pointer) = fields.take("subtype") {
            transition.subtype = choice(node, at: pointer, from: ["fromLeft", "fromRight", "fromTop", "fromBottom"])
        }
        transition.startProgress = number(fields, "startProgress", default: 0, rule: .unit)
        transition.endProgress = number(fields, "endProgress", default: 1, rule: .unit)
        if transition.endProgress < transition.startProgress {
            report(JSONPointer.appending("endProgress", to: fields.pointer),
                   "must not be below startProgress (\(formatNumber(transition.endProgress)) < \(formatNumber(transition.startProgress)))")
        }
        if let (node, pointer) = fields.take("to"), let changeFields = object(node, at: pointer) {
            if let (image, gravity) = decodeTransitionImage(changeFields, layerKind: layerKind) {
                transition.image = image
                transition.imageGravity = gravity
            }
            for member in changeFields.unusedMembers {
                let memberPointer = JSONPointer.appending(member.key, to: pointer)
                guard let keyPath = SceneKeyPath(rawValue: member.key), !member.key.contains(".") else {
                    report(memberPointer, "not a layer property a transition can set")
                    continue
                }
                if let owner = keyPath.ownerKind, owner != layerKind {
                    report(memberPointer, "\"\(member.key)\" is a property of \(owner.rawValue) layers, and this layer is a \"\(layerKind.rawValue)\" layer")
                    continue
                }
                _ = changeFields.take(member.key)
                if let value = value(member.value, at: memberPointer, for: keyPath, checkRange: true) {
                    transition.changes.append((keyPath, value))
                }
            }
        }
        return transition
    }

    /// One animation value of the kind `keyPath` takes.
    func value(_ node: JSONNode, at pointer: String, for keyPath: SceneKeyPath, checkRange: Bool) -> SceneValue? {
        switch keyPath.valueKind {
        case .scalar:
            let rule = checkRange ? keyPath.scalarRange.map { NumberRule.range($0) } ?? .coordinate : .coordinate
            return number(node, at: pointer, rule: rule).map { .scalar($0) }
        case .pair:
            return pair(node, at: pointer, rule: .coordinate).map { .pair($0.x, $0.y) }
        case .rect:
            return rect(node, at: pointer).map { .rect($0) }
        case .color:
            return color(node, at: pointer, nullable: true).map { .color($0) }
        case .path:
            return pathData(node, at: pointer).map { .path($0) }
        case .colors:
            return animatedGradientColors(node, at: pointer).map { .colors($0) }
        case .locations:
            return gradientLocations(node, at: pointer, count: animatedStopCount).map { .locations($0) }
        case .transform:
            return decodeTransform(node, at: pointer).map { .transform($0) }
        case .bool:
            guard case .bool(let flag) = node.value else {
                report(pointer, "\"\(keyPath.rawValue)\" takes a boolean, found \(node.value.typeDescription)")
                return nil
            }
            return .bool(flag)
        }
    }
}

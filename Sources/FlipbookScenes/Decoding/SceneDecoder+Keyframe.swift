import Flipbook

/// Decoding of keyframe animations and their rules (SEMANTICS.md §4).
extension SceneDecoder {
    static let calculationModes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]

    func decodeKeyframe(_ fields: ObjectFields, layerKind: LayerKind) -> KeyframeDescription? {
        let keyPath = keyPath(fields, layerKind: layerKind)
        let function = valueFunction(fields, keyPath: keyPath)
        let mode = choice(fields, "calculationMode", default: "linear", from: Self.calculationModes)
        let (additive, cumulative) = relativeFlags(fields, keyPath: keyPath)
        guard let keyPath else {
            for key in ["values", "path", "keyTimes", "timingFunctions", "tensionValues", "continuityValues", "biasValues", "rotationMode"] {
                _ = fields.take(key)
            }
            return nil
        }
        var keyframes = KeyframeDescription(keyPath: keyPath, values: [], calculationMode: mode)
        keyframes.additive = additive
        keyframes.cumulative = cumulative
        keyframes.valueFunction = function?.name
        guard decodeKeyframeValues(fields, into: &keyframes, valuesOf: function?.valuesOf ?? keyPath) else { return nil }
        checkPerspectiveHolds(keyframes.values, at: fields.pointer)
        let count = keyframes.values.count
        keyframes.keyTimes = decodeKeyTimes(fields, mode: mode, valueCount: count)
        keyframes.timingFunctions = decodeSegmentFunctions(fields, mode: mode, valueCount: count)
        let cubic = mode == "cubic" || mode == "cubicPaced"
        keyframes.tensionValues = decodeSplineParameters(fields, "tensionValues", cubic: cubic, valueCount: count)
        keyframes.continuityValues = decodeSplineParameters(fields, "continuityValues", cubic: cubic, valueCount: count)
        keyframes.biasValues = decodeSplineParameters(fields, "biasValues", cubic: cubic, valueCount: count)
        if let (node, pointer) = fields.take("rotationMode") {
            if keyframes.path == nil {
                report(pointer, "only applies to an animation along a \"path\"")
            } else {
                keyframes.rotationMode = choice(node, at: pointer, from: ["auto", "autoReverse"])
            }
        }
        return keyframes
    }

    /// Reads `values` or `path` (exactly one); `false` when neither gives usable keyframes.
    private func decodeKeyframeValues(_ fields: ObjectFields, into keyframes: inout KeyframeDescription,
                                      valuesOf: SceneKeyPath) -> Bool {
        let valuesEntry = fields.take("values")
        let pathEntry = fields.take("path")
        if let (_, pointer) = pathEntry, valuesEntry != nil {
            report(pointer, "give either \"values\" or \"path\", not both")
            return false
        }
        if let (node, pointer) = pathEntry {
            guard keyframes.keyPath == .position else {
                report(pointer, "a motion path animates \"position\" only (the key path is \"\(keyframes.keyPath.rawValue)\")")
                return false
            }
            guard let path = pathData(node, at: pointer) else { return false }
            keyframes.path = path
            let motion = path.motion
            keyframes.values = motion.points.map { .pair($0.x, $0.y) }
            if motion.hasCurves && (keyframes.calculationMode == "cubic" || keyframes.calculationMode == "cubicPaced") {
                report(pointer, Engine.curvedPathCubicRule)
                return false
            }
            if motion.controls.count > SceneLimits.maximumKeyframes {
                report(pointer, "\(motion.controls.count) segments, more than the limit of \(SceneLimits.maximumKeyframes)")
                return false
            }
            return true
        }
        guard let (node, pointer) = valuesEntry else {
            report(JSONPointer.appending("values", to: fields.pointer), "required field is missing (or give a \"path\")")
            return false
        }
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of values, found \(node.value.typeDescription)")
            return false
        }
        guard checkKeyframeCount(elements.count, at: pointer) else { return false }
        var values: [SceneValue] = []
        for (index, element) in elements.enumerated() {
            let elementPointer = JSONPointer.appending(index, to: pointer)
            if let value = value(element, at: elementPointer, for: valuesOf, checkRange: !keyframes.additive) {
                values.append(value)
            }
        }
        guard values.count == elements.count else { return false }
        // One rule for every path animation: interpolation needs the same commands; discrete steps switch.
        if case .path(let first) = values[0], keyframes.calculationMode != "discrete" {
            for (index, value) in values.enumerated() {
                if case .path(let other) = value, !other.hasSameStructure(as: first) {
                    report(JSONPointer.appending(index, to: pointer), "a path keyframe must have the same commands as the first (only a \"discrete\" animation switches between different paths)")
                    return false
                }
            }
        }
        keyframes.values = values
        return true
    }

    private func checkKeyframeCount(_ count: Int, at pointer: String) -> Bool {
        if count == 0 {
            report(pointer, "needs at least one keyframe")
            return false
        }
        if count > SceneLimits.maximumKeyframes {
            report(pointer, "\(count) keyframes, more than the limit of \(SceneLimits.maximumKeyframes)")
            return false
        }
        return true
    }

    private func decodeKeyTimes(_ fields: ObjectFields, mode: String, valueCount: Int) -> [Double]? {
        guard let (node, pointer) = fields.take("keyTimes") else { return nil }
        if mode == "paced" || mode == "cubicPaced" {
            report(pointer, "has no effect in \"\(mode)\" mode (the times follow the distances); remove it")
            return nil
        }
        guard let times = numberList(node, at: pointer, rule: .unit) else { return nil }
        let expected = mode == "discrete" ? valueCount + 1 : valueCount
        var valid = true
        if times.count != expected {
            let rule = mode == "discrete" ? "one more entry than values in \"discrete\" mode" : "one entry per value"
            report(pointer, "needs \(rule) (\(expected)), found \(times.count)")
            valid = false
        }
        for index in times.indices.dropFirst() where times[index] < times[index - 1] {
            report(pointer, "must be non-decreasing (\(formatNumber(times[index])) after \(formatNumber(times[index - 1])))")
            valid = false
        }
        if let first = times.first, first != 0 {
            report(JSONPointer.appending(0, to: pointer), "the first key time must be 0 (\(formatNumber(first)))")
            valid = false
        }
        if let last = times.last, last != 1, times.count > 1 {
            report(JSONPointer.appending(times.count - 1, to: pointer), "the last key time must be 1 (\(formatNumber(last)))")
            valid = false
        }
        return valid ? times : nil
    }

    private func decodeSegmentFunctions(_ fields: ObjectFields, mode: String, valueCount: Int) -> [SceneTimingFunction] {
        guard let (node, pointer) = fields.take("timingFunctions") else { return [] }
        if mode != "linear" && mode != "cubic" {
            report(pointer, "has no effect in \"\(mode)\" mode; remove it")
            return []
        }
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of timing functions, found \(node.value.typeDescription)")
            return []
        }
        if elements.count != valueCount - 1 {
            report(pointer, "needs one timing function per segment (\(valueCount - 1)), found \(elements.count)")
        }
        var functions: [SceneTimingFunction] = []
        for (index, element) in elements.enumerated() {
            if let function = timingFunction(element, at: JSONPointer.appending(index, to: pointer)) {
                functions.append(function)
            }
        }
        return functions
    }

    private func decodeSplineParameters(_ fields: ObjectFields, _ key: String, cubic: Bool, valueCount: Int) -> [Double] {
        guard let (node, pointer) = fields.take(key) else { return [] }
        guard cubic else {
            report(pointer, "only applies in \"cubic\" and \"cubicPaced\" modes")
            return []
        }
        guard let values = numberList(node, at: pointer, rule: .range(-1...1)) else { return [] }
        if values.count != valueCount {
            report(pointer, "needs one entry per value (\(valueCount)), found \(values.count)")
            return []
        }
        return values
    }

    /// An array of numbers of any length, each checked by `rule`.
    private func numberList(_ node: JSONNode, at pointer: String, rule: NumberRule) -> [Double]? {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of numbers, found \(node.value.typeDescription)")
            return nil
        }
        var numbers: [Double] = []
        for (index, element) in elements.enumerated() {
            if let value = number(element, at: JSONPointer.appending(index, to: pointer), rule: rule) { numbers.append(value) }
        }
        return numbers.count == elements.count ? numbers : nil
    }
}

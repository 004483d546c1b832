/// Readers for JSON values of each kind the format uses. Each reports a problem and returns `nil` on bad input.
extension SceneDecoder {
    /// The members of an object, or a problem when `node` is not an object. Duplicate keys are problems too.
    func object(_ node: JSONNode, at pointer: String) -> ObjectFields? {
        guard case .object(let members) = node.value else {
            report(pointer, "expected an object, found \(node.value.typeDescription)")
            return nil
        }
        let fields = ObjectFields(members: members, pointer: pointer)
        for (member, first) in fields.duplicateMembers {
            report(JSONPointer.appending(member.key, to: pointer), "duplicate key (first at line \(first.line), column \(first.column))")
        }
        return fields
    }

    /// Reports every member of `fields` that no reader took.
    func finish(_ fields: ObjectFields) {
        for member in fields.unusedMembers {
            report(JSONPointer.appending(member.key, to: fields.pointer), "unknown field")
        }
    }

    func number(_ node: JSONNode, at pointer: String) -> Double? {
        guard case .number(let value) = node.value else {
            report(pointer, "expected a number, found \(node.value.typeDescription)")
            return nil
        }
        return value
    }

    func number(_ node: JSONNode, at pointer: String, rule: NumberRule) -> Double? {
        guard let value = number(node, at: pointer) else { return nil }
        if let violation = rule.violation(value) {
            report(pointer, violation)
            return nil
        }
        return value
    }

    /// A fixed-length array of numbers, e.g. `[x, y]`, each checked by `rule` when one is given; `mismatch`
    /// words a wrong length (from the length found) where "expected <shape>" would not say enough.
    func numbers(
        _ node: JSONNode, at pointer: String, count: Int, shape: String, rule: NumberRule? = nil,
        mismatch: ((Int) -> String)? = nil
    ) -> [Double]? {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected \(shape), found \(node.value.typeDescription)")
            return nil
        }
        guard elements.count == count else {
            report(pointer, mismatch?(elements.count) ?? "expected \(shape), found an array of \(elements.count) elements")
            return nil
        }
        var values: [Double] = []
        for (index, element) in elements.enumerated() {
            let elementPointer = JSONPointer.appending(index, to: pointer)
            let value = rule.map { number(element, at: elementPointer, rule: $0) } ?? number(element, at: elementPointer)
            if let value { values.append(value) }
        }
        return values.count == count ? values : nil
    }

    func optionalNumber(_ fields: ObjectFields, _ key: String, rule: NumberRule) -> Double? {
        guard let (node, pointer) = fields.take(key) else { return nil }
        return number(node, at: pointer, rule: rule)
    }

    func number(_ fields: ObjectFields, _ key: String, default defaultValue: Double, rule: NumberRule) -> Double {
        optionalNumber(fields, key, rule: rule) ?? defaultValue
    }

    func bool(_ fields: ObjectFields, _ key: String, default defaultValue: Bool) -> Bool {
        guard let (node, pointer) = fields.take(key) else { return defaultValue }
        guard case .bool(let value) = node.value else {
            report(pointer, "expected a boolean, found \(node.value.typeDescription)")
            return defaultValue
        }
        return value
    }

    func string(_ node: JSONNode, at pointer: String) -> String? {
        guard case .string(let value) = node.value else {
            report(pointer, "expected a string, found \(node.value.typeDescription)")
            return nil
        }
        return value
    }

    /// One of a fixed set of names.
    func choice(_ fields: ObjectFields, _ key: String, default defaultValue: String, from options: [String]) -> String {
        guard let (node, pointer) = fields.take(key) else { return defaultValue }
        return choice(node, at: pointer, from: options) ?? defaultValue
    }

    func choice(_ node: JSONNode, at pointer: String, from options: [String]) -> String? {
        guard let value = string(node, at: pointer) else { return nil }
        guard options.contains(value) else {
            let list = options.map { "\"\($0)\"" }.joined(separator: ", ")
            report(pointer, "must be one of \(list) (found \"\(value)\")")
            return nil
        }
        return value
    }

    /// A colour, or `nil` for JSON `null` when `nullable`.
    func color(_ node: JSONNode, at pointer: String, nullable: Bool) -> SceneColor?? {
        switch node.value {
        case .null where nullable:
            return .some(nil)
        case .string(let text):
            if let color = SceneColor(hex: text) { return .some(color) }
            report(pointer, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", found \"\(text)\"")
            return nil
        default:
            let expected = nullable ? "a colour \"#rrggbb\", \"#rrggbbaa\" or null" : "a colour \"#rrggbb\" or \"#rrggbbaa\""
            report(pointer, "expected \(expected), found \(node.value.typeDescription)")
            return nil
        }
    }

    func colorField(_ fields: ObjectFields, _ key: String, default defaultValue: SceneColor?, nullable: Bool) -> SceneColor? {
        guard let (node, pointer) = fields.take(key) else { return defaultValue }
        guard let color = color(node, at: pointer, nullable: nullable) else { return defaultValue }
        return color
    }

    func pair(_ fields: ObjectFields, _ key: String, default defaultValue: ScenePoint, rule: NumberRule) -> ScenePoint {
        guard let (node, pointer) = fields.take(key) else { return defaultValue }
        return pair(node, at: pointer, rule: rule) ?? defaultValue
    }

    func pair(_ node: JSONNode, at pointer: String, rule: NumberRule) -> ScenePoint? {
        guard let values = numbers(node, at: pointer, count: 2, shape: "[x, y]") else { return nil }
        return checked(values, at: pointer, rules: [rule, rule]).map { ScenePoint(x: $0[0], y: $0[1]) }
    }

    func rect(_ node: JSONNode, at pointer: String) -> SceneRect? {
        guard let values = numbers(node, at: pointer, count: 4, shape: "[x, y, w, h]") else { return nil }
        return checked(values, at: pointer, rules: [.coordinate, .coordinate, .length, .length]).map {
            SceneRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
        }
    }

    /// Applies one rule per element, reporting each violation at the element's pointer.
    private func checked(_ values: [Double], at pointer: String, rules: [NumberRule]) -> [Double]? {
        var valid = true
        for (index, value) in values.enumerated() {
            if let violation = rules[index].violation(value) {
                report(JSONPointer.appending(index, to: pointer), violation)
                valid = false
            }
        }
        return valid ? values : nil
    }

    /// SVG path data, within the path-point limit.
    func pathData(_ node: JSONNode, at pointer: String) -> ScenePath? {
        guard let text = string(node, at: pointer) else { return nil }
        let path: ScenePath
        do {
            path = try ScenePath.parse(svg: text, pointLimit: SceneLimits.maximumPathPoints)
        } catch {
            report(pointer, "bad path data at byte \(error.position): \(error.message)")
            return nil
        }
        for command in path.commands {
            if let violation = Self.coordinateViolation(in: command) {
                report(pointer, "path coordinate \(violation)")
                return nil
            }
        }
        return path
    }

    private static func coordinateViolation(in command: ScenePath.Command) -> String? {
        for point in command.points {
            if let violation = NumberRule.coordinate.violation(point.x) ?? NumberRule.coordinate.violation(point.y) {
                return violation
            }
        }
        return nil
    }
}

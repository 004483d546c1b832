/// Decoding of custom-drawn layers (`kind: "custom"`): the `custom` values and the `draw` commands; every
/// problem is reported at the field.
extension SceneDecoder {
    static let customDrawingKeys = ["custom", "draw"]

    func decodeCustomDrawing(_ fields: ObjectFields, kind: LayerKind) -> CustomDrawingDescription? {
        guard kind == .custom else {
            for key in SceneDecoder.customDrawingKeys {
                if let (_, pointer) = fields.take(key) { report(pointer, "only a \"custom\" layer has this field") }
            }
            return nil
        }
        var drawing = CustomDrawingDescription()
        if let (node, pointer) = fields.take("custom") {
            if case .array(let elements) = node.value, (1...4).contains(elements.count) {
                for (index, element) in elements.enumerated() {
                    if let value = number(element, at: JSONPointer.appending(index, to: pointer), rule: .coordinate) {
                        drawing.customValues[index] = value
                    }
                }
            } else {
                report(pointer, "expected an array of 1 to 4 numbers (the values of custom.0 … custom.3)")
            }
        }
        if let (node, pointer) = fields.take("draw") {
            guard case .array(let elements) = node.value else {
                report(pointer, "expected an array of draw commands, found \(node.value.typeDescription)")
                return drawing
            }
            if elements.count > SceneLimits.maximumDrawCommands {
                report(pointer, "more than \(SceneLimits.maximumDrawCommands) draw commands (\(elements.count))")
            }
            for (index, element) in elements.prefix(SceneLimits.maximumDrawCommands).enumerated() {
                guard let commandFields = object(element, at: JSONPointer.appending(index, to: pointer)) else { continue }
                if let command = decodeDrawCommand(commandFields) { drawing.commands.append(command) }
            }
        }
        return drawing
    }

    /// `{"path" | "rect", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin",
    /// "strokeEnd", "rotation", "center"}`.
    private func decodeDrawCommand(_ fields: ObjectFields) -> DrawCommand? {
        var outline: ScenePath?
        let hasPath = fields.has("path")
        if let (node, pointer) = fields.take("path") { outline = pathData(node, at: pointer) }
        if let (node, pointer) = fields.take("rect") {
            if hasPath {
                report(pointer, "give either \"path\" or \"rect\", not both")
            } else if let rect = rect(node, at: pointer) {
                outline = ScenePath(commands: [
                    .move(ScenePoint(x: rect.x, y: rect.y)), .line(ScenePoint(x: rect.x + rect.width, y: rect.y)),
                    .line(ScenePoint(x: rect.x + rect.width, y: rect.y + rect.height)),
                    .line(ScenePoint(x: rect.x, y: rect.y + rect.height)), .close,
                ])
            }
        } else if !hasPath {
            report(JSONPointer.appending("path", to: fields.pointer), "required field is missing (the outline: \"path\" or \"rect\")")
        }
        let fill = colorField(fields, "fillColor", default: nil, nullable: true)
        let stroke = colorField(fields, "strokeColor", default: nil, nullable: true)
        if fill == nil && stroke == nil && !fields.has("fillColor") && !fields.has("strokeColor") {
            report(fields.pointer, "a draw command needs a \"fillColor\" or a \"strokeColor\"")
        }
        var command = DrawCommand(path: outline ?? ScenePath(commands: []), fillColor: fill, strokeColor: stroke)
        command.evenOddFill = choice(fields, "fillRule", default: "nonZero", from: ["nonZero", "evenOdd"]) == "evenOdd"
        command.lineWidth = number(fields, "lineWidth", default: 1, rule: .length)
        command.lineCap = choice(fields, "lineCap", default: "butt", from: ["butt", "round", "square"])
        command.lineJoin = choice(fields, "lineJoin", default: "miter", from: ["miter", "round", "bevel"])
        command.strokeEnd = amount(fields, "strokeEnd", default: 1, rule: .unit)
        command.rotation = amount(fields, "rotation", default: 0, rule: .range(-1000...1000))
        command.center = pair(fields, "center", default: .zero, rule: .coordinate)
        finish(fields)
        return outline == nil ? nil : command
    }

    /// A number under `rule`, or `"custom.0"` … `"custom.3"`.
    private func amount(_ fields: ObjectFields, _ key: String, default defaultValue: Double, rule: NumberRule) -> DrawAmount {
        guard let (node, pointer) = fields.take(key) else { return .number(defaultValue) }
        if case .string(let name) = node.value {
            if let index = ["custom.0", "custom.1", "custom.2", "custom.3"].firstIndex(of: name) { return .custom(index) }
            report(pointer, "expected a number or one of \"custom.0\" … \"custom.3\", found \"\(name)\"")
            return .number(defaultValue)
        }
        return number(node, at: pointer, rule: rule).map { .number($0) } ?? .number(defaultValue)
    }
}

/// Writes JSON text in one consistent style: two-space indentation, members in their order, and any array or
/// object that fits in `lineWidth` characters kept on one line. Numbers print in their shortest form.
public enum JSONFormatter {
    /// The formatted text of `node` (no trailing newline).
    public static func format(_ node: JSONNode, lineWidth: Int = 110) -> String {
        format(node.value, indent: 0, column: 0, lineWidth: lineWidth)
    }

    /// `value` written at `column` on a line indented by `indent`.
    private static func format(_ value: JSONValue, indent: Int, column: Int, lineWidth: Int) -> String {
        let inline = compact(value)
        if column + inline.count <= lineWidth { return inline }
        let inner = String(repeating: " ", count: indent + 2)
        let closing = String(repeating: " ", count: indent)
        switch value {
        case .array(let elements):
            let lines = elements.map { inner + format($0.value, indent: indent + 2, column: indent + 2, lineWidth: lineWidth) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let members):
            let lines = members.map { member in
                let key = quoted(member.key) + ": "
                return inner + key + format(member.value.value, indent: indent + 2, column: indent + 2 + key.count, lineWidth: lineWidth)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + closing + "}"
        default:
            return inline
        }
    }

    /// The value on one line, with a space after each comma and colon.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): numberText(number)
        case .string(let text): quoted(text)
        case .array(let elements): "[" + elements.map { compact($0.value) }.joined(separator: ", ") + "]"
        case .object(let members):
            members.isEmpty ? "{}" : "{ " + members.map { quoted($0.key) + ": " + compact($0.value.value) }.joined(separator: ", ") + " }"
        }
    }

    private static func numberText(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Builds JSON pointers (RFC 6901): `~` is written `~0` and `/` is written `~1`.
enum JSONPointer {
    /// The pointer of member `key` inside the value at `parent`.
    static func appending(_ key: String, to parent: String) -> String {
        var escaped = ""
        for character in key {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return parent + "/" + escaped
    }

    /// The pointer of element `index` inside the array at `parent`.
    static func appending(_ index: Int, to parent: String) -> String {
        parent + "/" + String(index)
    }
}

/// Formats a number for a message: integers without a fraction (`5000`), others as Swift prints them (`0.5`).
func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// Number and path formatting for demo scenes.
enum DemoText {
    /// A number with at most three decimals and no trailing zeros (`12`, `0.125`, `-3.5`).
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = "\(rounded)"
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A JSON array of numbers.
    static func array(_ values: [Double]) -> String {
        "[" + values.map(number).joined(separator: ", ") + "]"
    }

    /// A JSON array of strings (for path keyframes).
    static func strings(_ values: [String]) -> String {
        "[\n" + values.map { "        \"\($0)\"" }.joined(separator: ",\n") + "\n      ]"
    }

    /// Degrees to radians.
    static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}

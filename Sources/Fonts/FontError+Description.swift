/// Messages for people: the table, the offset and the rule, e.g. `table 'glyf' at offset 1234: truncated`.
extension FontError: CustomStringConvertible {
    /// One line naming what could not be read and where.
    public var description: String {
        switch self {
        case .missingTable(let tag): "the required table '\(tag.text)' is missing"
        case .truncated(let table, let offset): "table '\(table.text)' at offset \(offset): truncated"
        case .malformed(let table, let offset, let problem):
            "table '\(table.text)' at offset \(offset): \(problem.text)"
        case .fontIndexOutOfRange(let index, let count): "font \(index) of a collection of \(count)"
        case .glyphOutOfRange(let glyph, let count): "glyph \(glyph) of \(count)"
        case .path: "an outline coordinate is out of range"
        }
    }
}

extension FontError.Problem {
    /// The rule broken, in words.
    var text: String {
        switch self {
        case .unknownVersion: "unknown version"
        case .unsupportedFormat: "unsupported format"
        case .offsetOutside: "an offset points outside the table"
        case .inconsistentCount: "a count contradicts another field"
        case .compositeTooDeep: "composite glyphs nest too deep (a loop?)"
        case .tooManyComponents: "too many composite components"
        case .pointMatchingComponent: "a composite component placed by point matching"
        case .subroutineTooDeep: "charstring subroutines nest too deep (a loop?)"
        case .stackOverflow: "charstring operand stack overflow"
        case .stackUnderflow: "charstring operand stack underflow"
        case .unknownOperator: "unknown charstring operator"
        case .badCharstring: "malformed charstring"
        case .coordinateOverflow: "a coordinate overflows"
        }
    }
}

extension FontTag {
    /// The four characters (non-printable bytes as `?`).
    var text: String {
        var result = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: value >> UInt32(shift))
            result.append(Character(Unicode.Scalar(byte >= 0x20 && byte < 0x7F ? byte : UInt8(ascii: "?"))))
        }
        return result
    }
}

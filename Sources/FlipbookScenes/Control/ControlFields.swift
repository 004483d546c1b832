/// The top-level members of a command object: where each known field's value starts in the line. Scanning
/// checks the whole line's JSON syntax, and refuses unknown and repeated fields.
struct ControlFields {
    /// The fields commands know; the first seven name a command.
    enum Field: Int {
        case set, add, remove, start, progress, message, quit
        case values, duration, timingFunction, animation, key, retain

        var name: StaticString {
            switch self {
            case .set: "set"
            case .add: "add"
            case .remove: "remove"
            case .start: "start"
            case .progress: "progress"
            case .message: "message"
            case .quit: "quit"
            case .values: "values"
            case .duration: "duration"
            case .timingFunction: "timingFunction"
            case .animation: "animation"
            case .key: "key"
            case .retain: "retain"
            }
        }

        /// Every field, without the array `allCases` would allocate.
        static func each(_ body: (Field) throws(ControlError) -> Void) throws(ControlError) {
            var raw = 0
            while let field = Field(rawValue: raw) {
                try body(field)
                raw += 1
            }
        }

        var namesCommand: Bool { rawValue <= Field.quit.rawValue }

        /// The command this field belongs to, for a field that is not a command.
        var owner: Field {
            switch self {
            case .values, .duration, .timingFunction: .set
            case .animation: .add
            case .key: .remove
            case .retain: .quit
            default: self
            }
        }
    }

    /// Value offsets by `Field.rawValue` (−1: absent).
    private var offsets: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

    /// Scans the object on `scanner`'s line up to the end of the line.
    init(scanning scanner: inout ControlScanner) throws(ControlError) {
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "{"), !scanner.atEnd else {
            if scanner.atEnd { throw scanner.fail("a command object") }
            try scanner.skipValue()
            scanner.skipSpace()
            guard scanner.atEnd else { throw scanner.fail("the end of the line") }
            throw .notAnObject
        }
        scanner.index += 1
        if !scanner.take(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.string()
                try scanner.expect(UInt8(ascii: ":"), "':' after a key")
                scanner.skipSpace()
                var field: Field?
                try Field.each { candidate throws(ControlError) in
                    if scanner.raw(key, equals: candidate.name) { field = candidate }
                }
                let start = scanner.index
                try scanner.skipValue()
                guard let field else { throw .unknownField(key) }
                guard offset(of: field) == nil else { throw .duplicateField(key) }
                setOffset(start, of: field)
            } while scanner.take(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
        }
        scanner.skipSpace()
        guard scanner.atEnd else { throw scanner.fail("the end of the line") }
    }

    /// Where `field`'s value starts, when present.
    func offset(of field: Field) -> Int? {
        let value = withUnsafeBytes(of: offsets) { $0.load(fromByteOffset: field.rawValue * MemoryLayout<Int>.stride, as: Int.self) }
        return value >= 0 ? value : nil
    }

    private mutating func setOffset(_ offset: Int, of field: Field) {
        withUnsafeMutableBytes(of: &offsets) {
            $0.storeBytes(of: offset, toByteOffset: field.rawValue * MemoryLayout<Int>.stride, as: Int.self)
        }
    }

    /// The one command field present (nil: none).
    ///
    /// - Throws: `.conflictingCommands` when there are several.
    var command: Field? {
        get throws(ControlError) {
            var found: Field?
            try Field.each { field throws(ControlError) in
                guard field.namesCommand && offset(of: field) != nil else { return }
                guard found == nil else { throw .conflictingCommands }
                found = field
            }
            return found
        }
    }

    /// Refuses fields of other commands alongside `command`.
    func checkPlacement(for command: Field) throws(ControlError) {
        try Field.each { field throws(ControlError) in
            if !field.namesCommand && offset(of: field) != nil && field.owner != command {
                throw .misplacedField(field.name)
            }
        }
    }
}

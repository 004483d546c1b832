import Flipbook

/// Parses control command lines into ``ControlCommand``s against a scene's ``ControlTargets``. Setup allocates
/// the parser's storage; `parse` allocates nothing (but for numbers of more than 15 significant digits), and
/// every refusal is a ``ControlError``.
public final class ControlCommandParser {
    /// The longest line accepted, in bytes (without the newline).
    public let lineLimit: Int
    /// The most values one `set` may change.
    public static let settingLimit = 16

    let targets: ControlTargets
    private let settings: UnsafeMutableBufferPointer<ControlSetting>
    private let text: UnsafeMutableBufferPointer<UInt8>
    private let name: UnsafeMutableBufferPointer<UInt8>

    /// A parser for commands naming `targets`, accepting lines up to `lineLimit` bytes.
    public init(targets: ControlTargets, lineLimit: Int = 4096) {
        self.targets = targets
        self.lineLimit = max(lineLimit, 16)
        settings = .allocate(capacity: Self.settingLimit)
        text = .allocate(capacity: self.lineLimit)
        name = .allocate(capacity: self.lineLimit)
    }

    deinit {
        settings.deallocate()
        text.deallocate()
        name.deallocate()
    }

    /// The command on `line` (one JSON object; no newline).
    ///
    /// - Throws: the ``ControlError`` naming what is wrong.
    public func parse(_ line: UnsafeBufferPointer<UInt8>) throws(ControlError) -> ControlCommand {
        guard line.count <= lineLimit else { throw .lineTooLong(limit: lineLimit) }
        var scanner = ControlScanner(line)
        let fields = try ControlFields(scanning: &scanner)
        return try command(fields, scanner: &scanner)
    }

    private func command(_ fields: ControlFields, scanner: inout ControlScanner) throws(ControlError) -> ControlCommand {
        guard let kind = try fields.command else { throw .noCommand }
        try fields.checkPlacement(for: kind)
        scanner.index = fields.offset(of: kind)!
        switch kind {
        case .set:
            let (layer, layerKind) = try self.layer(&scanner)
            guard let values = fields.offset(of: .values) else { throw .missingField("values") }
            scanner.index = values
            var reader = ControlValueReader(scanner: scanner, targets: targets, name: name)
            let count = try reader.read(into: settings, layerKind: layerKind)
            var duration = 0.25
            if let offset = fields.offset(of: .duration) {
                scanner.index = offset
                duration = try number(&scanner, field: "duration", range: 0 ... 3600)
            }
            var curve: TimingFunction?
            if let offset = fields.offset(of: .timingFunction) {
                scanner.index = offset
                curve = try timingFunction(&scanner)
            }
            return .set(ControlSet(layer: layer, settings: UnsafeBufferPointer(rebasing: settings[0 ..< count]),
                                   duration: duration, timingFunction: curve))
        case .add:
            let (layer, _) = try self.layer(&scanner)
            guard let offset = fields.offset(of: .animation) else { throw .missingField("animation") }
            scanner.index = offset
            scanner.skipSpace()
            guard scanner.current == UInt8(ascii: "{") else { throw .wrongValueType(field: "animation", expected: "an object") }
            let start = scanner.index
            try scanner.skipValue()
            return .add(layer: layer, animation: ControlText(bytes: UnsafeBufferPointer(rebasing: scanner.bytes[start ..< scanner.index])))
        case .remove:
            let (layer, _) = try self.layer(&scanner)
            guard let offset = fields.offset(of: .key) else { throw .missingField("key") }
            scanner.index = offset
            return .remove(layer: layer, key: try string(&scanner, field: "key", into: text))
        case .start:
            scanner.skipSpace()
            guard scanner.current == UInt8(ascii: "{") else {
                return .start(layer: nil, key: try string(&scanner, field: "start", into: text))
            }
            return try startObject(&scanner)
        case .progress:
            return .progress(try number(&scanner, field: "progress", range: 0 ... 1))
        case .message:
            return .message(try string(&scanner, field: "message", into: text))
        case .quit:
            guard case .true? = scanner.literal() else { throw .wrongValueType(field: "quit", expected: "true") }
            var retain = false
            if let offset = fields.offset(of: .retain) {
                scanner.index = offset
                switch scanner.literal() {
                case .true?: retain = true
                case .false?: retain = false
                default: throw .wrongValueType(field: "retain", expected: "a boolean")
                }
            }
            return .quit(retain: retain)
        default:
            throw .noCommand
        }
    }

    /// `{"layer": LAYER, "key": KEY}` of `start`.
    private func startObject(_ scanner: inout ControlScanner) throws(ControlError) -> ControlCommand {
        scanner.index += 1
        var layer: LayerID?
        var key: ControlText?
        repeat {
            let field = try scanner.string()
            try scanner.expect(UInt8(ascii: ":"), "':' after a key")
            if scanner.raw(field, equals: "layer"), layer == nil {
                layer = try self.layer(&scanner).id
            } else if scanner.raw(field, equals: "key"), key == nil {
                key = try string(&scanner, field: "key", into: text)
            } else {
                throw layer != nil && scanner.raw(field, equals: "layer") || key != nil && scanner.raw(field, equals: "key")
                    ? .duplicateField(field) : .unknownField(field)
            }
        } while scanner.take(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
        guard let layer else { throw .missingField("layer") }
        guard let key else { throw .missingField("key") }
        return .start(layer: layer, key: key)
    }

    /// A layer name at the cursor, resolved.
    private func layer(_ scanner: inout ControlScanner) throws(ControlError) -> (id: LayerID, kind: LayerKind) {
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "\"") else { throw .wrongValueType(field: "layer", expected: "a layer name") }
        let range = try scanner.string()
        let count = scanner.decode(range, into: name)
        guard let found = targets.layer(named: UnsafeBufferPointer(rebasing: name[0 ..< count])) else {
            throw .unknownLayer(range)
        }
        return found
    }

    /// A string at the cursor, decoded into `storage`.
    private func string(_ scanner: inout ControlScanner, field: StaticString,
                        into storage: UnsafeMutableBufferPointer<UInt8>) throws(ControlError) -> ControlText {
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "\"") else { throw .wrongValueType(field: field, expected: "a string") }
        let range = try scanner.string()
        let count = scanner.decode(range, into: storage)
        return ControlText(bytes: UnsafeBufferPointer(rebasing: storage[0 ..< count]))
    }

    /// A number at the cursor within `range`.
    private func number(_ scanner: inout ControlScanner, field: StaticString,
                        range: ClosedRange<Double>) throws(ControlError) -> Double {
        scanner.skipSpace()
        guard scanner.current == UInt8(ascii: "-") || ControlScanner.isDigit(scanner.current) else {
            throw .wrongValueType(field: field, expected: "a number")
        }
        let value = try scanner.number()
        guard range.contains(value) else { throw .outOfRange(field: field, value: value) }
        return value
    }

    /// A timing function name or `[c1x, c1y, c2x, c2y]`.
    private func timingFunction(_ scanner: inout ControlScanner) throws(ControlError) -> TimingFunction {
        scanner.skipSpace()
        if scanner.current == UInt8(ascii: "[") {
            scanner.index += 1
            var points = (0.0, 0.0, 0.0, 0.0)
            points.0 = try number(&scanner, field: "timingFunction", range: 0 ... 1)
            try scanner.expect(UInt8(ascii: ","), "',' between control points")
            points.1 = try number(&scanner, field: "timingFunction", range: -1000 ... 1000)
            try scanner.expect(UInt8(ascii: ","), "',' between control points")
            points.2 = try number(&scanner, field: "timingFunction", range: 0 ... 1)
            try scanner.expect(UInt8(ascii: ","), "',' between control points")
            points.3 = try number(&scanner, field: "timingFunction", range: -1000 ... 1000)
            try scanner.expect(UInt8(ascii: "]"), "']' after four control points")
            return .controlPoints(points.0, points.1, points.2, points.3)
        }
        let expected: StaticString = "linear, easeIn, easeOut, easeInEaseOut, default or [c1x, c1y, c2x, c2y]"
        guard scanner.current == UInt8(ascii: "\"") else { throw .wrongValueType(field: "timingFunction", expected: expected) }
        let range = try scanner.string()
        if scanner.raw(range, equals: "linear") { return .linear }
        if scanner.raw(range, equals: "easeIn") { return .easeIn }
        if scanner.raw(range, equals: "easeOut") { return .easeOut }
        if scanner.raw(range, equals: "easeInEaseOut") { return .easeInEaseOut }
        if scanner.raw(range, equals: "default") { return .default }
        throw .wrongValueType(field: "timingFunction", expected: expected)
    }
}

/// The reply line to a command — `{"ok": true}` or `{"error": "…"}` and a newline — written into storage
/// allocated once, so answering a command allocates nothing. Names quoted from the command line are
/// shortened to ``quoteLimit`` bytes (engine messages to four times that), so a reply always fits.
public final class ControlReply {
    /// The longest reply, in bytes.
    public static let capacity = 2048
    /// The most bytes of a quoted name or message.
    public static let quoteLimit = 96

    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written.
    public private(set) var count = 0

    /// Empty reply storage.
    public init() {
        storage = .allocate(capacity: Self.capacity)
    }

    deinit { storage.deallocate() }

    /// The reply written last, newline included.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[0 ..< count]) }

    /// The reply as text (allocates: tests and the command line).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `{"ok": true}`.
    public func writeOK() {
        count = 0
        append("{\"ok\": true}\n")
    }

    /// Writes `{"error": "…"}` for `error`, quoting names from `line`, the command line it refers to.
    public func write(_ error: ControlError, line: UnsafeBufferPointer<UInt8>) {
        count = 0
        append("{\"error\": \"")
        describe(error, line: line)
        storage[count] = UInt8(ascii: "\"")
        storage[count + 1] = UInt8(ascii: "}")
        storage[count + 2] = UInt8(ascii: "\n")
        count += 3
    }

    private func describe(_ error: ControlError, line: UnsafeBufferPointer<UInt8>) {
        switch error {
        case .lineTooLong(let limit): append("line longer than "); append(limit); append(" bytes")
        case .malformedJSON(let offset, let expected):
            append("malformed JSON at byte "); append(offset); append(": expected "); escaped(expected)
        case .unknownPsplashCommand: append("unknown psplash command (PROGRESS n, MSG text or QUIT)")
        case .notAnObject: append("a command is one JSON object")
        case .unknownField(let range): append("unknown field "); quote(line, range)
        case .duplicateField(let range): append("duplicate field "); quote(line, range)
        case .noCommand: append("no command: set, add, remove, start, progress, message or quit")
        case .conflictingCommands: append("more than one command in one line")
        case .missingField(let field): append("missing field \\\""); escaped(field); append("\\\"")
        case .misplacedField(let field): append("field \\\""); escaped(field); append("\\\" does not belong to this command")
        case .unknownLayer(let range): append("unknown layer "); quote(line, range)
        case .unknownProperty(let range): append("unknown property "); quote(line, range)
        case .wrongValueType(let field, let expected):
            append("\\\""); escaped(field); append("\\\" must be "); escaped(expected)
        case .wrongPropertyValue(let range, let expected): quote(line, range); append(" must be "); escaped(expected)
        case .outOfRange(let field, let value):
            append("\\\""); escaped(field); append("\\\" out of range: "); append(value)
        case .propertyOutOfRange(let range, let value): quote(line, range); append(" out of range: "); append(value)
        case .wrongLayerKind(let range, let owner):
            quote(line, range); append(" applies to "); append(owner == .shape ? "shape" : owner == .text ? "text" : "gradient"); append(" layers only")
        case .tooManyValues(let limit): append("more than "); append(limit); append(" values in one set")
        case .unsupportedProperty(let range): quote(line, range); append(" cannot be set by a command")
        case .unbound(let command): append("the scene has no bindings."); escaped(command)
        case .invalidAnimation(let message): append("invalid animation: "); escaped(message, limit: 4 * Self.quoteLimit)
        case .unknownAnimationKey(let key):
            append("no animation with key \\\""); escaped(key, limit: Self.quoteLimit); append("\\\" in the scene")
        case .refused(let message): append("refused: "); escaped(message, limit: 4 * Self.quoteLimit)
        }
    }

    private func put(_ byte: UInt8) {
        // The last three bytes stay free for `"}` and the newline: a long reply is cut but stays one line.
        if count < Self.capacity - 3 {
            storage[count] = byte
            count += 1
        }
    }

    private func append(_ text: StaticString) {
        let start = text.utf8Start
        for offset in 0 ..< text.utf8CodeUnitCount { put(start[offset]) }
    }

    /// A static text as JSON string content.
    private func escaped(_ text: StaticString) {
        escaped(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Bytes as JSON string content: quotes, backslashes and control bytes escaped, well-formed UTF-8 kept,
    /// any other byte written as U+FFFD (the reply stays valid UTF-8 whatever the command held).
    private func escaped(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = .max) {
        var index = bytes.startIndex
        var written = 0
        while index != bytes.endIndex {
            guard written < limit else {
                append("…")
                return
            }
            written += 1
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                put(UInt8(ascii: "\\"))
                put(byte)
            case 0 ..< 0x20, 0x7F:
                append("\\u00")
                put(Self.hexDigit(byte >> 4))
                put(Self.hexDigit(byte & 0xF))
            case 0x20 ..< 0x80:
                put(byte)
            default:
                let count = Self.continuationCount(byte)
                var end = index
                var valid = count > 0
                for position in 0 ..< count {
                    guard valid, end != bytes.endIndex else {
                        valid = false
                        break
                    }
                    let next = bytes[end]
                    let range: ClosedRange<UInt8> = position > 0 ? 0x80 ... 0xBF : Self.secondByteRange(byte)
                    valid = range.contains(next)
                    end = bytes.index(after: end)
                }
                guard valid else {
                    append("\\ufffd")
                    continue
                }
                put(byte)
                while index != end {
                    put(bytes[index])
                    index = bytes.index(after: index)
                }
            }
        }
    }

    /// A string's UTF-8 as JSON string content (error paths that carry a message).
    private func escaped(_ text: String, limit: Int) {
        var copy = text
        copy.withUTF8 { escaped($0, limit: limit) }
    }

    /// Continuation bytes after a UTF-8 lead byte (0: not a lead byte).
    private static func continuationCount(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2 ... 0xDF: 1
        case 0xE0 ... 0xEF: 2
        case 0xF0 ... 0xF4: 3
        default: 0
        }
    }

    /// The second byte's range after `lead` (no overlong forms, no surrogates, nothing past U+10FFFF).
    private static func secondByteRange(_ lead: UInt8) -> ClosedRange<UInt8> {
        switch lead {
        case 0xE0: 0xA0 ... 0xBF
        case 0xED: 0x80 ... 0x9F
        case 0xF0: 0x90 ... 0xBF
        case 0xF4: 0x80 ... 0x8F
        default: 0x80 ... 0xBF
        }
    }

    /// The raw JSON string content `range` of `line`, in escaped quotes.
    private func quote(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        append("\\\"")
        let clamped = max(0, min(range.lowerBound, line.count)) ..< max(0, min(range.upperBound, line.count))
        escaped(UnsafeBufferPointer(rebasing: line[clamped]), limit: Self.quoteLimit)
        append("\\\"")
    }

    private func append(_ number: Int) {
        if number < 0 { put(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            put(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// A number with up to six decimals (trailing zeros dropped); beyond ±1e15 as "a huge number".
    private func append(_ value: Double) {
        guard value.isFinite, abs(value) < 1e15 else {
            append(value.isNaN ? "NaN" : "a huge number")
            return
        }
        let scaled = (abs(value) * 1_000_000).rounded()
        let whole = Int(scaled / 1_000_000)
        var fraction = Int(scaled - Double(whole) * 1_000_000)
        if value < 0 && scaled > 0 { put(UInt8(ascii: "-")) }
        append(whole)
        guard fraction > 0 else { return }
        put(UInt8(ascii: "."))
        var divisor = 100_000
        while fraction > 0 {
            put(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}

import FixedPoint

/// Runs a Type 2 charstring (CFF): operands on a 48-entry stack, path operators drawn to a sink in font units,
/// hints skipped, subroutine calls nested at most 10 deep.
struct CharstringInterpreter {
    static let stackLimit = 48
    static let subroutineDepthLimit = 10

    let program: CompactFontProgram
    private var stack = InlineArray<48, Int32>(repeating: 0)
    private var count = 0
    private var x: Int64 = 0
    private var y: Int64 = 0
    private var stemCount = 0
    private var sawWidth = false
    private var isOpen = false
    private var ended = false

    init(program: CompactFontProgram) { self.program = program }

    mutating func finish<Sink: OutlineSink>(into sink: inout Sink) throws(FontError) {
        guard ended else { throw program.charStrings.table.malformed(program.charStrings.start, .badCharstring) }
        if isOpen { try sink.close() }
    }

    mutating func run<Sink: OutlineSink>(_ code: FontTable, depth: Int, into sink: inout Sink) throws(FontError) {
        var at = 0
        while at < code.count, !ended {
            let byte = Int(try code.u8(at))
            if byte >= 32 || byte == 28 || byte == 255 {
                try push(try CharstringInterpreter.number(code, &at), code, at)
                continue
            }
            at += 1
            switch byte {
            case 1, 3, 18, 23:
                takeWidth(odd: true)
                stemCount += count / 2
                count = 0
            case 19, 20:
                takeWidth(odd: true)
                stemCount += count / 2
                count = 0
                at += (stemCount + 7) / 8
            case 21:
                takeWidth(more: 2)
                try need(2, code, at)
                try move(stack[0], stack[1], into: &sink)
            case 22:
                takeWidth(more: 1)
                try need(1, code, at)
                try move(stack[0], 0, into: &sink)
            case 4:
                takeWidth(more: 1)
                try need(1, code, at)
                try move(0, stack[0], into: &sink)
            case 14:
                takeWidth(more: 0)
                guard count == 0 else { throw code.malformed(at - 1, .unsupportedFormat) }
                ended = true
            case 10, 29:
                try need(1, code, at)
                count -= 1
                guard depth < CharstringInterpreter.subroutineDepthLimit else {
                    throw code.malformed(at - 1, .subroutineTooDeep)
                }
                let index = byte == 10 ? program.localSubroutines : program.globalSubroutines
                guard let index else { throw code.malformed(at - 1, .inconsistentCount) }
                try run(try index.object(Int(stack[count] >> 16) + index.subroutineBias), depth: depth + 1, into: &sink)
                continue
            case 11:
                return
            case 12:
                let escaped = Int(try code.u8(at))
                at += 1
                try flex(escaped, code, at, into: &sink)
            default:
                try drawSegments(byte, code, at, into: &sink)
            }
            count = 0
        }
    }

    /// Operands: 32…254 small integers, 28 a 16-bit integer, 255 a Q16.16 number; stored as raw Q16.16.
    private static func number(_ code: FontTable, _ at: inout Int) throws(FontError) -> Int32 {
        let byte = Int32(try code.u8(at))
        switch byte {
        case 28:
            at += 3
            return Int32(try code.i16(at - 2)) << 16
        case 255:
            at += 5
            return Int32(bitPattern: try code.u32(at - 4))
        case 32...246:
            at += 1
            return (byte - 139) << 16
        case 247...250:
            at += 2
            return ((byte - 247) * 256 + Int32(try code.u8(at - 1)) + 108) << 16
        default:
            at += 2
            return (-(byte - 251) * 256 - Int32(try code.u8(at - 1)) - 108) << 16
        }
    }

    private mutating func push(_ value: Int32, _ code: FontTable, _ at: Int) throws(FontError) {
        guard count < CharstringInterpreter.stackLimit else { throw code.malformed(at, .stackOverflow) }
        stack[count] = value
        count += 1
    }

    func need(_ operands: Int, _ code: FontTable, _ at: Int) throws(FontError) {
        guard count >= operands else { throw code.malformed(at - 1, .stackUnderflow) }
    }

    /// Drops the advance width that may precede the first stack-clearing operator.
    private mutating func takeWidth(odd: Bool = false, more: Int = -1) {
        guard !sawWidth else { return }
        sawWidth = true
        if (odd && count % 2 == 1) || (more >= 0 && count > more) {
            for index in 1..<count { stack[index - 1] = stack[index] }
            count -= 1
        }
    }

    private mutating func move<Sink: OutlineSink>(_ dx: Int32, _ dy: Int32, into sink: inout Sink) throws(FontError) {
        if isOpen { try sink.close() }
        x += Int64(dx)
        y += Int64(dy)
        try sink.move(to: try current())
        isOpen = true
    }

    func current() throws(FontError) -> Point {
        guard let rx = Int32(exactly: x), let ry = Int32(exactly: y) else {
            throw program.charStrings.table.malformed(program.charStrings.start, .coordinateOverflow)
        }
        return Point(x: Fixed(raw: rx), y: Fixed(raw: ry))
    }

    mutating func line<Sink: OutlineSink>(_ dx: Int32, _ dy: Int32, into sink: inout Sink) throws(FontError) {
        x += Int64(dx)
        y += Int64(dy)
        try sink.line(to: try current())
    }

    mutating func curve<Sink: OutlineSink>(
        _ d: (Int32, Int32, Int32, Int32, Int32, Int32), into sink: inout Sink
    ) throws(FontError) {
        x += Int64(d.0)
        y += Int64(d.1)
        let first = try current()
        x += Int64(d.2)
        y += Int64(d.3)
        let second = try current()
        x += Int64(d.4)
        y += Int64(d.5)
        try sink.cubic(to: try current(), control1: first, control2: second)
    }

    func operand(_ index: Int) -> Int32 { index < count ? stack[index] : 0 }
    var operandCount: Int { count }
    var isDrawing: Bool { isOpen }
}

import FixedPoint

extension SVGPathParser {
    /// Reads the arguments of one command (a letter already consumed or repeated) and adds it to the path.
    mutating func apply(_ command: UInt8) throws(ParseFailure) {
        let relative = command >= UInt8(ascii: "a")
        let origin = relative ? (path.currentPoint ?? .zero) : .zero
        var control: Point? = nil
        switch command | 0x20 {
        case UInt8(ascii: "m"):
            let point = try readPoint(relativeTo: origin)
            try geometry { (path: inout Path) throws(GeometryError) in try path.move(to: point) }
        case UInt8(ascii: "l"):
            let point = try readPoint(relativeTo: origin)
            try geometry { (path: inout Path) throws(GeometryError) in try path.line(to: point) }
        case UInt8(ascii: "h"):
            let x = try readNumber() + origin.x
            let y = path.currentPoint?.y ?? .zero
            try geometry { (path: inout Path) throws(GeometryError) in try path.line(to: Point(x: x, y: y)) }
        case UInt8(ascii: "v"):
            let y = try readNumber() + origin.y
            let x = path.currentPoint?.x ?? .zero
            try geometry { (path: inout Path) throws(GeometryError) in try path.line(to: Point(x: x, y: y)) }
        case UInt8(ascii: "c"), UInt8(ascii: "s"):
            control = try applyCubic(smooth: command | 0x20 == UInt8(ascii: "s"), origin: origin)
        case UInt8(ascii: "q"), UInt8(ascii: "t"):
            control = try applyQuadratic(smooth: command | 0x20 == UInt8(ascii: "t"), origin: origin)
        case UInt8(ascii: "a"):
            try applyArc(origin: origin)
        default:
            try geometry { (path: inout Path) throws(GeometryError) in try path.close() }
        }
        lastControl = control
        lastCommand = command | 0x20
    }

    /// The reflection of the previous control point about the current point, when the previous command
    /// was of the same family (`c`/`s` or `q`/`t`); otherwise the current point.
    func reflectedControl(family: (UInt8, UInt8)) -> Point {
        let current = path.currentPoint ?? .zero
        guard let last = lastControl, lastCommand == family.0 || lastCommand == family.1 else { return current }
        return current + (current - last)
    }

    mutating func applyCubic(smooth: Bool, origin: Point) throws(ParseFailure) -> Point {
        let control1 = smooth
            ? reflectedControl(family: (UInt8(ascii: "c"), UInt8(ascii: "s"))) : try readPoint(relativeTo: origin)
        let control2 = try readPoint(relativeTo: origin)
        let end = try readPoint(relativeTo: origin)
        try geometry { (path: inout Path) throws(GeometryError) in
            try path.cubic(to: end, control1: control1, control2: control2)
        }
        return control2
    }

    mutating func applyQuadratic(smooth: Bool, origin: Point) throws(ParseFailure) -> Point {
        let control = smooth
            ? reflectedControl(family: (UInt8(ascii: "q"), UInt8(ascii: "t"))) : try readPoint(relativeTo: origin)
        let end = try readPoint(relativeTo: origin)
        try geometry { (path: inout Path) throws(GeometryError) in try path.quadratic(to: end, control: control) }
        return control
    }

    mutating func applyArc(origin: Point) throws(ParseFailure) {
        let radiusX = try readNumber()
        let radiusY = try readNumber()
        let rotation = try readNumber()
        let largeArc = try readFlag()
        let sweep = try readFlag()
        let end = try readPoint(relativeTo: origin)
        try geometry { (path: inout Path) throws(GeometryError) in
            try path.addArc(
                to: end, radiusX: radiusX, radiusY: radiusY, rotationDegrees: rotation, largeArc: largeArc,
                sweep: sweep)
        }
    }

    /// Runs a path edit, turning its error into a parse failure.
    mutating func geometry(_ edit: (inout Path) throws(GeometryError) -> Void) throws(ParseFailure) {
        do { try edit(&path) } catch { throw .geometry(error) }
    }

    mutating func readPoint(relativeTo origin: Point) throws(ParseFailure) -> Point {
        let x = try readNumber()
        let y = try readNumber()
        return Point(x: x + origin.x, y: y + origin.y)
    }

    mutating func readFlag() throws(ParseFailure) -> Bool {
        skipSeparators(allowComma: true)
        guard offset < bytes.count else { throw .syntax(.unexpectedEnd(offset: offset, expected: .flag)) }
        let byte = bytes[offset]
        guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else {
            throw .syntax(.unexpectedByte(offset: offset, found: byte, expected: .flag))
        }
        offset += 1
        return byte == UInt8(ascii: "1")
    }
}

import FixedPoint
import Raster

/// SVG path data: a refusal is an `SVGPathError` whose offset lies inside the text (or at its end); an
/// accepted path written back as absolute `M L Q C Z` commands with exact decimals parses to the same verbs and
/// the same Q16.16 points.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = data.map { String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self) } ?? ""
    let path: Path
    do {
        path = try SVGPathParser.parse(text)
    } catch {
        let offset: Int = switch error {
        case .unexpectedByte(let offset, _, _), .unexpectedEnd(let offset, _), .numberOutOfRange(let offset),
            .path(let offset, _): offset
        }
        precondition(offset >= 0 && offset <= text.utf8.count, "offset \(offset) outside the \(text.utf8.count) bytes")
        return 0
    }
    let written = svgText(of: path)
    let again: Path
    do {
        again = try SVGPathParser.parse(written)
    } catch {
        preconditionFailure("the written path is refused: \(error)\n\(written)")
    }
    precondition(again.verbCount == path.verbCount && again.pointCount == path.pointCount, "counts differ: \(written)")
    for index in 0..<path.verbCount { precondition(again.verb(at: index) == path.verb(at: index), "verb \(index) differs") }
    for index in 0..<path.pointCount {
        precondition(again.point(at: index) == path.point(at: index), "point \(index) differs: \(written)")
    }
    return 0
}

/// The path as absolute commands, one per verb.
func svgText(of path: Path) -> String {
    var text = ""
    var pointIndex = 0
    for verbIndex in 0..<path.verbCount {
        guard let verb = path.verb(at: verbIndex) else { break }
        let letter = switch verb {
        case .move: "M"
        case .line: "L"
        case .quadratic: "Q"
        case .cubic: "C"
        case .close: "Z"
        }
        text += letter
        for _ in 0..<verb.pointCount {
            let point = path.point(at: pointIndex)!
            text += " " + exactDecimal(point.x) + " " + exactDecimal(point.y)
            pointIndex += 1
        }
        text += " "
    }
    return text
}

/// The exact decimal value of a Q16.16 number (at most 16 fraction digits, trailing zeros dropped).
func exactDecimal(_ value: Fixed) -> String {
    let magnitude = abs(Int64(value.raw))
    var text = (value.raw < 0 ? "-" : "") + String(magnitude >> 16)
    let fraction = (magnitude & 0xFFFF) * 152_587_890_625  // × 10^16 / 65536
    if fraction != 0 {
        var digits = String(fraction)
        digits = String(repeating: "0", count: 16 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        text += "." + digits
    }
    return text
}

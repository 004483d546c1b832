import FixedPoint
import Fonts
import Foundation

/// A test font from a Debian package (tools/deps/fonts.txt) and the reference data that
/// tools/reference/make_font_references.py wrote for it with fontTools and HarfBuzz.
struct ReferenceFont {
    struct Mapping { let scalar: UInt32, glyph: Int, advance: Int, leftSideBearing: Int }
    struct Kerning { let left: Int, right: Int, value: Int }
    struct Shaped { let text: String, penPositions: [Int] }

    let bytes: [UInt8]
    var metrics: [Int] = []
    var mappings: [Mapping] = []
    /// Glyph id and its outline commands ("M x y", "Q cx cy x y"…, raw Q16.16 font units).
    var outlines: [(glyph: Int, commands: [String])] = []
    var kernings: [Kerning] = []
    var shaped: [Shaped] = []

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference")
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let nimbusSans = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"

    init(name: String, fontPath: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fontPath)))
        let text = try String(contentsOf: ReferenceFont.directory.appendingPathComponent(name + ".txt"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            let numbers = fields.dropFirst().compactMap { Int($0) }
            switch fields[0] {
            case "metrics": metrics = numbers
            case "map":
                mappings.append(Mapping(scalar: UInt32(numbers[0]), glyph: numbers[1], advance: numbers[2], leftSideBearing: numbers[3]))
            case "outline": outlines.append((numbers[0], []))
            case "kern": kernings.append(Kerning(left: numbers[0], right: numbers[1], value: numbers[2]))
            case "shape":
                let hex = Array(fields[1].utf8)
                var utf8: [UInt8] = []
                for index in stride(from: 0, to: hex.count, by: 2) {
                    utf8.append(UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16)!)
                }
                shaped.append(Shaped(text: String(decoding: utf8, as: UTF8.self), penPositions: fields.dropFirst(2).compactMap { Int($0) }))
            default: outlines[outlines.count - 1].commands.append(String(line))
            }
        }
    }
}

/// Records an outline as the reference file spells it.
struct RecordingSink: OutlineSink {
    var commands: [String] = []

    private static func text(_ points: Point...) -> String {
        points.map { "\($0.x.raw) \($0.y.raw)" }.joined(separator: " ")
    }

    mutating func move(to point: Point) throws(FontError) { commands.append("M " + RecordingSink.text(point)) }
    mutating func line(to point: Point) throws(FontError) { commands.append("L " + RecordingSink.text(point)) }
    mutating func quadratic(to end: Point, control: Point) throws(FontError) {
        commands.append("Q " + RecordingSink.text(control, end))
    }
    mutating func cubic(to end: Point, control1: Point, control2: Point) throws(FontError) {
        commands.append("C " + RecordingSink.text(control1, control2, end))
    }
    mutating func close() throws(FontError) { commands.append("Z") }
}

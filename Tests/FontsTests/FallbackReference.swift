import Fonts
import Foundation

/// The fallback layouts tools/reference/make_fallback_references.py wrote with HarfBuzz: per cascade its fonts,
/// and per string its runs (a font index, the glyphs and their pen positions in that font's units, the width).
struct FallbackReference {
    struct Run { let font: Int, glyphs: [Int], positions: [Int], width: Int }
    struct Shaped { let text: String, runs: [Run] }
    struct Cascade { let name: String, fonts: [Font], shaped: [Shaped] }

    let cascades: [Cascade]

    /// A font named as the reference file names it: a path, `builtin`, or `reference:FILE`.
    static func font(_ name: String) throws -> Font {
        if name == "builtin" { return try Font(bytes: BuiltinFonts.bytes(named: "sans")!) }
        let path = name.hasPrefix("reference:")
            ? ReferenceFont.directory.appendingPathComponent(String(name.dropFirst("reference:".count))).path : name
        return try Font(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    init() throws {
        let url = ReferenceFont.directory.appendingPathComponent("FallbackPenPositions.txt")
        var cascades: [Cascade] = []
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields[0] == "cascade" {
                cascades.append(Cascade(name: fields[1], fonts: try fields.dropFirst(2).map(FallbackReference.font), shaped: []))
                continue
            }
            var runs: [Run] = [], font = 0, glyphs: [Int] = [], positions: [Int] = []
            for field in fields.dropFirst() {
                if field.hasSuffix(":") {
                    font = Int(field.dropLast())!
                } else if field.hasPrefix("=") {
                    runs.append(Run(font: font, glyphs: glyphs, positions: positions, width: Int(field.dropFirst())!))
                    glyphs = []
                    positions = []
                } else {
                    let pair = field.split(separator: ",")
                    glyphs.append(Int(pair[0])!)
                    positions.append(Int(pair[1])!)
                }
            }
            let hex = Array(fields[0].utf8)
            let utf8 = stride(from: 0, to: hex.count, by: 2).map {
                UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
            }
            let last = cascades.count - 1
            cascades[last] = Cascade(name: cascades[last].name, fonts: cascades[last].fonts,
                                     shaped: cascades[last].shaped + [Shaped(text: String(decoding: utf8, as: UTF8.self), runs: runs)])
        }
        self.cascades = cascades
    }
}

import FixedPoint
import Flipbook
import Fonts

/// Decoding of text layers (SCENE-FORMAT.md "Text layers"): fonts are read and checked here, once per file.
extension SceneDecoder {
    static let textKeys = ["string", "font", "fontSize", "foregroundColor", "alignmentMode", "isWrapped",
                           "truncationMode", "number", "numberFormat"]

    func decodeText(_ fields: ObjectFields, kind: LayerKind) -> TextDescription? {
        guard kind == .text else {
            for key in SceneDecoder.textKeys {
                if let (_, pointer) = fields.take(key) { report(pointer, "only a \"text\" layer has this field") }
            }
            return nil
        }
        var text = TextDescription()
        if let (node, pointer) = fields.take("string"), let string = string(node, at: pointer) {
            text.string = string
            if string.utf8.count > SceneLimits.maximumTextBytes {
                report(pointer, "a string of \(string.utf8.count) UTF-8 bytes is longer than the limit, \(SceneLimits.maximumTextBytes)")
            }
        }
        text.fontSize = number(fields, "fontSize", default: 36, rule: .positive(atMost: SceneLimits.maximumFontSize))
        text.foregroundColor = colorField(fields, "foregroundColor", default: text.foregroundColor, nullable: false)
            ?? text.foregroundColor
        text.alignmentMode = choice(fields, "alignmentMode", default: "natural",
                                    from: ["natural", "left", "right", "center", "justified"])
        text.isWrapped = bool(fields, "isWrapped", default: false)
        text.truncationMode = choice(fields, "truncationMode", default: "none", from: ["none", "start", "middle", "end"])
        text.number = number(fields, "number", default: 0, rule: .range(-SceneLimits.maximumTextNumber...SceneLimits.maximumTextNumber))
        if let (node, pointer) = fields.take("numberFormat"), let format = string(node, at: pointer) {
            do {
                _ = try NumberFormat(format)
                text.numberFormat = format
            } catch {
                if case .invalidNumberFormat(_, let offset) = error {
                    report(pointer, "byte \(offset) of \"\(format)\": use %d, %.Nf (N 0…\(NumberFormat.maximumDecimals)), %% or literal text (at most \(NumberFormat.maximumLength) bytes)")
                }
            }
        }
        if let (node, pointer) = fields.take("font") {
            if let fonts = decodeFonts(node, at: pointer, text: text) {
                text.fontNames = fonts.map { $0.name }
                text.fontBytes = fonts.map { $0.bytes }
            }
        } else {
            text.fontBytes = [BuiltinFonts.bytes(named: "sans") ?? []]
        }
        return text
    }

    /// The fonts named by a `font` field (one file or built-in name, or a list of them in fallback order), each
    /// file read once and each font checked: it opens, and every character the layer can show has a glyph (from
    /// the first font that maps it) whose outline reads. Each bad element is reported at `/font/K`.
    private func decodeFonts(_ node: JSONNode, at pointer: String, text: TextDescription) -> [(name: String, bytes: [UInt8])]? {
        var elements = [(node, pointer)]
        if case .array(let list) = node.value {
            guard (1 ... FontCascade.fontLimit).contains(list.count) else {
                report(pointer, "give 1 … \(FontCascade.fontLimit) fonts in fallback order (found a list of \(list.count))")
                return nil
            }
            elements = list.enumerated().map { ($1, JSONPointer.appending($0, to: pointer)) }
        }
        var fonts: [(name: String, bytes: [UInt8], font: Font, pointer: String)] = []
        for (element, elementPointer) in elements {
            guard let name = string(element, at: elementPointer), let bytes = fontBytes(named: name, at: elementPointer) else {
                continue
            }
            do throws(FontError) {
                fonts.append((name, bytes, try Font(bytes: bytes), elementPointer))
            } catch {
                report(elementPointer, "cannot use font \"\(name)\": \(error.description)")
            }
        }
        guard fonts.count == elements.count else { return nil }
        do throws(TextLayoutError) {
            _ = try FontCascade(fonts.map { $0.font })
        } catch {
            if case .invalidFontCascade(let index, _) = error, index < fonts.count {
                report(fonts[index].pointer, "the least common multiple of the fonts' unitsPerEm (this one: \(fonts[index].font.unitsPerEm)) passes \(FontCascade.unitsPerEmLimit)")
            }
            return nil
        }
        if let (index, problem) = SceneDecoder.fontProblem(fonts.map { $0.font }, text: text) {
            report(fonts[index].pointer, "cannot use font \"\(fonts[index].name)\": \(problem)")
            return nil
        }
        return fonts.map { ($0.name, $0.bytes) }
    }

    /// The bytes of a built-in font or of a font file relative to the scene (each file read once).
    private func fontBytes(named name: String, at pointer: String) -> [UInt8]? {
        if let builtin = BuiltinFonts.bytes(named: name) { return builtin }
        let resolved = name.hasPrefix("/") || baseDirectory.isEmpty ? name : baseDirectory + "/" + name
        if let known = fonts.first(where: { $0.path == resolved }) { return known.bytes }
        let read = fontReader(resolved)
        guard let bytes = read.bytes else {
            report(pointer, "cannot use font \"\(name)\": \(read.problem ?? "unreadable")")
            return nil
        }
        fonts.append((resolved, bytes))
        return bytes
    }

    /// Which font cannot draw the layer's text and why, or nil: the glyphs of the string (or, with a number
    /// format, of the format and the digits, sign and point) and of U+2026, each from the first font that maps
    /// it (else the first font's `.notdef`), must read.
    static func fontProblem(_ fonts: [Font], text: TextDescription) -> (Int, String)? {
        let shown = text.numberFormat.map { $0 + "0123456789-." } ?? text.string
        var sink = OutlineCheck()
        for scalar in shown.unicodeScalars.map { $0.value } + [0x2026] {
            var index = 0
            do throws(FontError) {
                var glyph = 0
                for candidate in fonts.indices where glyph == 0 {
                    index = candidate
                    glyph = try fonts[candidate].glyph(for: scalar)
                }
                if glyph == 0 { index = 0 }
                try fonts[index].outline(of: glyph, into: &sink)
                _ = try fonts[index].advance(of: glyph)
            } catch {
                return (index, error.description)
            }
        }
        return nil
    }
}

/// An outline sink that only lets the font read the outline.
private struct OutlineCheck: OutlineSink {
    mutating func move(to point: Point) throws(FontError) {}
    mutating func line(to point: Point) throws(FontError) {}
    mutating func quadratic(to end: Point, control: Point) throws(FontError) {}
    mutating func cubic(to end: Point, control1: Point, control2: Point) throws(FontError) {}
    mutating func close() throws(FontError) {}
}

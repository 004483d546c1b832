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
            if let (name, bytes) = decodeFont(node, at: pointer, text: text) {
                text.fontName = name
                text.fontBytes = bytes
            }
        } else {
            text.fontBytes = BuiltinFonts.bytes(named: "sans") ?? []
        }
        return text
    }

    /// The font named by a `font` field (one file or built-in name; a one-element list is the same), read and
    /// checked: it opens, and every character the layer can show has a glyph whose outline reads.
    private func decodeFont(_ node: JSONNode, at pointer: String, text: TextDescription) -> (String, [UInt8])? {
        var namePointer = pointer, nameNode = node
        if case .array(let elements) = node.value {
            guard elements.count == 1 else {
                report(pointer, "fallback fonts are not supported yet: give one font (found a list of \(elements.count))")
                return nil
            }
            nameNode = elements[0]
            namePointer = JSONPointer.appending(0, to: pointer)
        }
        guard let name = string(nameNode, at: namePointer) else { return nil }
        let bytes: [UInt8]
        if let builtin = BuiltinFonts.bytes(named: name) {
            bytes = builtin
        } else {
            let resolved = name.hasPrefix("/") || baseDirectory.isEmpty ? name : baseDirectory + "/" + name
            if let known = fonts.first(where: { $0.path == resolved }) {
                bytes = known.bytes
            } else {
                let read = fontReader(resolved)
                guard let fileBytes = read.bytes else {
                    report(namePointer, "cannot use font \"\(name)\": \(read.problem ?? "unreadable")")
                    return nil
                }
                bytes = fileBytes
                fonts.append((resolved, bytes))
            }
        }
        if let problem = SceneDecoder.fontProblem(bytes, text: text) {
            report(namePointer, "cannot use font \"\(name)\": \(problem)")
            return nil
        }
        return (name, bytes)
    }

    /// Why the font cannot draw the layer's text, or nil: it must open, and the glyphs of the string (or, with a
    /// number format, of the format and the digits, sign and point) and of U+2026 must read.
    static func fontProblem(_ bytes: [UInt8], text: TextDescription) -> String? {
        do throws(FontError) {
            let font = try Font(bytes: bytes)
            var sink = OutlineCheck()
            let shown = text.numberFormat.map { $0 + "0123456789-." } ?? text.string
            for scalar in shown.unicodeScalars {
                try font.outline(of: try font.glyph(for: scalar.value), into: &sink)
                _ = try font.advance(of: try font.glyph(for: scalar.value))
            }
            try font.outline(of: try font.glyph(for: 0x2026), into: &sink)
            return nil
        } catch {
            return error.description
        }
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

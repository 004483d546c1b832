import FixedPoint
import Flipbook
import Fonts

/// Text layers: the font (read and checked by the decoder), storage sized for the string, the layout settings,
/// the number format, and the animatable `fontSize`, `foregroundColor` and `number`.
extension SceneLoader {
    func setText(_ text: TextDescription, of layer: LayerDescription, on id: LayerID) throws(SceneRenderError) {
        var fonts: [Font] = []
        for (index, bytes) in text.fontBytes.enumerated() {
            do throws(FontError) { fonts.append(try Font(bytes: bytes)) } catch {
                let name = index < text.fontNames.count ? text.fontNames[index] : "sans"
                throw .unsupported(pointer: layer.pointer + "/font", "cannot use font \"\(name)\": \(error.description)")
            }
        }
        let cascade: FontCascade
        do throws(TextLayoutError) { cascade = try FontCascade(fonts) } catch {
            throw .unsupported(pointer: layer.pointer + "/font", "these \(fonts.count) fonts cannot be one fallback list (at most \(FontCascade.fontLimit), unitsPerEm of a common multiple up to \(FontCascade.unitsPerEmLimit))")
        }
        let capacity = max(Engine.defaultTextCapacity, text.string.utf8.count)
        try attempt(layer.pointer) { () throws(EngineError) in
            try engine.setFonts(cascade, capacity: capacity, of: id)
            try engine.setString(text.string, of: id)
            try engine.setTextLayout(alignment: Self.alignment(text.alignmentMode), isWrapped: text.isWrapped,
                                     truncation: Self.truncation(text.truncationMode), of: id)
            if let format = text.numberFormat { try engine.setNumberFormat(try NumberFormat(format), of: id) }
            try engine.setValue(.number(text.fontSize), for: .fontSize, of: id)
            try engine.setValue(.color(Self.color(text.foregroundColor)), for: .foregroundColor, of: id)
            try engine.setValue(.number(text.number), for: .number, of: id)
        }
    }

    private static func alignment(_ name: String) -> TextAlignment {
        switch name {
        case "left": .left
        case "right": .right
        case "center": .center
        case "justified": .justified
        default: .natural
        }
    }

    private static func truncation(_ name: String) -> TextTruncation {
        switch name {
        case "start": .start
        case "middle": .middle
        case "end": .end
        default: .none
        }
    }
}

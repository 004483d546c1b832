/// A text layer's content (SCENE-FORMAT.md "Text layers", CATextLayer).
public struct TextDescription: Sendable {
    /// The text; `"\n"` breaks a line.
    public var string = ""
    /// The fonts as written, in fallback order: built-in names (`"sans"`) or files relative to the scene.
    public var fontNames = ["sans"]
    /// Each font file's bytes (the same order), read and checked by the decoder.
    public var fontBytes: [[UInt8]] = []
    /// Pixels per em in layer space.
    public var fontSize = 36.0
    /// The glyphs' colour.
    public var foregroundColor = SceneColor(red: 255, green: 255, blue: 255)
    /// `"natural"`, `"left"`, `"right"`, `"center"` or `"justified"`.
    public var alignmentMode = "natural"
    /// Whether lines wrap at spaces and after hyphens.
    public var isWrapped = false
    /// `"none"`, `"start"`, `"middle"` or `"end"`.
    public var truncationMode = "none"
    /// The number shown through `numberFormat` (extension).
    public var number = 0.0
    /// With a format, the layer shows `number` formatted instead of `string`.
    public var numberFormat: String?
}

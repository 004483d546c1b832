/// Why a layout could not be made.
public enum TextLayoutError: Error, Equatable, Sendable {
    /// A capacity given at setup is below 1 (`glyphs` or `lines`) or above `TextLayout.glyphCapacityLimit`.
    case invalidCapacity(glyphs: Int, lines: Int)
    /// The font size is not positive (raw Q16.16).
    case invalidFontSize(raw: Int32)
    /// The text needs more glyphs or lines than the storage was made for.
    case capacityExceeded(glyphs: Int, lines: Int)
    /// The font (the first of a cascade) could not be read.
    case font(FontError)
    /// Font `index` (1 or more) of a cascade could not be read.
    case fallbackFont(index: Int, error: FontError)
    /// A list of fonts cannot be a `FontCascade`: `fontIndex` is the font that broke the rule (the count when the
    /// list is empty or too long).
    case invalidFontCascade(fontIndex: Int, problem: FontCascadeProblem)

    /// `.font` for the cascade's first font, `.fallbackFont` for the others.
    static func failure(_ error: FontError, font index: Int) -> TextLayoutError {
        index == 0 ? .font(error) : .fallbackFont(index: index, error: error)
    }
}

/// The rule a list of fonts broke (`TextLayoutError.invalidFontCascade`).
public enum FontCascadeProblem: Equatable, Sendable {
    /// No font, or more than `FontCascade.fontLimit`.
    case fontCount
    /// The least common multiple of the fonts' unitsPerEm passes `FontCascade.unitsPerEmLimit`.
    case unitsPerEmIncommensurable
}

import FixedPoint

/// How lines sit in the layout box (CATextLayer's `alignmentMode`).
public enum TextAlignment: Sendable {
    /// Left for left-to-right text.
    case natural
    /// Lines start at the box's left edge.
    case left
    /// Lines end at the box's right edge.
    case right
    /// Lines are centred in the box.
    case center
    /// Wrapped lines stretched to the box width by widening their spaces; a paragraph's last line is left.
    case justified
}

/// Where text that does not fit on its line is cut and replaced by U+2026 (CATextLayer's `truncationMode`).
public enum TextTruncation: Sendable {
    /// Lines run past the box.
    case none
    /// The start of the line is cut.
    case start
    /// The middle of the line is cut.
    case middle
    /// The end of the line is cut.
    case end
}

/// The parameters of one layout: size in pixels (Q16.16), box width in pixels, alignment, wrapping, truncation.
public struct TextStyle: Sendable {
    /// Pixels per em (Q16.16, positive).
    public var fontSize: Fixed
    /// The layout box's width in pixels (Q16.16): wrapping, alignment and truncation measure against it.
    public var width: Fixed
    /// Where lines sit in the box.
    public var alignment: TextAlignment
    /// Whether lines wrap at spaces and after hyphens.
    public var isWrapped: Bool
    /// Where an unwrapped line wider than the box is cut.
    public var truncation: TextTruncation

    /// A style; by default natural alignment, no wrapping, no truncation.
    public init(
        fontSize: Fixed, width: Fixed, alignment: TextAlignment = .natural, isWrapped: Bool = false,
        truncation: TextTruncation = .none
    ) {
        self.fontSize = fontSize
        self.width = width
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
    }
}

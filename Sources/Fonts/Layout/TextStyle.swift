import FixedPoint

/// How lines sit in the layout box (CATextLayer's `alignmentMode`).
public enum TextAlignment: Sendable {
    /// Left for left-to-right text.
    case natural
    case left
    case right
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
    public var fontSize: Fixed
    public var width: Fixed
    public var alignment: TextAlignment
    public var isWrapped: Bool
    public var truncation: TextTruncation

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

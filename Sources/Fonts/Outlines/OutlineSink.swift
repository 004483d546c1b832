import FixedPoint

/// Receives a glyph's outline in font units (Q16.16 `Point`s, y up), one contour after another.
///
/// Contours start with `move`, end with `close`, which implies the segment back to the start. TrueType outlines
/// give lines and quadratics (a contour that returns to its start with a straight line leaves it to `close`, as
/// fontTools does); CFF outlines give lines and cubics exactly as the charstring draws them.
public protocol OutlineSink {
    /// Starts a contour.
    mutating func move(to point: Point) throws(FontError)
    /// A straight segment.
    mutating func line(to point: Point) throws(FontError)
    /// A quadratic Bézier segment.
    mutating func quadratic(to end: Point, control: Point) throws(FontError)
    /// A cubic Bézier segment.
    mutating func cubic(to end: Point, control1: Point, control2: Point) throws(FontError)
    /// Ends the contour with a line back to its start.
    mutating func close() throws(FontError)
}

extension Font {
    /// Sends the outline of `glyph` to `sink` in font units (from `glyf` or `CFF`, whichever the font has).
    ///
    /// - Throws: `.glyphOutOfRange`; `FontError` naming the table and offset of a field that cannot be read or
    ///   is refused (truncated data, composite loops, subroutine recursion, stack overflow…); the sink's error.
    public func outline<Sink: OutlineSink>(of glyph: Int, into sink: inout Sink) throws(FontError) {
        try checkGlyph(glyph)
        if let compact {
            try compact.outline(of: glyph, into: &sink)
        } else {
            var componentBudget = Font.componentLimit
            try glyfOutline(of: glyph, transform: .identity, depth: 0, budget: &componentBudget, into: &sink)
        }
    }
}

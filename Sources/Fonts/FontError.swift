import Raster

/// Why a font could not be read: every case names the table and the byte offset (from the start of the file)
/// where the reader stopped. The payloads are trivial values, so throwing never allocates.
public enum FontError: Error, Equatable, Sendable {
    /// A table the operation needs is absent from the font.
    case missingTable(FontTag)
    /// A read at `offset` in `table` would go past the end of the table or of the file.
    case truncated(table: FontTag, offset: Int)
    /// A field at `offset` in `table` holds a value the reader refuses (`problem` says which rule it breaks).
    case malformed(table: FontTag, offset: Int, problem: Problem)
    /// A `.ttc` collection has `count` fonts; `index` is not one of them.
    case fontIndexOutOfRange(index: Int, count: Int)
    /// A glyph id outside 0 ..< `count` (maxp's glyph count).
    case glyphOutOfRange(glyph: Int, count: Int)
    /// The outline could not be added to the path (the path's own error).
    case path(GeometryError)

    /// The rule a malformed field breaks.
    public enum Problem: Equatable, Sendable {
        /// A version or magic number the reader does not know.
        case unknownVersion
        /// A subtable format the reader does not implement.
        case unsupportedFormat
        /// An offset or a range that points outside the table or the file.
        case offsetOutside
        /// A count or index that contradicts another field (e.g. contour end points that decrease).
        case inconsistentCount
        /// Composite glyphs nest deeper than `Font.compositeDepthLimit` (a loop, or abuse).
        case compositeTooDeep
        /// A composite glyph draws more than `Font.componentLimit` components in all (a fan-out bomb).
        case tooManyComponents
        /// A composite glyph places its component by matching points (not supported).
        case pointMatchingComponent
        /// Charstring subroutine calls nest deeper than the Type 2 limit (recursion).
        case subroutineTooDeep
        /// A charstring pushed more operands than the Type 2 stack holds.
        case stackOverflow
        /// A charstring operator found fewer operands than it needs.
        case stackUnderflow
        /// A charstring operator or a DICT operator the reader does not know or refuses.
        case unknownOperator
        /// A charstring drew before its first moveto, or ran past its end without `endchar`.
        case badCharstring
        /// A coordinate left the range a Q16.16 value can hold.
        case coordinateOverflow
    }
}

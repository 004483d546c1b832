/// Why SVG path data could not be read: where (`offset`, a byte offset into the UTF-8 text) and what.
public enum SVGPathError: Error, Equatable, Sendable {
    /// The byte at `offset` cannot start what was expected (`found` is the byte, `expected` the item).
    case unexpectedByte(offset: Int, found: UInt8, expected: Expectation)
    /// The data ended at `offset` where `expected` was needed.
    case unexpectedEnd(offset: Int, expected: Expectation)
    /// The number starting at `offset` does not fit Q16.16 (−32768 … 32767.99998).
    case numberOutOfRange(offset: Int)
    /// The command starting at `offset` could not be added to the path (the geometry error says why).
    case path(offset: Int, GeometryError)

    /// What the parser was looking for.
    public enum Expectation: Sendable {
        /// A command letter (`M L H V C S Q T A Z`, either case); the first one must be `M` or `m`.
        case command
        /// The first command, `M` or `m`.
        case moveTo
        /// A number.
        case number
        /// An arc flag, `0` or `1`.
        case flag
    }
}

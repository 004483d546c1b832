/// Why a zlib stream (RFC 1950) or the deflate data inside it (RFC 1951) could not be decompressed. Offsets are
/// byte offsets into the zlib stream.
public enum InflateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stream ends before its last block, or before the Adler-32 after it.
    case truncated
    /// The two header bytes are not a multiple of 31 (RFC 1950's FCHECK).
    case headerCheckFailed
    /// The compression method is not 8 (deflate), or its window is larger than 32 KiB.
    case unsupportedMethod(method: Int, windowBits: Int)
    /// The header asks for a preset dictionary, which PNG forbids.
    case presetDictionary
    /// A block's type is 3 (reserved).
    case badBlockType(offset: Int)
    /// A stored block's length and its complement disagree.
    case storedLengthMismatch(offset: Int)
    /// A dynamic block declares more than 286 literal/length or 30 distance codes.
    case tooManySymbols(literalLengths: Int, distances: Int)
    /// The code lengths of a Huffman table claim more codes than fit (`table`: `code length`, `literal/length`
    /// or `distance`).
    case codeLengthsOversubscribed(table: String, offset: Int)
    /// The code lengths of a Huffman table leave codes unused, which deflate allows only for a single code.
    case codeLengthsIncomplete(table: String, offset: Int)
    /// Code length symbol 16 (repeat the previous length) comes first.
    case repeatWithoutPreviousLength(offset: Int)
    /// A repeat code runs past the number of code lengths the block declared.
    case codeLengthRepeatTooLong(offset: Int)
    /// The literal/length table gives no code to end-of-block (256).
    case missingEndOfBlockCode(offset: Int)
    /// The bits match no code of the table, or a code of the fixed tables that deflate does not use.
    case invalidCode(table: String, offset: Int)
    /// A match reaches back before the first byte of the output.
    case distanceTooFarBack(distance: Int, available: Int, offset: Int)
    /// The stream decompresses to more bytes than expected.
    case outputTooLong(expected: Int)
    /// The stream ends after fewer bytes than expected.
    case outputTooShort(expected: Int, decoded: Int)
    /// The Adler-32 at the end of the stream is not that of the decompressed bytes.
    case adlerMismatch(stored: UInt32, computed: UInt32)
    /// Bytes follow the Adler-32.
    case trailingBytes(count: Int)

    /// The problem in one line, e.g. `zlib: distance 40 too far back (20 bytes decoded) at byte 9`.
    public var description: String {
        switch self {
        case .truncated: "zlib: stream is truncated"
        case .headerCheckFailed: "zlib: header check bits are wrong (the header is not a multiple of 31)"
        case .unsupportedMethod(let method, let windowBits):
            "zlib: unsupported compression method \(method) with a \(windowBits)-bit window (expected deflate, at most 15)"
        case .presetDictionary: "zlib: preset dictionaries are not supported"
        case .badBlockType(let offset): "zlib: invalid block type 3 at byte \(offset)"
        case .storedLengthMismatch(let offset): "zlib: stored block length does not match its complement at byte \(offset)"
        case .tooManySymbols(let literalLengths, let distances):
            "zlib: too many length or distance symbols (\(literalLengths) of at most 286, \(distances) of at most 30)"
        case .codeLengthsOversubscribed(let table, let offset):
            "zlib: \(table) code lengths are oversubscribed at byte \(offset)"
        case .codeLengthsIncomplete(let table, let offset):
            "zlib: \(table) code lengths are incomplete at byte \(offset)"
        case .repeatWithoutPreviousLength(let offset): "zlib: code length repeat with no previous length at byte \(offset)"
        case .codeLengthRepeatTooLong(let offset): "zlib: code length repeat runs past the declared lengths at byte \(offset)"
        case .missingEndOfBlockCode(let offset): "zlib: no code for end-of-block at byte \(offset)"
        case .invalidCode(let table, let offset): "zlib: invalid \(table) code at byte \(offset)"
        case .distanceTooFarBack(let distance, let available, let offset):
            "zlib: distance \(distance) too far back (\(available) bytes decoded) at byte \(offset)"
        case .outputTooLong(let expected): "zlib: stream holds more than the \(expected) bytes expected"
        case .outputTooShort(let expected, let decoded): "zlib: stream ends after \(decoded) of \(expected) bytes"
        case .adlerMismatch(let stored, let computed):
            "zlib: Adler-32 mismatch (stored \(hex(stored)), computed \(hex(computed)))"
        case .trailingBytes(let count): "zlib: \(count) bytes follow the end of the stream"
        }
    }
}

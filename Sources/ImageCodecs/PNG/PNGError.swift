/// Why a PNG file could not be read: the chunk, field or row at fault, e.g.
/// `IDAT: zlib: Adler-32 mismatch (stored 0x00000000, computed 0x0A1B2C3D)` or
/// `chunk "IHDR" at byte 8: CRC mismatch (stored 0x00000000, computed 0x9D74661A)`.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error with its message.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

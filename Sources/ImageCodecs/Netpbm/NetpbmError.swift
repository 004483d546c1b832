/// Why a PPM/PGM/PAM file could not be read.
public struct NetpbmError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `unsupported magic number "P4"`.
    public var message: String

    /// Creates an error with its message.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

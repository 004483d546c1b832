/// A picture size outside what decoding at a reduced size accepts: which size and why.
public struct ImageSizeError: Error, Equatable, Sendable {
    /// The problem in one line, e.g. `reduced size 0×10 is not within 1×1…640×480`.
    public let message: String

    /// An error with `message`.
    public init(message: String) { self.message = message }
}

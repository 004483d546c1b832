/// A file operation that failed: which file, which operation, and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What was being done: `read`, `write`, `create directory`.
    public var operation: String
    /// The system's reason (`strerror`), e.g. `No such file or directory`.
    public var reason: String

    /// `cannot read "path": reason`.
    public var description: String { "cannot \(operation) \"\(path)\": \(reason)" }
}

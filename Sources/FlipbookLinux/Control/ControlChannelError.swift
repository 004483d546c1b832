/// A control channel (socket, FIFO) that could not be set up or used: the call, the path and errno.
public struct ControlChannelError: Error, CustomStringConvertible {
    /// What was attempted, e.g. "listen on".
    public let operation: String
    /// The socket or FIFO path.
    public let path: String
    /// The errno value.
    public let errno: Int32

    /// An error for `operation` on `path` with `errno`.
    public init(operation: String, path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// `cannot listen on /run/flipbook.sock (errno 13)`.
    public var description: String { "cannot \(operation) \(path) (errno \(errno))" }
}

import CFlipbookShim

/// Unix stream sockets and FIFOs for the control channel: thin wrappers over the shim, each answering an
/// errno as a ``ControlChannelError`` (setup) or a ``UnixSocket/Transfer`` (reads and writes).
public enum UnixSocket {
    /// How a non-blocking read or write ended.
    public enum Transfer: Equatable {
        /// This many bytes moved (> 0).
        case bytes(Int)
        /// Nothing ready now (EAGAIN).
        case wouldBlock
        /// The peer closed (read: end of stream; write: EPIPE or ECONNRESET).
        case closed
        /// Another error (errno).
        case failed(Int32)
    }

    /// A listening socket at `path` (a stale socket file there is replaced), non-blocking.
    public static func listen(at path: String, backlog: Int32 = 8) throws(ControlChannelError) -> Int32 {
        let fd = cfb_socket_listen(path, backlog)
        guard fd >= 0 else { throw ControlChannelError(operation: "listen on", path: path, errno: -fd) }
        return fd
    }

    /// The next waiting client, non-blocking; nil when none waits (or accept failed).
    public static func accept(from listener: Int32) -> Int32? {
        let fd = cfb_socket_accept(listener)
        return fd >= 0 ? fd : nil
    }

    /// A blocking connection to the socket at `path`.
    public static func connect(to path: String) throws(ControlChannelError) -> Int32 {
        let fd = cfb_socket_connect(path)
        guard fd >= 0 else { throw ControlChannelError(operation: "connect to", path: path, errno: -fd) }
        return fd
    }

    /// The psplash FIFO at `path`, created when missing, open read-write and non-blocking.
    public static func openFIFO(at path: String) throws(ControlChannelError) -> Int32 {
        let fd = cfb_fifo_open(path)
        guard fd >= 0 else { throw ControlChannelError(operation: "open the FIFO", path: path, errno: -fd) }
        return fd
    }

    /// Reads into `buffer`.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Transfer {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .wouldBlock }
        return transfer(cfb_socket_read(fd, base, Int64(buffer.count)), endOfStream: true)
    }

    /// Writes from `bytes` without raising SIGPIPE.
    public static func write(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Transfer {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .wouldBlock }
        return transfer(cfb_socket_write(fd, base, Int64(bytes.count)), endOfStream: false)
    }

    /// Tells the peer no more bytes come.
    public static func shutdownWriting(_ fd: Int32) { _ = cfb_socket_shutdown_write(fd) }

    /// Closes `fd`.
    public static func close(_ fd: Int32) { _ = cfb_file_close(fd) }

    /// Removes the socket file at `path`.
    public static func unlink(_ path: String) { _ = cfb_file_unlink(path) }

    private static func transfer(_ result: Int64, endOfStream: Bool) -> Transfer {
        if result > 0 { return .bytes(Int(result)) }
        if result == 0 { return endOfStream ? .closed : .wouldBlock }
        switch Int32(-result) {
        case 11: return .wouldBlock  // EAGAIN
        case 32, 104: return .closed  // EPIPE, ECONNRESET
        default: return .failed(Int32(-result))
        }
    }
}

/// An epoll set: many descriptors that come and go (socket clients) behind one descriptor the run loop's
/// waiter polls. Readiness is collected without waiting.
public struct ReadinessSet: ~Copyable {
    /// The epoll descriptor (register it with the waiter).
    public let descriptor: Int32
    private let tags: UnsafeMutableBufferPointer<UInt64>

    /// A new, empty set.
    public init() throws(ControlChannelError) {
        let fd = cfb_epoll_create()
        guard fd >= 0 else { throw ControlChannelError(operation: "create", path: "an epoll set", errno: -fd) }
        descriptor = fd
        tags = .allocate(capacity: 64)
    }

    deinit {
        _ = cfb_file_close(descriptor)
        tags.deallocate()
    }

    /// Watches `fd` for readability (and hang-up), reported as `tag`.
    public func add(_ fd: Int32, tag: UInt64) -> Bool { cfb_epoll_add(descriptor, fd, tag) == 0 }

    /// Stops watching `fd`.
    public func remove(_ fd: Int32) { _ = cfb_epoll_remove(descriptor, fd) }

    /// The tags of descriptors ready now (valid until the next call).
    public func ready() -> UnsafeBufferPointer<UInt64> {
        let count = cfb_epoll_ready(descriptor, tags.baseAddress!, Int32(tags.count))
        return UnsafeBufferPointer(rebasing: tags[0 ..< max(0, Int(count))])
    }
}

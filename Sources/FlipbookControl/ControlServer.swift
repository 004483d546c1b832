import FlipbookLinux
import FlipbookScenes

/// `flipbook play --control PATH`: a Unix stream socket served between frames. Up to ``clientLimit`` clients at
/// once, one JSON command per line, one reply line each. Everything is bounded and non-blocking: lines longer
/// than the limit are answered and dropped; a client whose unread replies exceed ``replyBacklogLimit`` (it
/// floods without reading) is disconnected with a reason; one wake reads at most ``readBudget`` bytes per
/// client and handles at most ``lineBudget`` lines of all clients together, so a flood cannot hold up the
/// next frame by more than that bounded work (the rest waits in the client's buffer and the socket; a wake-up
/// pipe in the same epoll set brings the waiter back after the frame). Clients sit in an epoll set whose one
/// descriptor the run loop's waiter polls.
public final class ControlServer {
    /// Clients served at once; one more is answered with an error and closed.
    public static let clientLimit = 8
    /// Bytes of replies a client may leave unread before it is dropped.
    public static let replyBacklogLimit = 64 * 1024
    /// Bytes read from one client per wake.
    public static let readBudget = 16 * 1024
    /// Command lines handled per wake, all clients together.
    public static let lineBudget = 256

    /// The socket's path (removed when the server goes away).
    public let path: String
    private let listener: Int32
    private let readiness: ReadinessSet
    private let session: ControlSession
    private var clients: [Client]
    private let wake: WakePipe
    private var linesLeft = 0
    /// The most lines one wake handled so far (at most ``lineBudget``).
    public private(set) var mostLinesInOneWake = 0
    private let full = Array(#"{"error": "too many clients"}"#.utf8) + [UInt8(ascii: "\n")]

    /// The descriptor to register with the waiter (readable when the socket or a client is).
    public var descriptor: Int32 { readiness.descriptor }

    /// Listens at `path` for commands to `session`.
    public init(path: String, session: ControlSession, lineLimit: Int = 4096) throws(ControlChannelError) {
        self.path = path
        self.session = session
        listener = try UnixSocket.listen(at: path)
        readiness = try ReadinessSet()
        clients = (0 ..< Self.clientLimit).map { _ in Client(lineLimit: lineLimit) }
        do { wake = try WakePipe() } catch {
            UnixSocket.close(listener)
            throw error
        }
        guard readiness.add(listener, tag: UInt64(Self.clientLimit)),
              readiness.add(wake.descriptor, tag: UInt64(Self.clientLimit + 1)) else {
            UnixSocket.close(listener)
            throw ControlChannelError(operation: "watch", path: path, errno: 0)
        }
    }

    deinit {
        for client in clients where client.descriptor >= 0 { UnixSocket.close(client.descriptor) }
        UnixSocket.close(listener)
        UnixSocket.unlink(path)
    }

    /// Clients connected now.
    public var clientCount: Int { clients.reduce(0) { $0 + ($1.descriptor >= 0 ? 1 : 0) } }

    /// Accepts, reads, handles and answers whatever is ready (the waiter's read handler for ``descriptor``).
    /// Lines left over from a wake that used its ``lineBudget`` come first.
    public func serve() {
        linesLeft = Self.lineBudget
        wake.drain()
        for client in clients where client.descriptor >= 0 && client.lines.hasPartialLine {
            if !handleLines(of: client) {
                drop(client, "it did not read its replies")
            } else if !client.flush() {
                drop(client, "writing failed")
            }
        }
        for tag in readiness.ready() where linesLeft > 0 {
            if tag == UInt64(Self.clientLimit) {
                acceptClients()
            } else if Int(tag) < clients.count, clients[Int(tag)].descriptor >= 0 {
                serve(clients[Int(tag)], slot: Int(tag))
            }
        }
        mostLinesInOneWake = max(mostLinesInOneWake, Self.lineBudget - linesLeft)
        if linesLeft == 0 { wake.signal() }  // lines may be waiting in a buffer: come back after the frame
    }

    private func acceptClients() {
        while let fd = UnixSocket.accept(from: listener) {
            guard let slot = clients.firstIndex(where: { $0.descriptor < 0 }), readiness.add(fd, tag: UInt64(slot)) else {
                full.withUnsafeBufferPointer { _ = UnixSocket.write(fd, $0) }
                UnixSocket.close(fd)
                session.report("control: a client was refused (\(Self.clientLimit) connected)")
                continue
            }
            clients[slot].open(fd)
        }
    }

    private func serve(_ client: Client, slot: Int) {
        var budget = Self.readBudget
        while budget > 0 && linesLeft > 0 {
            let room = client.lines.free
            let window = UnsafeMutableBufferPointer(rebasing: room[0 ..< min(room.count, budget)])
            switch UnixSocket.read(client.descriptor, into: window) {
            case .bytes(let count):
                client.lines.didAppend(count)
                budget -= count
                guard handleLines(of: client) else { return drop(client, "it did not read its replies") }
            case .wouldBlock:
                budget = 0
            case .closed:
                _ = client.flush()
                return drop(client, client.lines.hasPartialLine ? "it disconnected in the middle of a line" : nil)
            case .failed(let errno):
                return drop(client, "reading failed (errno \(errno))")
            }
        }
        if !client.flush() { drop(client, "writing failed") }
    }

    /// Handles the client's complete lines, up to the wake's budget; false when its reply backlog overflowed.
    private func handleLines(of client: Client) -> Bool {
        while linesLeft > 0, let line = client.lines.nextLine() {
            linesLeft -= 1
            // The closures capture only `client` (no captured variable, which debug builds box on the heap).
            switch line {
            case .line(let bytes): session.handle(bytes) { client.queue($0) }
            case .tooLong: session.refuseOverlongLine { client.queue($0) }
            }
            guard !client.overflowed else { return false }
            if client.pending > Self.replyBacklogLimit / 2 && !client.flush() { return false }
        }
        return true
    }

    private func drop(_ client: Client, _ reason: String?) {
        readiness.remove(client.descriptor)
        UnixSocket.close(client.descriptor)
        client.close()
        if let reason { session.report("control: a client was disconnected: \(reason)") }
    }

    /// One connection: its partial input and its unsent replies, storage allocated once per slot.
    final class Client {
        var descriptor: Int32 = -1
        let lines: ControlLineBuffer
        private let outbox = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: ControlServer.replyBacklogLimit)
        private var sent = 0
        private(set) var pending = 0

        init(lineLimit: Int) {
            lines = ControlLineBuffer(capacity: lineLimit)
        }

        deinit { outbox.deallocate() }

        func open(_ fd: Int32) {
            descriptor = fd
            overflowed = false
            lines.reset()
            sent = 0
            pending = 0
        }

        func close() {
            descriptor = -1
            lines.reset()
        }

        /// Set when a reply did not fit in the backlog.
        private(set) var overflowed = false

        /// Appends a reply; sets ``overflowed`` when the backlog is full.
        func queue(_ reply: UnsafeBufferPointer<UInt8>) {
            if !append(reply) { overflowed = true }
        }

        private func append(_ reply: UnsafeBufferPointer<UInt8>) -> Bool {
            if sent > 0 {
                for index in 0 ..< pending - sent { outbox[index] = outbox[sent + index] }
                pending -= sent
                sent = 0
            }
            guard pending + reply.count <= outbox.count else { return false }
            for index in 0 ..< reply.count { outbox[pending + index] = reply[index] }
            pending += reply.count
            return true
        }

        /// Writes what the socket takes now; false when the peer is gone or writing failed.
        func flush() -> Bool {
            while sent < pending {
                switch UnixSocket.write(descriptor, UnsafeBufferPointer(rebasing: outbox[sent ..< pending])) {
                case .bytes(let count): sent += count
                case .wouldBlock: return true
                case .closed, .failed: return false
                }
            }
            sent = 0
            pending = 0
            return true
        }
    }
}

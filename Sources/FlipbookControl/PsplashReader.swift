import FlipbookLinux
import FlipbookScenes

/// psplash's FIFO (`$PSPLASH_FIFO_DIR/psplash_fifo`, default `/run`): created when missing, read between
/// frames; each NUL- or newline-ended command goes to the session. psplash sends no replies, so refusals are
/// only reported (`--verbose`).
public final class PsplashReader {
    /// The FIFO's path.
    public let path: String
    /// The FIFO's descriptor (register it with the waiter).
    public let descriptor: Int32
    private let session: ControlSession
    private let lines: ControlLineBuffer

    /// The FIFO path for `environment`'s `PSPLASH_FIFO_DIR` (default `/run`).
    public static func defaultPath(fifoDirectory: String?) -> String {
        (fifoDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "/run") + "/psplash_fifo"
    }

    /// Opens (and creates) the FIFO at `path`.
    public init(path: String, session: ControlSession, lineLimit: Int = 1024) throws(ControlChannelError) {
        self.path = path
        self.session = session
        descriptor = try UnixSocket.openFIFO(at: path)
        lines = ControlLineBuffer(capacity: lineLimit, nulTerminates: true)
    }

    deinit { UnixSocket.close(descriptor) }

    /// Reads what the FIFO holds and handles every complete command (the waiter's read handler).
    public func readAvailable() {
        for _ in 0 ..< 64 {
            guard case .bytes(let count) = UnixSocket.read(descriptor, into: lines.free) else { break }
            lines.didAppend(count)
            handleLines()
        }
    }

    private func handleLines() {
        while let line = lines.nextLine() {
            switch line {
            case .line(let bytes):
                var refusal: String?
                if session.handle(bytes, psplash: true, reply: { reply in
                    if session.verbose { refusal = String(decoding: reply.dropLast(), as: UTF8.self) }
                }) == .refused, let refusal {
                    session.report("psplash: \"" + String(decoding: bytes, as: UTF8.self) + "\": " + refusal)
                }
            case .tooLong:
                session.report("psplash: a command longer than \(lines.capacity) bytes was dropped")
            }
        }
    }
}

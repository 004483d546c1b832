import ArgumentParser
import FlipbookLinux

/// `flipbook send PATH 'COMMAND'`: one command to a player's control socket (`play --control PATH`); prints
/// the reply line.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send one control command to a playing scene and print the reply.",
        discussion: """
            COMMAND is one JSON object (docs/control.md), e.g. '{"set": "gauge", "values": {"strokeEnd": 0.4}}'.
            Exit status: 0 the command was applied ({"ok": true}); 1 it was refused (the reply names the problem),
            the socket could not be reached or no reply came.
            """)

    @Argument(help: "The control socket (the PATH of play --control PATH).")
    var socket: String

    @Argument(help: "The command: one JSON object on one line.")
    var command: String

    func validate() throws {
        guard !command.contains("\n") else { throw ValidationError("the command must be one line") }
    }

    func run() throws {
        let fd: Int32
        do { fd = try UnixSocket.connect(to: socket) } catch { throw fail("\(error)") }
        defer { UnixSocket.close(fd) }
        var line = Array(command.utf8)
        line.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < line.count {
            let result = line.withUnsafeBufferPointer { UnixSocket.write(fd, UnsafeBufferPointer(rebasing: $0[offset...])) }
            guard case .bytes(let count) = result else { throw fail("cannot write to \(socket)") }
            offset += count
        }
        UnixSocket.shutdownWriting(fd)
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) {
            let result = chunk.withUnsafeMutableBufferPointer { UnixSocket.read(fd, into: $0) }
            guard case .bytes(let count) = result else { break }
            reply.append(contentsOf: chunk[0 ..< count])
        }
        guard let end = reply.firstIndex(of: UInt8(ascii: "\n")) else { throw fail("no reply from \(socket)") }
        let text = String(decoding: reply[..<end], as: UTF8.self)
        print(text)
        if !text.hasPrefix("{\"ok\": true}") { throw ExitCode.failure }
    }
}

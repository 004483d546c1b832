import Flipbook
import FlipbookControl
import FlipbookLinux
import FlipbookScenes
import FlipbookSim

/// The control channels of one `flipbook play`: the socket (`--control`), psplash's FIFO (`--psplash`) and a
/// command script (`--commands`, simulator), all feeding one session.
final class ControlChannels {
    let session: ControlSession
    let server: ControlServer?
    let psplash: PsplashReader?
    let script: ControlScript?
    private var nextStep = 0

    init(socketPath: String?, psplashPath: String?, scriptPath: String?, verbose: Bool) throws {
        let session = ControlSession(verbose: verbose)
        self.session = session
        do {
            server = try socketPath.map { path throws(ControlChannelError) in try ControlServer(path: path, session: session) }
            psplash = try psplashPath.map { path throws(ControlChannelError) in try PsplashReader(path: path, session: session) }
        } catch {
            throw fail("\(error)")
        }
        if let scriptPath {
            let text: [UInt8]
            do { text = try FileSystem.read(scriptPath) } catch { throw fail("cannot read \(scriptPath): \(error.reason)") }
            do { script = try ControlScript(json: text) } catch { throw fail("\(scriptPath): \(error)") }
        } else {
            script = nil
        }
    }

    /// Registers the socket and the FIFO with a real-time waiter, and the session's stop.
    func register(with waiter: inout PollWaiter<LinuxKernel>) throws {
        waiter.stopRequest = session.stop
        do {
            if let server { try waiter.addReadable(server.descriptor) { _ in server.serve() } }
            if let psplash { try waiter.addReadable(psplash.descriptor) { _ in psplash.readAvailable() } }
        } catch {
            throw fail("the control channels cannot be watched: \(error)")
        }
    }

    /// When a scene of length `duration` stops playing: never while a socket or FIFO may still send commands;
    /// with a script alone, a second after its last step (at least the scene's length).
    func sceneEnd(_ duration: Int64?) -> Int64? {
        if server != nil || psplash != nil { return nil }
        guard let last = script?.steps.last?.micros else { return duration }
        return max(duration ?? 0, last + 1_000_000)
    }

    /// Scene time of the next script step, if any.
    var nextStepMicros: Int64? {
        guard let script, nextStep < script.steps.count else { return nil }
        return script.steps[nextStep].micros
    }

    /// Applies the next script step, the model settled at its time (`SimulatorWaiter.settleTime()` hands it
    /// to the run loop); refusals are printed.
    func runNextStep() {
        guard let script, nextStep < script.steps.count else { return }
        let step = script.steps[nextStep]
        nextStep += 1
        step.line.withUnsafeBufferPointer { line in
            session.handle(line) { reply in
                let text = String(decoding: reply.dropLast(), as: UTF8.self)
                if !text.hasPrefix("{\"ok\"") {
                    printError("flipbook: command at t=\(Double(step.micros) / 1e6) s: \(text)")
                }
            }
        }
    }
}

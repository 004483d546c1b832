import FlipbookLinux
import Motion

/// Plays a scene file in real time on a DRM/KMS or fbdev display, or writes PPM frames of it (see
/// `PlayerCommand` for the command line).
///
/// Setup allocates from the runtime's setup heap, which is sealed while frames are drawn: an allocation in a
/// frame ends the process with status 70. Exit statuses are `flipbook play`'s: 0 played (also when ended by
/// SIGINT, SIGTERM or SIGHUP), 1 the scene was refused or a frame failed, 3 … 11 the display
/// (`DisplayError.exitStatus`), 64 a bad command line; and the player's own 70 (an allocation in a frame),
/// 71 (setup needs more than the 64 MB setup heap), 74 (writing PPM failed).
@_cdecl("flipbook_main")
public func flipbookMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32 {
    let command: PlayerCommand
    do { command = try PlayerCommand.parse(argc, argv) } catch {
        reportLine("flipbook-player: " + error.reason)
        report(PlayerCommand.usage)
        return 64
    }
    do throws(PlayerError) {
        let scene = try SceneInput(path: command.scene)
        switch command.output {
        case .ppmFrames(let frames):
            let duration = scene.durationMicros
            return try writeFrames(of: scene, command: command) { index in
                index < frames ? duration * Int64(index) / Int64(frames) : nil
            }
        case .ppmStill:
            let micros = command.stillMicros ?? 0
            return try writeFrames(of: scene, command: command) { index in index == 0 ? micros : nil }
        case .display(let backend):
            let kernel = UAPIKernel()
            // Declared first, so it goes last: the display restores its configuration before text mode returns.
            let console: ConsoleGuard<UAPIKernel>
            do { console = try ConsoleGuard(kernel: kernel) } catch { throw .display(error) }
            let summary = try ScreenPlayback(command: command, scene: scene, kernel: kernel, backend: backend).run()
            reportLine("flipbook-player: " + summary)
            _ = consume console
            return 0
        }
    } catch {
        for line in error.lines { reportLine(line) }
        return error.exitStatus
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CMallocCounter
import FlipbookScenes
import FlipbookSim

/// `tools/fuzz/soak-frames.sh`: draws FRAMES consecutive 60 Hz frames of `SoakScene` at 320 × 240 in an
/// optimised build and counts the allocations of the frame loop (after one warm-up period of 48 s), which
/// must be 0. Prints progress every 100,000 frames; exits 1 on any allocation or refused frame.
@main enum FrameSoak {
    static func main() throws {
        let arguments = CommandLine.arguments
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
        let scene = try LoadedScene(json: Array(SoakScene.json(width: 320, height: 240).utf8), fileName: "soak.json")
        var runLoop = try scene.makeRunLoop(layout: .xrgb8888)
        let display = try SimulatorDisplay(width: 320, height: 240, layout: .xrgb8888, clock: VirtualClock(framesPerSecond: 60))
        let clock = display.clock
        var frame: Int64 = 0
        while clock.micros(ofFrame: frame) < SoakScene.periodMicros {
            _ = try runLoop.drawFrame(at: clock.micros(ofFrame: frame), into: display.backBuffer)
            runLoop.finishFrame(shownAt: clock.micros(ofFrame: frame))
            frame += 1
        }
        let before = cmc_allocation_count()
        var drawn = 0
        for index in 1...count {
            let time = clock.micros(ofFrame: frame)
            if try runLoop.drawFrame(at: time, into: display.backBuffer) { drawn += 1 }
            runLoop.finishFrame(shownAt: time)
            frame += 1
            if index % 100_000 == 0 {
                print("soak-frames: \(index) frames (scene time \(time / 1_000_000) s), \(cmc_allocation_count() - before) allocations")
            }
        }
        let mallocs = cmc_allocation_count() - before
        print("soak-frames: \(count) consecutive frames at 320×240, \(drawn) drawn, \(mallocs) allocations")
        if mallocs != 0 || drawn != count { exit(1) }
    }
}

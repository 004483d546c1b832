#if canImport(Glibc)
import Glibc
#endif
import CMallocCounter
import FlipbookScenes
import FlipbookSim

/// `tools/fuzz/soak-frames.sh`: draws FRAMES consecutive 60 Hz frames of `SoakScene` at 320 × 240 in an
/// optimised build and counts the allocations of the frame loop (after `SoakScene.warmUp`), which must be 0. Prints progress every 100,000 frames; exits 1 on any allocation or refused frame.
@main enum FrameSoak {
    static func main() throws {
        let arguments = CommandLine.arguments
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
        let scene = try LoadedScene(json: Array(SoakScene.json(width: 320, height: 240).utf8), fileName: "soak.json")
        var runLoop = try scene.makeRunLoop(layout: .xrgb8888)
        let display = try SimulatorDisplay(width: 320, height: 240, layout: .xrgb8888, clock: VirtualClock(framesPerSecond: 60))
        let first = try SoakScene.warmUp(&runLoop, into: display.backBuffer)
        var frame = first
        var drawn = 0
        var mallocs: UInt64 = 0
        while frame < first + Int64(count) {
            let chunk = min(100_000, first + Int64(count) - frame)
            let before = cmc_allocation_count()
            drawn += try SoakScene.drawFrames(&runLoop, into: display.backBuffer, clock: display.clock,
                                              frames: frame ..< frame + chunk)
            mallocs += cmc_allocation_count() - before
            frame += chunk
            // (Printing allocates: outside the counted stretch.)
            print("soak-frames: \(frame - first) frames (scene time \(display.clock.micros(ofFrame: frame) / 1_000_000) s), "
                  + "\(mallocs) allocations")
        }
        print("soak-frames: \(count) consecutive frames at 320×240, \(drawn) drawn, \(mallocs) allocations")
        if mallocs != 0 || drawn != count { exit(1) }
    }
}

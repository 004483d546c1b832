import CMallocCounter
import FlipbookSim
import Foundation
import Raster
import Testing
@testable import Flipbook
@testable import FlipbookScenes

/// Long play on the virtual clock (issue 20). `FLIPBOOK_SOAK_DAYS` (2 in `make test`, 30 in `make soak`) simulated
/// days of `SoakScene`, sampled: whole periods of 48 s at the start of every day and around the times where a
/// narrow clock would overflow (up to 49.7 days, whatever the number of days). Each sampled period replays the
/// command schedule and draws a frame every 0.25 s; every frame must equal the same frame of period 1, and the
/// stores, the blocks a period leaves live (allocations minus releases) and the heap must not grow. Not the
/// allocation count itself: the commands' arrays grow by reallocation, and how often depends on the spare bytes
/// glibc hands out with a block (Swift sizes an array's capacity by `malloc_usable_size`), which varies with what
/// other threads left in the heap — 1,286 against 1,290 allocations a period in one `make test`.
/// `FLIPBOOK_SOAK_FRAMES` (300 in `make test`; `make soak` runs 10⁶ in an optimised build,
/// tools/fuzz/soak-frames.sh) consecutive 60 Hz frames at 320 × 240 must allocate nothing.
@Suite(.serialized) struct SoakTests {
    static func environment(_ name: String, default value: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? value
    }

    static let day: Int64 = 86_400_000_000
    static let frameStep: Int64 = 250_000

    /// The periods sampled over `days`: 1 (the reference) and 2, the first period of every later day, the last
    /// period of the run, and, whatever `days`, the periods holding 2³¹ and 2³² µs (35.8 and 71.6 min: a 32-bit
    /// µs tick), 2¹⁵ and 2¹⁶ s (9.1 and 18.2 h: Q16.16 seconds), 2³¹ and 2³² ms (24.9 and 49.7 days: a 32-bit ms
    /// tick); the clock jumps to them.
    static func sampledPeriods(days: Int) -> [Int64] {
        let period = SoakScene.periodMicros
        var periods: [Int64] = [1, 2, Int64(max(days, 1)) * day / period - 1]
        for start in 1..<max(days, 1) { periods.append(Int64(start) * day / period) }
        for boundary: Int64 in [1 << 31, 1 << 32, 32_768_000_000, 65_536_000_000, 2_147_483_648_000, 4_294_967_296_000] {
            periods.append(boundary / period)
        }
        return Array(Set(periods)).sorted()
    }

    /// The process's heap in use (bytes allocated and not freed) and resident set in KiB.
    static func memory() -> (heap: Int, residentKiB: Int) {
        let heap = Int(cmc_heap_bytes_in_use())
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (heap, pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024)
    }

    /// FNV-1a of the surface's pixel rows.
    static func hash(_ surface: Surface) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let rowBytes = surface.width * surface.layout.bytesPerPixel
        for row in 0..<surface.height {
            let start = (surface.baseAddress + row * surface.strideBytes).assumingMemoryBound(to: UInt8.self)
            for byte in 0..<rowBytes { hash = (hash ^ UInt64(start[byte])) &* 0x100_0000_01B3 }
        }
        return hash
    }

    @Test func simulatedDaysRepeatExactly() throws {
        let days = Self.environment("FLIPBOOK_SOAK_DAYS", default: 2)
        let scene = try LoadedScene(json: Array(SoakScene.json(width: 96, height: 64).utf8), fileName: "soak.json")
        var runLoop = try scene.makeRunLoop(layout: .xrgb8888)
        let display = try SimulatorDisplay(width: 96, height: 64, layout: .xrgb8888, clock: VirtualClock(framesPerSecond: 60))
        let applier = ControlApplier(scene: scene)
        let period = SoakScene.periodMicros
        var reference: [UInt64] = []
        var referenceLive: Int64?
        var mallocs: UInt64 = 0
        var stores: (animations: Int, curveBytes: Int)?
        var afterDayOne: (heap: Int, residentKiB: Int)?
        var frames = 0
        // Replies are checked after a period's allocations are counted: the testing library's own
        // allocations in `#expect` vary with what other suites are running, and are not the engine's.
        func play(period index: Int64) throws -> (hashes: [UInt64], replies: [String]) {
            var hashes: [UInt64] = []
            var replies: [String] = []
            var next = 0
            var offset: Int64 = 0
            while offset < period {
                let time = index * period + offset
                _ = try runLoop.drawFrame(at: time, into: display.backBuffer)
                runLoop.finishFrame(shownAt: time)
                hashes.append(Self.hash(display.backBuffer))
                frames += 1
                while next < SoakScene.commands.count && SoakScene.commands[next].0 <= offset {
                    replies.append(ControlCommandTests.reply(applier, SoakScene.commands[next].1))
                    next += 1
                }
                offset += Self.frameStep
            }
            return (hashes, replies)
        }
        _ = try play(period: 0)
        for index in Self.sampledPeriods(days: days) {
            let (allocationsBefore, releasesBefore) = (cmc_allocation_count(), cmc_release_count())
            let (hashes, replies) = try play(period: index)
            mallocs = cmc_allocation_count() - allocationsBefore
            let live = Int64(mallocs) - Int64(cmc_release_count() - releasesBefore)
            for (reply, command) in zip(replies, SoakScene.commands) {
                #expect(reply == "{\"ok\": true}\n", "period \(index): \(command.1)")
            }
            #expect(replies.count == SoakScene.commands.count, "period \(index)")
            let engine = scene.engine
            let used = (engine.animations.usedCount, engine.curveStore.usedBytes)
            if index == 1 {
                reference = hashes
                continue
            }
            let differing = zip(hashes, reference).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(differing.isEmpty, "period \(index) (day \(index * period / Self.day)): frames at \(differing.prefix(5).map { Double($0) * 0.25 }) s differ from period 1")
            // After the first sampled period the engine's stores hold the same and a period leaves as many blocks
            // live (the hashes and replies it returns).
            if let stores {
                #expect(used == stores, "period \(index): animations and curve bytes \(used), were \(stores)")
            } else {
                stores = used
            }
            if let referenceLive {
                #expect(live == referenceLive, "period \(index): \(live) blocks left live, were \(referenceLive)")
            } else {
                referenceLive = live
            }
            if afterDayOne == nil && index * period >= Self.day { afterDayOne = Self.memory() }
        }
        let last = Self.memory()
        print("soak: \(days) days, \(Self.sampledPeriods(days: days).count) periods of 48 s sampled, \(frames) frames; "
              + "heap \(afterDayOne?.heap ?? 0) → \(last.heap) bytes, resident \(afterDayOne?.residentKiB ?? 0) → "
              + "\(last.residentKiB) KiB after day 1 → at the end; \(mallocs) allocations and \(referenceLive ?? 0) "
              + "blocks left live a period; "
              + "stores \(stores.map { "\($0)" } ?? "-")")
        // Other suites run beside this one in `make test`: the heap is compared only when the soak runs alone.
        // It must not grow (the test harness may free a little of its own meanwhile).
        if ProcessInfo.processInfo.environment["FLIPBOOK_SOAK_ALONE"] != nil, let afterDayOne {
            #expect(last.heap <= afterDayOne.heap, "heap after day 1: \(afterDayOne.heap) bytes, at the end: \(last.heap)")
        }
    }

    @Test func consecutiveFramesAllocateNothing() throws {
        let count = Self.environment("FLIPBOOK_SOAK_FRAMES", default: 300)
        let scene = try LoadedScene(json: Array(SoakScene.json(width: 320, height: 240).utf8), fileName: "soak.json")
        var runLoop = try scene.makeRunLoop(layout: .xrgb8888)
        let display = try SimulatorDisplay(width: 320, height: 240, layout: .xrgb8888, clock: VirtualClock(framesPerSecond: 60))
        let first = try SoakScene.warmUp(&runLoop, into: display.backBuffer)
        let before = cmc_allocation_count()
        let changed = try SoakScene.drawFrames(&runLoop, into: display.backBuffer, clock: display.clock,
                                               frames: first ..< first + Int64(count))
        let mallocs = cmc_allocation_count() - before
        print("soak: \(count) consecutive frames at 320×240 (\(changed) drawn), \(mallocs) allocations")
        #expect(mallocs == 0)
        #expect(changed == count)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CMallocCounter
import FixedPoint
import Flipbook
import FlipbookLinux
import Raster
import Testing

/// Virtual time shared by a test display and its waiter.
final class VirtualTime {
    var now: Int64 = 0
}

/// A display in memory on virtual time: a present shows the frame one interval after now (and after the last
/// frame), and records when.
struct MemoryDisplay: Display, ~Copyable {
    let storage: SurfaceStorage
    let time: VirtualTime
    /// Present times, room for `capacity` (allocated at setup).
    let presentTimes: UnsafeMutableBufferPointer<Int64>
    var presentCount = 0
    var refreshIntervalMicros: Int64 { 16_667 }
    var backBuffer: Surface { storage.surface }

    init(time: VirtualTime, capacity: Int = 4096) throws {
        storage = try SurfaceStorage(width: 64, height: 48, layout: .xrgb8888)
        self.time = time
        presentTimes = .allocate(capacity: capacity)
    }

    deinit { presentTimes.deallocate() }

    mutating func present(damage: borrowing DamageList) throws(DisplayError) -> Int64 {
        let last = presentCount > 0 ? presentTimes[min(presentCount, presentTimes.count) - 1] : Int64.min / 2
        let shown = max(last + refreshIntervalMicros, time.now + refreshIntervalMicros)
        if presentCount < presentTimes.count { presentTimes[presentCount] = shown }
        presentCount += 1
        return shown
    }

    var presents: [Int64] { Array(presentTimes.prefix(presentCount)) }
}

/// `PollWaiter` on a virtual clock, mirroring its time for the display; counts its waits.
struct MemoryWaiter: FrameWaiter, ~Copyable {
    var poll: PollWaiter<LinuxKernel>
    let time: VirtualTime
    var waits = 0

    init(time: VirtualTime) {
        poll = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        self.time = time
    }

    mutating func now() -> Int64 {
        time.now = poll.now()
        return time.now
    }

    mutating func wait(until deadline: Int64?) -> FrameWake {
        waits += 1
        let wake = poll.wait(until: deadline)
        time.now = poll.now()
        return wake
    }
}

@Suite("The run loop")
struct RunLoopTests {
    static let interval: Int64 = 16_667

    static func runLoop(_ build: (Engine) throws -> Void) throws -> RunLoop {
        let engine = try Engine(configuration: EngineConfiguration(
            canvasWidth: 64, canvasHeight: 48, layerCapacity: 16, animationCapacity: 32))
        try engine.beginTransaction()
        try engine.setDisableActions(true)
        let layer = try engine.createLayer()
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 20, height: 20), for: .bounds, of: layer)
        try engine.setValue(.pair(20, 20), for: .position, of: layer)
        try engine.setValue(.color(Color(red: 200, green: 40, blue: 40)), for: .backgroundColor, of: layer)
        try build(engine)
        try engine.commitTransaction()
        let compositor = try Compositor(configuration: CompositorConfiguration(
            width: 64, height: 48, layout: .xrgb8888, layerCapacity: 16, backgroundColor: Color(red: 0, green: 0, blue: 0)))
        return RunLoop(engine: engine, compositor: compositor)
    }

    /// The first layer under the root.
    static func card(_ engine: Engine) throws -> LayerID { try #require(engine.sublayers(of: engine.root).first) }

    static func move(from: Double, to: Double, begin: Double, duration: Double, repeatCount: Double = 0) -> Animation {
        .basic(BasicAnimation(keyPath: .positionX, from: .number(from), to: .number(to), timing: AnimationTiming(
            beginTime: begin, duration: duration, repeatCount: repeatCount)))
    }

    /// A still scene played for 10 s presents its first frame only and wakes a handful of times.
    @Test func stillScenePresentsOnce() throws {
        var runLoop = try Self.runLoop { _ in }
        let time = VirtualTime()
        var display = try MemoryDisplay(time: time)
        var waiter = MemoryWaiter(time: time)
        let end = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(end: 10_000_000))
        #expect(end == .sceneEnded)
        #expect(display.presentCount == 1)
        #expect(runLoop.presentedFrames == 1)
        #expect(runLoop.engine.nextChangeTime() == nil)
        #expect(waiter.waits <= 2, "\(waiter.waits) waits, frame time \(runLoop.frameTime)")
        #expect(runLoop.lastShown - runLoop.firstShown >= 10_000_000 - Self.interval)
    }

    /// A move from 1.0 s to 1.5 s: nothing presented before it begins, then a frame per slot while it moves.
    @Test func sleepsUntilTheAnimationBegins() throws {
        var runLoop = try Self.runLoop { engine in
            try engine.addAnimation(Self.move(from: 10, to: 40, begin: 1, duration: 0.5), forKey: "move",
                                    to: try Self.card(engine))
        }
        let time = VirtualTime()
        var display = try MemoryDisplay(time: time)
        var waiter = MemoryWaiter(time: time)
        let end = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(end: 3_000_000))
        #expect(end == .sceneEnded)
        let presents = display.presents.map { $0 - display.presents[0] }
        #expect(presents.count >= 30 && presents.count <= 33, "\(presents)")
        #expect(presents[1] >= 1_000_000 && presents[1] < 1_000_000 + Self.interval, "\(presents)")
        for (earlier, later) in zip(presents.dropFirst(), presents.dropFirst(2)) {
            #expect(later - earlier == Self.interval)
        }
        #expect(presents.last! <= 1_500_000 + Self.interval)
    }

    /// While a display link runs, the loop wakes at every slot; its timestamps are the frames' display times
    /// (the present times when something changed), its target one interval later.
    @Test func displayLinkFollowsTheFrames() throws {
        var runLoop = try Self.runLoop { engine in
            try engine.addAnimation(Self.move(from: 10, to: 40, begin: 0.2, duration: 0.1), forKey: "move",
                                    to: try Self.card(engine))
        }
        final class Log { var stamps: [(Int64, Int64, Int64)] = [] }
        let log = Log()
        runLoop.displayLink = try DisplayLink(frameInterval: Self.interval) { link in
            log.stamps.append((link.timestamp, link.targetTimestamp, link.duration))
        }
        let time = VirtualTime()
        var display = try MemoryDisplay(time: time)
        var waiter = MemoryWaiter(time: time)
        _ = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(end: 500_000))
        let stamps = log.stamps.map(\.0)
        #expect(stamps.count == 30, "\(stamps.count)")  // slots 0 … 29 × 16 667 µs ≤ 500 ms
        for (earlier, later) in zip(stamps, stamps.dropFirst()) { #expect(later - earlier == Self.interval) }
        #expect(log.stamps.allSatisfy { $0.1 == $0.0 + Self.interval && $0.2 == Self.interval })
        #expect(Set(display.presents).isSubset(of: Set(stamps)))
        #expect(display.presentCount < stamps.count)
    }

    /// 600 warmed frames of a moving scene on the virtual clock, with a timer writing into a pipe every 50 ms
    /// and the pipe's handler reading it: no allocation.
    @Test func framesAllocateNothingWithDescriptorEvents() throws {
        var runLoop = try Self.runLoop { engine in
            try engine.addAnimation(Self.move(from: 0, to: 44, begin: 0, duration: 0.7, repeatCount: .infinity),
                                    forKey: "move", to: try Self.card(engine))
        }
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        final class Counter { var reads = 0; var writes = 0 }
        let counter = Counter()
        let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { byte.deallocate() }
        let time = VirtualTime()
        var display = try MemoryDisplay(time: time)
        var waiter = MemoryWaiter(time: time)
        let readEnd = pipeEnds[0], writeEnd = pipeEnds[1]
        try waiter.poll.addReadable(readEnd) { fd in
            if read(fd, byte, 1) == 1 { counter.reads += 1 }
        }
        try waiter.poll.addTimer(firstAt: 50_000, interval: 50_000) { _ in
            if write(writeEnd, byte, 1) == 1 { counter.writes += 1 }
        }
        _ = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(limit: 1_000_000))
        let presentedBefore = runLoop.presentedFrames, readsBefore = counter.reads
        let before = cmc_allocation_count()
        _ = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(limit: 10_000_000))
        let allocations = cmc_allocation_count() - before
        #expect(allocations == 0)
        #expect(runLoop.presentedFrames - presentedBefore >= 600)
        #expect(counter.reads - readsBefore >= 190)
        #expect(counter.reads == counter.writes)
    }

    /// On the monotonic clock a wait ends at its deadline, or as soon as a registered descriptor is readable.
    @Test func monotonicWaitWakesForDeadlineOrDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        final class Reads { var count = 0 }
        let reads = Reads()
        var waiter = PollWaiter(kernel: LinuxKernel())
        try waiter.addReadable(ends[0]) { fd in
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { reads.count += 1 }
        }
        let start = waiter.now()
        #expect(waiter.wait(until: start + 30_000) == .deadline)
        let waited = waiter.now() - start
        #expect(waited >= 30_000 && waited < 2_000_000, "\(waited) µs")
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        let before = waiter.now()
        #expect(waiter.wait(until: before + 5_000_000) == .event)
        #expect(waiter.now() - before < 2_000_000)
        #expect(reads.count == 1)
    }

    /// Bad sources are refused with the error naming them; a virtual waiter with nothing to wait for stops.
    @Test func refusesBadSources() throws {
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        do {
            try waiter.addReadable(-1) { _ in }
            Issue.record("a negative descriptor was accepted")
        } catch {
            #expect(error == .invalidDescriptor(-1))
        }
        do {
            try waiter.addTimer(firstAt: 0, interval: 0) { _ in }
            Issue.record("a zero interval was accepted")
        } catch {
            #expect(error == .invalidInterval(0))
        }
        for _ in 0 ..< PollWaiter<LinuxKernel>.timerCapacity { try waiter.addTimer(firstAt: .max - 1, interval: nil) { _ in } }
        do {
            try waiter.addTimer(firstAt: 0, interval: nil) { _ in }
            Issue.record("a timer beyond the capacity was accepted")
        } catch {
            #expect(error == .full(kind: "timer", capacity: 16))
        }
        var idle = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        #expect(idle.wait(until: nil) == .stop)
        #expect(idle.wait(until: 1_000) == .deadline && idle.now() == 1_000)
    }
}

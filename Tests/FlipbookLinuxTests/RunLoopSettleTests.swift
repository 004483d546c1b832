import FixedPoint
import Flipbook
import FlipbookLinux
import Raster
import Testing

/// `MemoryWaiter` holding one scripted edit: its wait ends at display time `wakeAt`, and it announces the edit
/// for scene time `sceneTime`, which the run loop must run on the model settled at exactly that time.
struct ScriptedWaiter: FrameWaiter, ~Copyable {
    var inner: MemoryWaiter
    let wakeAt: Int64, sceneTime: Int64
    let engine: Engine, layer: LayerID
    /// The engine's time when the edit ran (nil: not yet).
    var ranAt: Int64?

    mutating func now() -> Int64 { inner.now() }

    mutating func wait(until deadline: Int64?) -> FrameWake {
        guard ranAt == nil, deadline.map({ $0 >= wakeAt }) ?? true else { return inner.wait(until: deadline) }
        return inner.wait(until: wakeAt) == .stop ? .stop : .event
    }

    mutating func settleTime() -> Int64? { ranAt == nil && inner.time.now >= wakeAt ? sceneTime : nil }

    mutating func runSettledWork() {
        ranAt = engine.currentTime
        try? engine.beginTransaction()
        try? engine.setDisableActions(true)
        try? engine.setValue(.pair(40, 20), for: .position, of: layer)
        try? engine.commitTransaction()
    }
}

@Suite("The run loop settles the model for a waiter's scripted work")
struct RunLoopSettleTests {
    /// A still scene with an edit at scene time 1.5 s (the waiter wakes at 2 s): the edit sees the model at
    /// 1.5 s, the loop presents it in the next slot, and nothing else is presented.
    @Test func scriptedWorkRunsOnTheModelAtItsTime() throws {
        var runLoop = try RunLoopTests.runLoop { _ in }
        let time = VirtualTime()
        var display = try MemoryDisplay(time: time)
        var waiter = ScriptedWaiter(inner: MemoryWaiter(time: time), wakeAt: 2_000_000, sceneTime: 1_500_000,
                                    engine: runLoop.engine, layer: try RunLoopTests.card(runLoop.engine))
        let end = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(end: 4_000_000))
        #expect(end == .sceneEnded)
        #expect(waiter.ranAt == 1_500_000)
        #expect(display.presentCount == 2)
        let second = try #require(display.presents.last)
        #expect(second > 2_000_000 && second <= 2_000_000 + 2 * RunLoopTests.interval, "presented at \(second)")
    }
}

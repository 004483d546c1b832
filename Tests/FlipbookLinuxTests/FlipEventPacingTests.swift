#if canImport(Glibc)
import Glibc
#endif
import CFlipbookShim
import Flipbook
@testable import FlipbookLinux
import Raster
import Testing

/// A waiter on the fake card's clock: sleeps to the deadline or to the next flip event, whichever is first,
/// as `PollWaiter` with the card's descriptor does (the display reads the event itself).
struct FakeCardWaiter: FrameWaiter, ~Copyable {
    let kernel: RecordingKernel
    var waits = 0

    mutating func now() -> Int64 { kernel.nowMicros }

    mutating func wait(until deadline: Int64?) -> FrameWake {
        waits += 1
        let flip = kernel.pendingFlips.first?.time
        guard let wake = [deadline, flip].compactMap({ $0 }).min() else { return .stop }
        kernel.nowMicros = max(kernel.nowMicros, wake)
        return .deadline
    }
}

/// Page-flip events as the run loop's frame clock: the display link's times are the events' times, frames
/// follow the vblank, and the events' `tv_sec`/`tv_usec` become microseconds exactly.
@Suite("Page-flip event pacing", .serialized)  // one test turns the shim's fault switch on and off
struct FlipEventPacingTests {
    /// On a card with a real vblank (events at multiples of the refresh interval, with sequences), a moving
    /// scene presents one frame per vblank and the display link's `timestamp` is each flip event's time, its
    /// `targetTimestamp` the next event's.
    @Test func displayLinkTimesAreTheFlipEventTimes() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        let interval = display.refreshIntervalMicros
        kernel.vblankIntervalMicros = interval
        kernel.flipSequence = 1
        var runLoop = try RunLoopTests.runLoop { engine in
            try engine.addAnimation(RunLoopTests.move(from: 0, to: 40, begin: 0, duration: 0.5), forKey: "move",
                                    to: try RunLoopTests.card(engine))
        }
        final class Log { var stamps: [(timestamp: Int64, target: Int64)] = [] }
        let log = Log()
        runLoop.displayLink = try DisplayLink(frameInterval: interval) { link in
            log.stamps.append((link.timestamp, link.targetTimestamp))
        }
        var waiter = FakeCardWaiter(kernel: kernel)
        _ = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(end: 400_000))
        let events = kernel.deliveredFlipTimes
        #expect(events.count >= 29, "\(events.count) flips")  // 400 ms at 75 Hz, the first frame at 0
        #expect(runLoop.presentedFrames == events.count)
        #expect(log.stamps.map(\.timestamp) == events)
        #expect(Array(log.stamps.map(\.target).dropLast()) == Array(events.dropFirst()))
        for (earlier, later) in zip(events, events.dropFirst()) { #expect(later - earlier == interval) }
        #expect(display.pacesByClock == false)
        #expect(kernel.calls(matching: "sleep").isEmpty)
    }

    /// Events that come at once with sequence 0 (QEMU's virtual GPUs): frames are held to the mode's refresh,
    /// so a moving scene presents at the refresh rate, not as fast as it can draw.
    @Test func instantEventsArePacedAtTheRefreshRate() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        let interval = display.refreshIntervalMicros
        var runLoop = try RunLoopTests.runLoop { engine in
            try engine.addAnimation(RunLoopTests.move(from: -10, to: 70, begin: 0, duration: 1), forKey: "move",
                                    to: try RunLoopTests.card(engine))
        }
        var waiter = FakeCardWaiter(kernel: kernel)
        _ = try runLoop.run(on: &display, waiter: &waiter, span: RunLoopSpan(end: 1_000_000))
        #expect(display.pacesByClock == true)
        let frames = runLoop.presentedFrames
        #expect(frames == Int(1_000_000 / interval) + 1, "\(frames) frames in 1 s at \(interval) µs")
        #expect(runLoop.lastShown - runLoop.firstShown == Int64(frames - 1) * interval)
    }

    /// `drm_event_vblank` records written into a pipe, read by the shim as from a card: the time is
    /// `tv_sec` × 10⁶ + `tv_usec` exactly (a `tv_sec` above 2³¹ too), the last flip of a batch wins, and other
    /// event types are skipped.
    @Test func flipEventTimesConvertExactly() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let kernel = LinuxKernel()
        Self.writeEvent(ends[1], type: 1, userData: 9, seconds: 5, micros: 5, sequence: 1)  // a vblank event
        Self.writeEvent(ends[1], type: 2, userData: 7, seconds: 4_000_000_000, micros: 999_999, sequence: 42)
        var time: Int64 = 0, sequence: UInt32 = 0, userData: UInt64 = 0
        #expect(kernel.readFlipEvent(ends[0], timeMicros: &time, sequence: &sequence, userData: &userData) == 1)
        #expect(time == 4_000_000_000_999_999 && sequence == 42 && userData == 7)
        Self.writeEvent(ends[1], type: 2, userData: 1, seconds: 1_234, micros: 1, sequence: 1)
        Self.writeEvent(ends[1], type: 2, userData: 2, seconds: 1_234, micros: 16_668, sequence: 2)
        #expect(kernel.readFlipEvent(ends[0], timeMicros: &time, sequence: &sequence, userData: &userData) == 1)
        #expect(time == 1_234_016_668 && sequence == 2 && userData == 2)
        Self.writeEvent(ends[1], type: 1, userData: 3, seconds: 1, micros: 1, sequence: 3)
        #expect(kernel.readFlipEvent(ends[0], timeMicros: &time, sequence: &sequence, userData: &userData) == 0)
    }

    /// The fault switch of the VM test (`FLIPBOOK_FAULT_DISCARD_FLIP_EVENTS=1`): the shim still reads the card's
    /// events (the descriptor is drained, so a poll does not spin) but reports no completion; switched off, the
    /// next flip event is reported again.
    @Test func theFaultSwitchDiscardsFlipEvents() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]); cfb_drm_discard_flip_events(0) }
        #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        let kernel = LinuxKernel()
        var time: Int64 = 0, sequence: UInt32 = 0, userData: UInt64 = 0
        cfb_drm_discard_flip_events(1)
        Self.writeEvent(ends[1], type: 2, userData: 4, seconds: 10, micros: 20, sequence: 7)
        #expect(kernel.readFlipEvent(ends[0], timeMicros: &time, sequence: &sequence, userData: &userData) == 0)
        #expect(time == 0 && sequence == 0 && userData == 0)
        #expect(kernel.readFlipEvent(ends[0], timeMicros: &time, sequence: &sequence, userData: &userData) == -EAGAIN)
        cfb_drm_discard_flip_events(0)
        Self.writeEvent(ends[1], type: 2, userData: 5, seconds: 11, micros: 21, sequence: 8)
        #expect(kernel.readFlipEvent(ends[0], timeMicros: &time, sequence: &sequence, userData: &userData) == 1)
        #expect(time == 11_000_021 && sequence == 8 && userData == 5)
    }

    /// A display's descriptor in `PollWaiter` ends a wait as soon as it is readable, quietly (`.deadline`, not
    /// `.event`), after its handler ran.
    @Test func displayEventsEndAWaitQuietly() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        final class Reads { var times: [Int64] = [] }
        let reads = Reads()
        let kernel = LinuxKernel()
        var waiter = PollWaiter(kernel: kernel)
        try waiter.addDisplayEvents(ends[0]) { fd in
            var time: Int64 = 0, sequence: UInt32 = 0, userData: UInt64 = 0
            if kernel.readFlipEvent(fd, timeMicros: &time, sequence: &sequence, userData: &userData) == 1 {
                reads.times.append(time)
            }
        }
        Self.writeEvent(ends[1], type: 2, userData: 1, seconds: 77, micros: 123_456, sequence: 5)
        let before = waiter.now()
        #expect(waiter.wait(until: before + 5_000_000) == .deadline)
        #expect(waiter.now() - before < 2_000_000)
        #expect(reads.times == [77_123_456])
    }

    /// One `struct drm_event_vblank` (32 bytes, little-endian): type, length, user_data, tv_sec, tv_usec,
    /// sequence, crtc_id.
    static func writeEvent(_ fd: Int32, type: UInt32, userData: UInt64, seconds: UInt32, micros: UInt32,
                           sequence: UInt32) {
        var bytes: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(type); append(UInt32(32)); append(userData); append(seconds); append(micros); append(sequence)
        append(UInt32(31))
        #expect(write(fd, bytes, bytes.count) == 32)
    }
}

import CFlipbookShim
import Raster

/// The run loop's Linux event sources, waited on in one poll(2): readable file descriptors (input devices,
/// sockets, a signalfd: registered at setup with a handler each), timers and deadline sources, plus the console guard's stop
/// signals, and a display's own events (DRM page-flip completions: `addDisplayEvents`). The clock is `CLOCK_MONOTONIC`, the clock DRM page-flip events and `present` report; or a
/// virtual clock (`virtualStart`) that jumps to each deadline, for tests and recordings, where descriptors
/// are polled without waiting.
///
/// Setup allocates the tables; `wait` allocates nothing (the handlers may).
public struct PollWaiter<Kernel: ShimKernel>: FrameWaiter, ~Copyable {
    private let kernel: Kernel
    private let descriptors: UnsafeMutableBufferPointer<Int32>
    private let ready: UnsafeMutableBufferPointer<UInt8>
    /// Per descriptor: 1 for a display's events, whose handler ends a wait quietly (`.deadline`, maybe early).
    private let quiet: UnsafeMutableBufferPointer<UInt8>
    private var readHandlers: [(_ fd: Int32) -> Void] = []
    private let timerDeadlines: UnsafeMutableBufferPointer<Int64>
    private let timerIntervals: UnsafeMutableBufferPointer<Int64>
    private var timerHandlers: [(_ now: Int64) -> Void] = []
    /// Deadlines asked for at every wait (a long press due while a finger is held still), with their handlers.
    private var deadlineSources: [(next: () -> Int64?, handler: (_ now: Int64) -> Void)] = []
    private var virtualNow: Int64?
    /// A stop event handlers may ask for (a control command's `quit`); `wait` then answers `.stop`.
    public var stopRequest: StopRequest?
    /// Descriptors handlers add or drop during a wait (hot-plugged devices), applied after the handlers ran.
    public var descriptorChanges: DescriptorChanges?

    /// Descriptors and timers this waiter can hold.
    public static var descriptorCapacity: Int { 32 }
    public static var timerCapacity: Int { 16 }

    /// A waiter on `kernel`'s monotonic clock, or on a virtual clock starting at `virtualStart` µs.
    public init(kernel: Kernel, virtualStart: Int64? = nil) {
        self.kernel = kernel
        virtualNow = virtualStart
        descriptors = .allocate(capacity: Self.descriptorCapacity)
        ready = .allocate(capacity: Self.descriptorCapacity)
        ready.initialize(repeating: 0)
        quiet = .allocate(capacity: Self.descriptorCapacity)
        quiet.initialize(repeating: 0)
        timerDeadlines = .allocate(capacity: Self.timerCapacity)
        timerIntervals = .allocate(capacity: Self.timerCapacity)
        readHandlers.reserveCapacity(Self.descriptorCapacity)
        timerHandlers.reserveCapacity(Self.timerCapacity)
        deadlineSources.reserveCapacity(Self.timerCapacity)
    }

    deinit {
        descriptors.deallocate()
        ready.deallocate()
        quiet.deallocate()
        timerDeadlines.deallocate()
        timerIntervals.deallocate()
    }

    /// Calls `handler` with `fd` whenever it is readable (or hung up) during a wait. Setup only.
    ///
    /// - Throws: `.invalidDescriptor` for a negative descriptor, `.full` beyond `descriptorCapacity`.
    public mutating func addReadable(_ fd: Int32, handler: @escaping (_ fd: Int32) -> Void) throws(EventSourceError) {
        try add(fd, quiet: false, handler: handler)
    }

    /// Calls `handler` with a display's descriptor `fd` (a DRM card's, whose page-flip completion events it
    /// reads) whenever it is readable during a wait, and ends that wait as `.deadline`, not as an event:
    /// `Display.waitUntilShown` then asks the display again, and a run loop woken early goes back to sleep.
    /// Setup only.
    ///
    /// - Throws: `.invalidDescriptor` for a negative descriptor, `.full` beyond `descriptorCapacity`.
    public mutating func addDisplayEvents(_ fd: Int32, handler: @escaping (_ fd: Int32) -> Void) throws(EventSourceError) {
        try add(fd, quiet: true, handler: handler)
    }

    private mutating func add(_ fd: Int32, quiet isQuiet: Bool, handler: @escaping (_ fd: Int32) -> Void) throws(EventSourceError) {
        guard fd >= 0 else { throw .invalidDescriptor(fd) }
        guard readHandlers.count < Self.descriptorCapacity else {
            throw .full(kind: "file descriptor", capacity: Self.descriptorCapacity)
        }
        descriptors[readHandlers.count] = fd
        quiet[readHandlers.count] = isQuiet ? 1 : 0
        readHandlers.append(handler)
    }

    /// Stops polling `fd` (every registration of it). Answers whether it was registered. Allocates nothing.
    @discardableResult
    public mutating func removeReadable(_ fd: Int32) -> Bool {
        var kept = 0, removed = false
        for index in 0 ..< readHandlers.count {
            if descriptors[index] == fd { removed = true; continue }
            descriptors[kept] = descriptors[index]
            quiet[kept] = quiet[index]
            if kept != index { readHandlers.swapAt(kept, index) }
            kept += 1
        }
        readHandlers.removeLast(readHandlers.count - kept)
        return removed
    }

    /// Applies the changes handlers queued in `descriptorChanges`; additions beyond the capacity are refused
    /// and counted in `DescriptorChanges.refusedAdditions`.
    private mutating func applyDescriptorChanges() {
        guard let changes = descriptorChanges, !changes.isEmpty else { return }
        for index in 0 ..< changes.removals.count { removeReadable(changes.removals[index]) }
        changes.removals.removeAll(keepingCapacity: true)
        for index in 0 ..< changes.additions.count {
            let addition = changes.additions[index]
            do { try add(addition.fd, quiet: false, handler: addition.handler) } catch { changes.refusedAdditions += 1 }
        }
        changes.additions.removeAll(keepingCapacity: true)
    }

    /// Calls `handler` with the clock's time at `firstAt` µs, then every `interval` µs (nil: once). Setup only.
    ///
    /// - Throws: `.invalidInterval` for a non-positive interval, `.full` beyond `timerCapacity`.
    public mutating func addTimer(firstAt: Int64, interval: Int64?,
                                  handler: @escaping (_ now: Int64) -> Void) throws(EventSourceError) {
        if let interval, interval <= 0 { throw .invalidInterval(interval) }
        guard timerHandlers.count < Self.timerCapacity else { throw .full(kind: "timer", capacity: Self.timerCapacity) }
        timerDeadlines[timerHandlers.count] = firstAt
        timerIntervals[timerHandlers.count] = interval ?? 0
        timerHandlers.append(handler)
    }

    /// Asks `next` at every wait when something is next due (µs on this waiter's clock; nil: nothing) and calls
    /// `handler` with the time once that has come; the handler must move or clear the deadline. Setup only.
    ///
    /// - Throws: `.full` beyond `timerCapacity` deadline sources.
    public mutating func addDeadline(_ next: @escaping () -> Int64?,
                                     handler: @escaping (_ now: Int64) -> Void) throws(EventSourceError) {
        guard deadlineSources.count < Self.timerCapacity else { throw .full(kind: "deadline", capacity: Self.timerCapacity) }
        deadlineSources.append((next, handler))
    }

    /// Now on the waiter's clock (µs).
    public mutating func now() -> Int64 { currentTime() }

    /// Polls the descriptors until `deadline` or the earliest timer (none: until a descriptor or a signal),
    /// runs the handlers of what is ready and of timers that are due. `.stop` when a termination signal
    /// arrived, or when nothing could end the wait; `.deadline` also when only a display's events came.
    /// An interrupted poll (EINTR) is polled again.
    public mutating func wait(until deadline: Int64?) -> FrameWake {
        guard kernel.stopSignal() == 0, stopRequest?.isRequested != true else { return .stop }
        applyDescriptorChanges()
        var until = deadline
        for index in 0 ..< timerHandlers.count where timerDeadlines[index] != .max {
            until = min(until ?? .max, timerDeadlines[index])
        }
        for index in 0 ..< deadlineSources.count {
            if let due = deadlineSources[index].next() { until = min(until ?? .max, due) }
        }
        if until == nil && virtualNow != nil { return .stop }
        var woke = false, displayEvent = false
        repeat {
            let now = currentTime()
            let timeout: Int64 = virtualNow != nil ? 0 : until.map { max($0 &- now, 0) } ?? -1
            if !readHandlers.isEmpty {
                let count = Int32(readHandlers.count)
                let result = _unsafePerformance {
                    cfb_poll_readable_set(descriptors.baseAddress!, ready.baseAddress!, count, timeout)
                }
                if result > 0 {
                    for index in 0 ..< readHandlers.count where ready[index] != 0 {
                        readHandlers[index](descriptors[index])
                        if quiet[index] != 0 { displayEvent = true } else { woke = true }
                    }
                    applyDescriptorChanges()  // after the loop: its indices stay valid while handlers run
                }
            } else if virtualNow == nil {
                _ = kernel.sleep(untilMicros: until ?? now &+ 3_600_000_000)  // a signal cuts it short
            }
            if kernel.stopSignal() != 0 || stopRequest?.isRequested == true { return .stop }
            if !woke && !displayEvent, let until, let virtual = virtualNow { virtualNow = max(virtual, until) }
            woke = fireDueTimers() || woke
        } while !woke && !displayEvent && until.map({ currentTime() < $0 }) ?? true
        return woke ? .event : .deadline
    }

    /// Runs the handlers of timers and deadlines whose time has come; returns whether any ran.
    private mutating func fireDueTimers() -> Bool {
        let now = currentTime()
        var fired = false
        for index in 0 ..< timerHandlers.count where timerDeadlines[index] <= now {
            let interval = timerIntervals[index]
            timerDeadlines[index] = interval > 0 ? max(timerDeadlines[index] &+ interval, now &+ 1) : .max
            timerHandlers[index](now)
            fired = true
        }
        for index in 0 ..< deadlineSources.count {
            guard let due = deadlineSources[index].next(), due <= now else { continue }
            deadlineSources[index].handler(now)
            fired = true
        }
        return fired
    }

    private func currentTime() -> Int64 { virtualNow ?? kernel.monotonicMicros() }
}

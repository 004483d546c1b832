// The counter of tools/embedded/bench/counter.c (raw system calls and counter registers, no libc).

/// Chooses the counter: 1 CPU cycles (perf_event_open), 2 the architectural timer, 3 CLOCK_MONOTONIC.
@_extern(c, "fbb_counter_open")
func sys_counterOpen(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, _ argc: Int32) -> Int32

/// The counter now, in ticks.
@_extern(c, "fbb_counter_read")
func sys_counterRead() -> UInt64

/// The timer's ticks per second, or 0 when the counter counts CPU cycles.
@_extern(c, "fbb_counter_hertz")
func sys_counterHertz() -> UInt64

/// perf_event_open's −errno when it failed, else 0.
@_extern(c, "fbb_perf_error")
func sys_perfError() -> Int32

/// clock_gettime(CLOCK_MONOTONIC) in nanoseconds.
@_extern(c, "fbb_monotonic_nanos")
func sys_monotonicNanos() -> Int64

/// Fills `count` bytes (a multiple of 8, 8-byte aligned) with `value` by 64-bit stores.
@_extern(c, "fbb_memset_words")
func sys_memsetWords(_ destination: UnsafeMutableRawPointer, _ value: UInt8, _ count: Int)

/// The benchmark's clock: which counter it reads and how many ticks make a second.
struct BenchClock {
    /// What the ticks count.
    enum Source { case cpuCycles, architecturalTimer, monotonicClock }

    let source: Source
    /// Ticks per second (measured against CLOCK_MONOTONIC for CPU cycles).
    let ticksPerSecond: UInt64

    /// Opens the best counter the kernel and CPU allow (`argv` locates the auxiliary vector).
    init(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) {
        switch sys_counterOpen(argv, argc) {
        case 1: source = .cpuCycles
        case 2: source = .architecturalTimer
        default: source = .monotonicClock
        }
        let hertz = sys_counterHertz()
        ticksPerSecond = hertz > 0 ? hertz : BenchClock.calibrate()
    }

    /// Nanoseconds in `ticks`.
    func nanoseconds(_ ticks: UInt64) -> Int64 {
        let product = ticks.multipliedFullWidth(by: 1_000_000_000)
        return Int64(ticksPerSecond.dividingFullWidth(product).quotient)
    }

    /// Counter ticks per second over a 50 ms interval of CLOCK_MONOTONIC.
    private static func calibrate() -> UInt64 {
        let startNanos = sys_monotonicNanos(), startTicks = sys_counterRead()
        var nanos: Int64 = 0
        repeat { nanos = sys_monotonicNanos() - startNanos } while nanos < 50_000_000
        let ticks = sys_counterRead() &- startTicks
        return UInt64(nanos).dividingFullWidth(ticks.multipliedFullWidth(by: 1_000_000_000)).quotient
    }
}

import CFlipbookShim
import Glibc

/// Runs workloads, times them with the cycle counter and prints a table row plus one JSON line each.
///
/// Use from a workload file:
/// ```swift
/// guard harness.selects("fill_full") else { return }
/// let counts = harness.cycles { renderOneFrame() }                       // min and median ticks
/// harness.report(workload: "fill_full", size: "1920x1080", format: "xrgb8888", impl: "flipbook",
///                counts: counts, frameBytes: 1920 * 1080 * 4, mallocsPerFrame: 0)
/// ```
/// `frameBytes` makes the harness time a `memset` of that many bytes in the same process (once per size)
/// and fill the × memset column. Under `make bench-callgrind` (`FLIPBOOK_BENCH_CALLGRIND=n`), each
/// `cycles` call is a numbered region: region n runs its body once to warm up and once inside
/// `flipbook_bench_measured`, the function callgrind collects; the others skip their bodies; `report`
/// prints the region numbers.
final class BenchHarness {
    /// Only workloads whose name starts with this run (all when empty).
    let prefix: String
    /// The region callgrind collects in this run (`FLIPBOOK_BENCH_CALLGRIND=n`), or nil when timing.
    let callgrindRegion: Int?
    /// The number of `cycles` calls so far (the current region's number under callgrind).
    private var regionCount = 0
    /// Counter ticks per nanosecond, calibrated against `CLOCK_MONOTONIC` at start-up.
    private(set) var ticksPerNanosecond = 1.0
    private var memsetNanos: [Int: Double] = [:]

    init(arguments: [String]) {
        prefix = arguments.dropFirst().first ?? ""
        callgrindRegion = getenv("FLIPBOOK_BENCH_CALLGRIND").flatMap { Int(String(cString: $0)) }
        if !underCallgrind { ticksPerNanosecond = BenchHarness.calibrate() }
    }

    /// Whether this run counts instructions under callgrind instead of timing.
    var underCallgrind: Bool { callgrindRegion != nil }

    /// Whether the workload named `name` was selected.
    func selects(_ name: String) -> Bool { prefix.isEmpty || name.hasPrefix(prefix) }

    /// Whether any workload whose name starts with `group` may be selected (`present_` for `present_fbdev`).
    func selectsAny(of group: String) -> Bool { selects(group) || prefix.hasPrefix(group) }

    func printHeader() {
        let source = String(cString: cfb_cycles_source())
        print("# flipbook-bench: counter \(source), \(formatted(ticksPerNanosecond, digits: 3)) ticks/ns")
        print(pad("workload", 28) + pad("size", 11) + pad("format", 10) + pad("impl", 19)
            + pad("ms median", 11) + pad("× memset", 10) + pad("ns/item", 9) + "instructions")
    }

    /// Cycle counts of `body` over `samples` runs, after `warmup` runs: minimum and median.
    /// Under callgrind only the selected region runs its body: one warm-up, then one run inside the
    /// collected region (other regions skip theirs, so a pass costs one workload); `min` is 0 and
    /// `median` carries the region number for `report`.
    func cycles(samples: Int = 31, warmup: Int = 3, _ body: () -> Void) -> (min: UInt64, median: UInt64) {
        regionCount += 1
        if let callgrindRegion {
            if regionCount == callgrindRegion {
                body()
                flipbook_bench_measured(body)
            }
            return (0, UInt64(regionCount))
        }
        for _ in 0..<warmup { body() }
        var counts: [UInt64] = []
        counts.reserveCapacity(samples)
        for _ in 0..<samples {
            let start = cfb_cycles()
            body()
            counts.append(cfb_cycles() &- start)
        }
        counts.sort()
        return (counts[0], counts[counts.count / 2])
    }

    /// Prints one table row and one JSON line (BENCHMARKS.md "Output") for a measurement.
    ///
    /// - Parameters:
    ///   - counts: what `cycles` returned for this implementation.
    ///   - items: how many properties, springs … one run of the body evaluates (adds `ns_per_item`).
    ///   - frameBytes: the frame size in bytes, for the × memset column (`nil`: not a frame workload).
    ///   - instructions: a callgrind count when known (otherwise `null`; `make bench-callgrind` fills it).
    func report(
        workload: String, size: String? = nil, format: String? = nil, impl: String,
        counts: (min: UInt64, median: UInt64), items: Int = 1, frameBytes: Int? = nil,
        instructions: Int? = nil, mallocsPerFrame: Int? = nil
    ) {
        if underCallgrind {
            print("#callgrind \(counts.median) \(workload) \(impl) \(size ?? "-") \(format ?? "-") \(items)")
            return
        }
        let nanos = Double(counts.median) / ticksPerNanosecond
        let ratio = frameBytes.map { nanos / memsetNanos(bytes: $0) }
        let perItem = items > 1 ? nanos / Double(items) : nil
        print(pad(workload, 28) + pad(size ?? "-", 11) + pad(format ?? "-", 10) + pad(impl, 19)
            + pad(formatted(nanos / 1e6, digits: 4), 11) + pad(ratio.map { formatted($0, digits: 2) } ?? "-", 10)
            + pad(perItem.map { formatted($0, digits: 1) } ?? "-", 9) + (instructions.map { String($0) } ?? "-"))
        var fields = [
            "\"workload\": \(json(workload))", "\"size\": \(json(size))", "\"format\": \(json(format))",
            "\"impl\": \(json(impl))", "\"ms_median\": \(formatted(nanos / 1e6, digits: 6))",
            "\"x_memset\": \(ratio.map { formatted($0, digits: 3) } ?? "null")",
            "\"instructions\": \(instructions.map { String($0) } ?? "null")",
            "\"mallocs_per_frame\": \(mallocsPerFrame.map { String($0) } ?? "null")",
        ]
        if let perItem { fields.append("\"ns_per_item\": \(formatted(perItem, digits: 2))") }
        print("{" + fields.joined(separator: ", ") + "}")
    }

    /// Median nanoseconds of a `memset` of `bytes` (cache-hot, measured once per size in this process).
    func memsetNanos(bytes: Int) -> Double {
        if let known = memsetNanos[bytes] { return known }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { buffer.deallocate() }
        var value: Int32 = 0
        let counts = cycles(samples: 101, warmup: 5) {
            value = (value &+ 1) & 0xFF
            memset(buffer, value, bytes)
        }
        let nanos = Double(counts.median) / ticksPerNanosecond
        memsetNanos[bytes] = nanos
        return nanos
    }

    /// Counter ticks per nanosecond over a 50 ms wall-clock interval.
    private static func calibrate() -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let ticksStart = cfb_cycles()
        repeat { clock_gettime(CLOCK_MONOTONIC, &end) } while nanos(end) - nanos(start) < 50_000_000
        let ticks = Double(cfb_cycles() &- ticksStart)
        let elapsed = Double(nanos(end) - nanos(start))
        return ticks > 0 ? ticks / elapsed : 1
    }

    private static func nanos(_ time: timespec) -> Int { time.tv_sec * 1_000_000_000 + time.tv_nsec }
}

/// The region `make bench-callgrind` collects (`--toggle-collect=*flipbook_bench_measured*`, a pattern
/// because the optimiser clones it per closure): exactly one run of one workload's body.
@_silgen_name("flipbook_bench_measured")
@inline(never)
func flipbook_bench_measured(_ body: () -> Void) { body() }

/// `value` with `digits` decimals (no Foundation).
func formatted(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "null" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded()
    let whole = Int(scaled / scale)
    var fraction = String(Int(scaled - Double(whole) * scale))
    while fraction.count < digits { fraction = "0" + fraction }
    return (value < 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + fraction : "")
}

private func json(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

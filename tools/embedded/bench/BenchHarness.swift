/// Times workloads with `BenchClock` and prints the columns of `flipbook-bench` (workload, size, format,
/// impl, ms median, × memset, ns/item, instructions) plus one JSON line per measurement.
///
/// Everything it needs is allocated at setup (the sample buffer, the output line), so it runs with the
/// setup heap sealed.
struct BenchHarness: ~Copyable {
    let clock: BenchClock
    /// Only workloads whose name starts with this run (nil: all).
    private let prefix: UnsafeMutablePointer<UInt8>?
    private var output = BenchOutput()
    private let samples: UnsafeMutablePointer<UInt64>
    private let sampleCapacity = 101

    init(clock: BenchClock, prefix: UnsafeMutablePointer<UInt8>?) {
        self.clock = clock
        self.prefix = prefix
        samples = UnsafeMutablePointer<UInt64>.allocate(capacity: sampleCapacity)
    }

    deinit { samples.deallocate() }

    /// Whether the workload named `name` was selected.
    func selects(_ name: StaticString) -> Bool {
        guard let prefix else { return true }
        var index = 0
        while prefix[index] != 0 {
            guard index < name.utf8CodeUnitCount, name.utf8Start[index] == prefix[index] else { return false }
            index += 1
        }
        return true
    }

    /// Median nanoseconds of `samples` runs of `body`, after `warmup` runs.
    mutating func medianNanos(samples count: Int = 31, warmup: Int = 3, _ body: () -> Void) -> Int64 {
        let count = min(count, sampleCapacity)
        for _ in 0..<warmup { body() }
        for index in 0..<count {
            let start = sys_counterRead()
            body()
            samples[index] = sys_counterRead() &- start
        }
        for index in 1..<count {  // insertion sort: a few dozen samples
            let value = samples[index]
            var slot = index
            while slot > 0 && samples[slot - 1] > value {
                samples[slot] = samples[slot - 1]
                slot -= 1
            }
            samples[slot] = value
        }
        return clock.nanoseconds(samples[count / 2])
    }

    /// Prints the header: the counter used (and why perf_event_open was not), then the column names.
    mutating func printHeader() {
        output.append("# flipbook-bench (Embedded): counter ")
        switch clock.source {
        case .cpuCycles: output.append("cpu-cycles (perf_event_open)")
        case .architecturalTimer: output.append("arch-timer (cntvct)")
        case .monotonicClock: output.append("clock_gettime (CLOCK_MONOTONIC)")
        }
        output.append(", ")
        output.append(Int64(clock.ticksPerSecond))
        output.append(" ticks/s")
        let perfError = sys_perfError()
        if perfError < 0 {
            output.append("; perf_event_open failed: errno ")
            output.append(Int64(-perfError))
            output.append(perfError == -38 ? " (ENOSYS)" : perfError == -13 ? " (EACCES: perf_event_paranoid)" : "")
        }
        output.endLine()
        output.append("workload"); output.pad(to: 28)
        output.append("size"); output.pad(to: 39)
        output.append("format"); output.pad(to: 49)
        output.append("impl"); output.pad(to: 68)
        output.append("ms median"); output.pad(to: 79)
        output.append("× memset"); output.pad(to: 90)
        output.append("ns/item"); output.pad(to: 99)
        output.append("instructions")
        output.endLine()
    }

    /// Prints one row and its JSON line. `size` is `W×H` for frames (`width > 0`) or `n=items`.
    mutating func report(workload: StaticString, width: Int = 0, height: Int = 0, format: StaticString? = nil,
                         impl: StaticString, nanos: Int64, items: Int = 1, memsetNanos: Int64? = nil) {
        let ratioHundredths = memsetNanos.map { ($0 > 0 ? (nanos * 100 + $0 / 2) / $0 : 0) }
        let perItemTenths = items > 1 ? (nanos * 10 + Int64(items / 2)) / Int64(items) : nil
        let msTenThousandths = (nanos + 50) / 100
        output.append(workload); output.pad(to: 28)
        appendSize(width: width, height: height, items: items); output.pad(to: 39)
        output.append(format ?? "-"); output.pad(to: 49)
        output.append(impl); output.pad(to: 68)
        output.append(scaled: msTenThousandths, decimals: 4); output.pad(to: 79)
        if let ratioHundredths { output.append(scaled: ratioHundredths, decimals: 2) } else { output.append("-") }
        output.pad(to: 90)
        if let perItemTenths { output.append(scaled: perItemTenths, decimals: 1) } else { output.append("-") }
        output.pad(to: 99)
        output.append("-")
        output.endLine()
        output.append("{\"workload\": \""); output.append(workload)
        output.append("\", \"size\": \""); appendSize(width: width, height: height, items: items)
        output.append("\", \"format\": ")
        if let format { output.append("\""); output.append(format); output.append("\"") } else { output.append("null") }
        output.append(", \"impl\": \""); output.append(impl)
        output.append("\", \"ms_median\": "); output.append(scaled: nanos, decimals: 6)
        output.append(", \"x_memset\": ")
        if let ratioHundredths { output.append(scaled: ratioHundredths, decimals: 2) } else { output.append("null") }
        output.append(", \"instructions\": null, \"mallocs_per_frame\": 0")
        if let perItemTenths { output.append(", \"ns_per_item\": "); output.append(scaled: perItemTenths, decimals: 1) }
        output.append(", \"counter\": \"")
        switch clock.source {
        case .cpuCycles: output.append("cpu-cycles")
        case .architecturalTimer: output.append("arch-timer")
        case .monotonicClock: output.append("clock_gettime")
        }
        output.append("\"}")
        output.endLine()
    }

    /// Prints a comment line.
    mutating func note(_ text: StaticString) {
        output.append("# ")
        output.append(text)
        output.endLine()
    }

    private mutating func appendSize(width: Int, height: Int, items: Int) {
        if width > 0 {
            output.append(Int64(width)); output.append("x"); output.append(Int64(height))
        } else {
            output.append("n="); output.append(Int64(items))
        }
    }
}

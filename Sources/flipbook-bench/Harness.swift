import CFlipbookShim

/// Runs workloads, times them with the cycle counter and prints a table row plus one JSON line each.
struct BenchHarness {
    /// Only workloads whose name starts with this run (all when empty).
    let prefix: String

    init(arguments: [String]) {
        prefix = arguments.dropFirst().first ?? ""
    }

    /// Whether the workload named `name` was selected.
    func selects(_ name: String) -> Bool { prefix.isEmpty || name.hasPrefix(prefix) }

    func printHeader() {
        print("# flipbook-bench: counter \(String(cString: cfb_cycles_source()))")
    }

    /// Cycle counts of `body` over `samples` runs, after `warmup` runs: minimum and median.
    func cycles(samples: Int = 31, warmup: Int = 3, _ body: () -> Void) -> (min: UInt64, median: UInt64) {
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
}

#if canImport(Glibc)
import Glibc
#endif

/// Progress on standard error: a redrawn bar on a terminal, plain lines at each tenth otherwise.
struct ProgressReport {
    let total: Int64
    let label: String
    let isTerminal = isatty(STDERR_FILENO) != 0
    private var lastTenth: Int64 = -1

    init(total: Int64, label: String) {
        self.total = total
        self.label = label
    }

    mutating func advance(to done: Int64) {
        guard total > 0 else { return }
        if isTerminal {
            let width: Int64 = 30
            let filled = done * width / total
            let bar = String(repeating: "#", count: Int(filled)) + String(repeating: ".", count: Int(width - filled))
            writeStandardError("\r\(label) [\(bar)] \(done)/\(total)")
            if done == total { writeStandardError("\n") }
        } else {
            let tenth = done * 10 / total
            if tenth != lastTenth {
                lastTenth = tenth
                printError("\(label): \(done)/\(total) frames")
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser

/// Writes text to standard error (file descriptor 2) unbuffered.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    writeStandardError(line + "\n")
}

/// Ends a command with exit status 1 after printing `lines` (each already a complete message) to standard error.
func fail(_ lines: [String]) -> ExitCode {
    for line in lines { printError(line) }
    return ExitCode.failure
}

/// Ends a command with exit status 1 after printing `flipbook: reason`.
func fail(_ reason: String) -> ExitCode {
    fail(["flipbook: \(reason)"])
}

/// Parses `WxH` (e.g. `640x480`) into a size, each side 1 … 4096.
func parseSize(_ text: String, option: String) throws -> (width: Int, height: Int) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
          (1...4096).contains(width), (1...4096).contains(height) else {
        throw ValidationError("\(option) must be WxH with each side 1…4096 pixels (found \"\(text)\")")
    }
    return (width, height)
}

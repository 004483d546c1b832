import CFlipbookShim

/// What a DRM card's page-flip completion events said: whether the flip queued last has completed, and
/// when (the event's `tv_sec`/`tv_usec` on the monotonic clock). Filled by the run loop's `PollWaiter`, which
/// watches the card's descriptor beside its other event sources (`DRMDisplay.addFlipEvents(to:)`), or by the
/// display itself when no waiter does. It lives at a fixed address (`DRMResources.flipState`) that both hold:
/// the display is not copyable, and a pointer, unlike a class reference, costs the frame path no retain.
struct PageFlipState {
    /// A flip was queued and its completion has not been read.
    var isPending = false
    /// The last completion's time (monotonic µs) and vblank sequence (0 from drivers without vblank).
    var eventMicros: Int64 = 0
    var sequence: UInt32 = 0
    /// Completions read so far.
    var completions = 0
    /// A read that failed for another reason than "nothing yet" or a signal; `present` reports it.
    var readError: Errno?

    /// Reads the events waiting on card `fd` (the waiter calls it when the descriptor is readable).
    mutating func read<Kernel: DRMKernel>(_ kernel: Kernel, fd: Int32) {
        var time: Int64 = 0, sequence: UInt32 = 0, userData: UInt64 = 0
        switch valueOrErrno({ kernel.readFlipEvent(fd, timeMicros: &time, sequence: &sequence, userData: &userData) }) {
        case .success(1):
            isPending = false
            eventMicros = time
            self.sequence = sequence
            completions += 1
        case .success, .failure(.resourceTemporarilyUnavailable), .failure(.interrupted):
            break  // another event, a spurious wake-up, or a signal: the next poll tries again
        case .failure(let error):
            readError = error
        }
    }

    /// Reads the events when card `fd` has some within `timeoutMillis` (0: without waiting).
    mutating func readWhenReady<Kernel: DRMKernel>(_ kernel: Kernel, fd: Int32, timeoutMillis: Int32 = 0) {
        if kernel.pollReadable(fd, timeoutMillis: timeoutMillis) > 0 { read(kernel, fd: fd) }
    }
}

/// One line on standard error (a display's one-time warnings).
func logLine(_ message: String) {
    var text = message
    text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { _ = cfb_log_line($0.baseAddress, UInt32(bytes.count)) }
    }
}

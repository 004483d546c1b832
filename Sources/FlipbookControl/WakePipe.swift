#if canImport(Glibc)
import Glibc
#endif
import FlipbookLinux

/// A non-blocking pipe that wakes the run loop's waiter: ``signal()`` writes a byte (from any thread), the
/// waiter polls ``descriptor``, and its handler calls ``drain()``. Nothing is allocated after setup.
final class WakePipe: @unchecked Sendable {
    /// The read end, to register with the waiter (readable after a signal).
    let descriptor: Int32
    private let writeEnd: Int32
    private let drainBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)

    init() throws(ControlChannelError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            drainBuffer.deallocate()
            throw ControlChannelError(operation: "create", path: "a wake-up pipe", errno: errno)
        }
        for fd in ends {
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
        drainBuffer.deallocate()
    }

    /// Makes ``descriptor`` readable (a full pipe already is).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe, so ``descriptor`` is readable again only after the next signal.
    func drain() {
        while read(descriptor, drainBuffer.baseAddress, drainBuffer.count) > 0 {}
    }
}

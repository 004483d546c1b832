#if canImport(Glibc)
import Glibc
#endif
import Flipbook
import FlipbookLinux
import Foundation
import Raster
import Synchronization
import Testing

/// Termination signals sent from another thread while the run loop's waiter polls a descriptor that never becomes
/// readable (the console guard's handlers, the shim's flag, `PollWaiter` on the monotonic clock). Only in the
/// ThreadSanitizer driver (`tools/tsan/tsan.sh`, run with `--no-parallel`): the stop flag is process-wide, so a
/// suite polling beside this one in `swift test` would see it.
@Suite(.serialized) struct SignalWhilePollingTests {
    /// Installs the handlers, runs `body` with a waiter polling one pipe's read end on this thread, then clears
    /// the flag (a new install resets it) and restores the default actions and this thread's signal mask. Swift
    /// Testing runs tests on Dispatch threads, which block termination signals: `unblocked` lets this thread take
    /// them, as `flipbook play`'s main thread does; otherwise a process-directed one runs its handler on the main
    /// thread while this one polls.
    static func withPollingWaiter(
        unblocked: Bool, _ body: (inout PollWaiter<LinuxKernel>, LinuxKernel) throws -> Void
    ) throws {
        var termination = sigset_t(), previous = sigset_t()
        sigemptyset(&termination)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&termination, number) }
        #expect(pthread_sigmask(unblocked ? SIG_UNBLOCK : SIG_BLOCK, &termination, &previous) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let kernel = LinuxKernel()
        #expect(kernel.installSignalHandlers(ttyFD: -1) == 0)
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
            _ = kernel.installSignalHandlers(ttyFD: -1)
            _ = kernel.uninstallSignalHandlers()
        }
        var waiter = PollWaiter(kernel: kernel)
        try waiter.addReadable(ends[0]) { _ in }
        try body(&waiter, kernel)
    }

    @Test func terminationFromAnotherThreadCutsThePollShort() throws {
        try Self.withPollingWaiter(unblocked: true) { waiter, kernel in
            let polling = pthread_self()
            let started = waiter.now()
            Thread.detachNewThread {
                usleep(50_000)
                pthread_kill(polling, SIGTERM)
            }
            #expect(waiter.wait(until: started + 10_000_000) == .stop)
            #expect(waiter.now() - started < 5_000_000)
            #expect(kernel.stopSignal() == SIGTERM)
        }
    }

    /// The handler runs on the main thread, the flag is read on this one (ThreadSanitizer reported the race
    /// while the flag was a `volatile sig_atomic_t`).
    @Test func signalsToTheProcessWhileItPollsRepeatedly() throws {
        try Self.withPollingWaiter(unblocked: false) { waiter, kernel in
            // SIGHUP to the whole process: the flag is set and every wait after it answers `.stop` at once.
            let sent = Atomic<Int>(0)
            Thread.detachNewThread {
                for _ in 0 ..< 100 {
                    usleep(200)
                    kill(getpid(), SIGHUP)
                    sent.add(1, ordering: .releasing)
                }
            }
            let end = waiter.now() + 10_000_000
            var stops = 0
            while (sent.load(ordering: .acquiring) < 100 || stops == 0) && waiter.now() < end {
                if waiter.wait(until: waiter.now() + 1_000) == .stop { stops += 1 }
            }
            #expect(stops > 0)
            #expect(kernel.stopSignal() == SIGHUP)
        }
    }
}

import Glibc
import Testing
@testable import FlipbookLinux

/// `PollWaiter` dropping descriptors: directly, and from a handler during a wait (an input device unplugged
/// while playing), while the other descriptors and the timers go on.
@Suite struct PollWaiterRemovalTests {
    final class Calls { var first = 0, second = 0, added = 0, timer = 0 }

    @Test func aHandlerDropsItsHungUpDescriptorAndTheOthersGoOn() throws {
        let (gone, goneWriter) = try EvdevDeviceTests.pipePair()
        let (live, liveWriter) = try EvdevDeviceTests.pipePair()
        defer { close(gone); close(live); close(liveWriter) }
        close(goneWriter)  // end of file: readable (hung up) at every poll, like an unplugged device
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        let changes = DescriptorChanges()
        waiter.descriptorChanges = changes
        let calls = Calls()
        try waiter.addReadable(gone) { fd in
            calls.first += 1
            changes.removeReadable(fd)
        }
        try waiter.addReadable(live) { fd in
            calls.second += 1
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
        }
        try waiter.addTimer(firstAt: 1_000, interval: 1_000) { _ in calls.timer += 1 }
        let wake1 = waiter.wait(until: 500)
        #expect(wake1 == .event)
        #expect(calls.first == 1 && calls.second == 0)
        // The hung-up descriptor is gone: later waits run only to their deadlines and timers.
        for deadline in stride(from: Int64(1_000), through: 5_000, by: 1_000) { _ = waiter.wait(until: deadline) }
        #expect(calls.first == 1)
        #expect(calls.timer == 5)
        var byte: UInt8 = 7
        _ = write(liveWriter, &byte, 1)
        let wake2 = waiter.wait(until: 6_000)
        #expect(wake2 == .event)
        #expect(calls.second == 1)
    }

    @Test func aHandlerAddsADescriptorForTheNextWait() throws {
        let (first, firstWriter) = try EvdevDeviceTests.pipePair()
        let (second, secondWriter) = try EvdevDeviceTests.pipePair()
        defer { close(first); close(firstWriter); close(second); close(secondWriter) }
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        let changes = DescriptorChanges()
        waiter.descriptorChanges = changes
        let calls = Calls()
        try waiter.addReadable(first) { fd in
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            calls.first += 1
            changes.addReadable(second) { fd in
                var byte: UInt8 = 0
                _ = read(fd, &byte, 1)
                calls.added += 1
            }
        }
        var byte: UInt8 = 1
        _ = write(firstWriter, &byte, 1)
        _ = write(secondWriter, &byte, 1)
        let wake3 = waiter.wait(until: 100)
        #expect(wake3 == .event)
        #expect(calls.first == 1 && calls.added == 0)
        let wake4 = waiter.wait(until: 200)
        #expect(wake4 == .event)
        #expect(calls.added == 1)
    }

    @Test func removingDirectlyKeepsTheOthersAndAnswersWhetherItWasThere() throws {
        let (first, firstWriter) = try EvdevDeviceTests.pipePair()
        let (second, secondWriter) = try EvdevDeviceTests.pipePair()
        defer { close(first); close(firstWriter); close(second); close(secondWriter) }
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        let calls = Calls()
        try waiter.addReadable(first) { _ in calls.first += 1 }
        try waiter.addReadable(second) { fd in
            var byte: UInt8 = 0
            _ = read(fd, &byte, 1)
            calls.second += 1
        }
        let removed = waiter.removeReadable(first), removedAgain = waiter.removeReadable(first)
        #expect(removed && !removedAgain)
        var byte: UInt8 = 1
        _ = write(firstWriter, &byte, 1)
        _ = write(secondWriter, &byte, 1)
        let wake5 = waiter.wait(until: 100)
        #expect(wake5 == .event)
        #expect(calls.first == 0 && calls.second == 1)
    }

    @Test func additionsBeyondTheCapacityAreCounted() throws {
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        let changes = DescriptorChanges()
        waiter.descriptorChanges = changes
        for _ in 0 ..< PollWaiter<LinuxKernel>.descriptorCapacity + 2 { changes.addReadable(0) { _ in } }
        _ = waiter.wait(until: 10)
        #expect(changes.refusedAdditions == 2)
    }

    /// A deadline source ends a wait at the time it asks for (a long press while no event comes) and is asked
    /// again at every wait: moved by its handler, then cleared.
    @Test func aDeadlineSourceEndsTheWaitAtItsTime() throws {
        final class Due { var at: Int64? = 2_500; var calls: [Int64] = [] }
        let due = Due()
        var waiter = PollWaiter(kernel: LinuxKernel(), virtualStart: 0)
        try waiter.addDeadline({ due.at }, handler: { now in
            due.calls.append(now)
            due.at = due.calls.count == 1 ? 7_000 : nil
        })
        #expect(waiter.wait(until: 10_000) == .event)
        #expect(due.calls == [2_500] && waiter.now() == 2_500)
        #expect(waiter.wait(until: 10_000) == .event)
        #expect(due.calls == [2_500, 7_000])
        #expect(waiter.wait(until: 10_000) == .deadline)
        #expect(due.calls.count == 2 && waiter.now() == 10_000)
    }
}

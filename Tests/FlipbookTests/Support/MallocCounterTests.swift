import CMallocCounter
import Glibc
import Testing

/// The zero-allocation tests are only as good as the counter: it must see the calling thread's allocations,
/// and only that thread's, so tests running in parallel cannot disturb one another.
@Suite struct MallocCounterTests {
    @Test func countsAllocationsOfTheCallingThread() {
        let before = cmc_allocation_count()
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        buffer.deallocate()
        let array = Array(repeating: 7, count: 1000)
        #expect(array.count == 1000)
        #expect(cmc_allocation_count() - before >= 2)
    }

    /// Blocks left live are allocations minus releases: a grown-and-freed array leaves none, a kept block one.
    @Test func countsReleasesSoLiveBlocksBalance() {
        let (allocations, releases) = (cmc_allocation_count(), cmc_release_count())
        var grown: [Int] = []
        for value in 0..<1000 { grown.append(value) }
        let grownCount = grown.count
        grown = []
        let kept = malloc(64)
        let made = cmc_allocation_count() - allocations
        let live = Int64(made) - Int64(cmc_release_count() - releases)
        free(kept)
        #expect(grownCount == 1000)
        #expect(made > 2)
        #expect(live == 1)
    }

    @Test func ignoresAllocationsOfOtherThreads() {
        let before = cmc_allocation_count()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { _ in
            for _ in 0..<1000 { free(malloc(64)) }
            return nil
        }, nil)
        #expect(created == 0)
        pthread_join(thread, nil)
        #expect(cmc_allocation_count() - before < 1000)
    }
}

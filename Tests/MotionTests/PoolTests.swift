import Testing
@testable import Motion

/// `Pool`: elements written in place through either subscript, shared by copies, a collection.
@Suite struct PoolTests {
    struct Element: Equatable {
        var link: Int32
        var values: (Int32, Int32) = (0, 0)
        static func == (a: Element, b: Element) -> Bool {
            a.link == b.link && a.values.0 == b.values.0 && a.values.1 == b.values.1
        }
    }

    @Test func subscriptsWriteInPlaceAndCopiesShareTheMemory() {
        let pool = Pool(count: 5, repeating: Element(link: -1))
        defer { pool.deallocate() }
        let copy = pool
        pool[Int32(3)].values.1 = 7
        copy[2].link = 3
        pool[copy[2].link].link = 9   // linked by Int32, as the engine's pools are
        #expect(pool[3] == Element(link: 9, values: (0, 7)))
        #expect(copy[Int32(2)].link == 3)
        #expect(pool.map(\.link) == [-1, -1, 3, 9, -1])
        #expect(pool.firstIndex(where: { $0.values.1 == 7 }) == 3)
    }

    @Test func anEmptyPoolHasNoElements() {
        let pool = Pool(count: 0, repeating: Int32(1))
        defer { pool.deallocate() }
        #expect(pool.isEmpty)
        #expect(Array(pool) == [])
    }
}

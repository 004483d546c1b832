import Motion

/// The animation pool: records addressed by index and a free list, in memory allocated once by the
/// engine. A plain value of pointers and counters (no reference counting), so the frame path can use it
/// under `@_noAllocation`; the engine frees the memory (`deallocate`).
struct AnimationStore {
    let records: Pool<AnimationRecord>
    /// Records retired by the frame path, returned to the free list after callbacks are delivered.
    let pendingFree: Pool<Int32>
    var pendingFreeCount = 0
    var freeHead: Int32 = -1
    /// Records in use (attached, built, or retired and not yet freed).
    var usedCount = 0

    init(capacity: Int) {
        records = Pool(count: capacity, repeating: AnimationRecord(timing: AnimationStore.placeholderTiming, curve: .linear))
        pendingFree = Pool(count: capacity, repeating: -1)
        for index in stride(from: capacity - 1, through: 0, by: -1) {
            records[index].next = freeHead
            freeHead = Int32(index)
        }
    }

    func deallocate() {
        records.deallocate()
        pendingFree.deallocate()
    }

    var capacity: Int { records.count }

    /// Whether `count` more records fit.
    func hasRoom(for count: Int) -> Bool { usedCount + count <= capacity }

    /// Takes a free record and fills it with `record`.
    mutating func allocate(_ record: AnimationRecord) -> Int32? {
        guard freeHead >= 0 else { return nil }
        let index = freeHead
        freeHead = records[index].next
        records[index] = record
        records[index].isLive = true
        usedCount += 1
        return index
    }

    /// Returns retired records to the free list.
    mutating func freeRetired() {
        for position in 0 ..< pendingFreeCount {
            let index = pendingFree[position]
            records[index].next = freeHead
            records[index].firstChild = -1
            freeHead = index
            usedCount -= 1
        }
        pendingFreeCount = 0
    }

    /// Timing of unused slots (1 µs, which `MediaTiming` always accepts).
    static let placeholderTiming: MediaTiming = makePlaceholderTiming()

    private static func makePlaceholderTiming() -> MediaTiming {
        do throws(MotionError) {
            return try MediaTiming(duration: 1)
        } catch {
            fatalError("a 1 µs duration is valid: \(error.message)")
        }
    }
}

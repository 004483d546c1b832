/// The setup-time memory of timing curves, springs and keyframes: one allocation made in `init`, handed
/// out in aligned pieces, freed in `deinit`. Nothing is allocated in a frame.
///
/// Values made from a store (`TimingCurve`, `SpringCurve`, keyframe lists) point into it: keep the store
/// alive as long as they are used (the scene or engine owns it). A full store is a typed error when the
/// value is made, never a resize.
public struct MotionStore: ~Copyable {
    private let base: UnsafeMutableRawPointer
    /// The capacity in bytes.
    public let capacityBytes: Int
    /// The bytes handed out so far.
    public private(set) var usedBytes: Int = 0

    /// Allocates `capacityBytes` (1 … 2^30) of storage.
    ///
    /// - Throws: `MotionError.outOfRange` (field `storeCapacity`) for a capacity outside that range.
    public init(capacityBytes: Int) throws(MotionError) {
        guard capacityBytes >= 1, capacityBytes <= 1 << 30 else {
            throw .outOfRange(field: .storeCapacity, value: Double(capacityBytes), lower: 1, upper: 1_073_741_824)
        }
        self.capacityBytes = capacityBytes
        base = UnsafeMutableRawPointer.allocate(byteCount: capacityBytes, alignment: 16)
    }

    deinit { base.deallocate() }

    /// The bytes still free.
    public var availableBytes: Int { capacityBytes - usedBytes }

    /// Room for `count` values of `T`, 16-byte aligned and zero-filled.
    ///
    /// - Throws: `MotionError.storeFull` naming `field` when the store cannot hold them.
    mutating func allocate<T>(_: T.Type, count: Int, field: MotionField) throws(MotionError) -> UnsafeMutablePointer<T> {
        let start = (usedBytes + 15) & ~15
        let bytes = MemoryLayout<T>.stride * max(count, 1)
        guard start <= capacityBytes, bytes <= capacityBytes - start else {
            throw .storeFull(field: field, requested: bytes, available: max(0, capacityBytes - start))
        }
        usedBytes = start + bytes
        let raw = base + start
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        return raw.bindMemory(to: T.self, capacity: max(count, 1))
    }
}

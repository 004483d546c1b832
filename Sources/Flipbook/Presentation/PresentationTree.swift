import FixedPoint

/// The presentation snapshot of a frame: a flat, fixed-capacity list of `PresentationLayer`s in
/// drawing order, written by `Engine.advance(to:)` and read by the compositor.
///
/// Order: a layer comes before its sublayers; sublayers are sorted by `zPosition`, ties in sublayer
/// order; each entry's `subtreeEnd` closes its subtree. Entries `0 ..< drawCount` are the drawn tree
/// (from the engine's root layer); entries `drawCount ..< count` are mask layers (with their
/// sublayers), reached only through `PresentationLayer.maskIndex`. A transition's layer appears twice
/// (outgoing, then incoming; see `TransitionFrame`).
///
/// Storage is allocated once, at creation; filling and copying never allocate.
public final class PresentationTree {
    /// The most entries the tree can hold.
    public let capacity: Int
    /// The paths and images the entries refer to by handle.
    public let resources: EngineResources
    @usableFromInline
    let storage: UnsafeMutableBufferPointer<PresentationLayer>
    @usableFromInline
    let header: UnsafeMutablePointer<PresentationHeader>

    /// Creates an empty tree with room for `capacity` entries.
    ///
    /// - Throws: `EngineError.invalidValue` when `capacity` is not in 1 … 131 070.
    /// The entries a snapshot of an engine of `layers` layers can hold: each layer twice (a transition's
    /// outgoing side repeats its subtree) and the replicators' instances (`Engine.replicaEntryCapacity`).
    public static func capacity(forLayers layers: Int) -> Int { 2 * layers + Engine.replicaEntryCapacity }

    public init(capacity: Int) throws(EngineError) {
        guard capacity >= 1, capacity <= 131_070 else {
            throw .invalidValue(layer: nil, field: "capacity", value: Double(capacity),
                                reason: .outOfRange(min: 1, max: 131_070))
        }
        self.capacity = capacity
        resources = EngineResources()
        storage = .allocate(capacity: capacity)
        header = .allocate(capacity: 1)
        header.initialize(to: PresentationHeader())
    }

    deinit {
        storage.deallocate()
        header.deallocate()
    }

    /// The number of entries.
    @inlinable
    public var count: Int { header.pointee.count }
    /// The number of entries of the drawn tree (masks follow them).
    @inlinable
    public var drawCount: Int { header.pointee.drawCount }
    /// The media time (µs) this snapshot shows.
    @inlinable
    public var timeMicros: Int64 { header.pointee.timeMicros }
    /// Advances once per filled frame; `PresentationLayer.changeStamp` compares against it.
    @inlinable
    public var frameNumber: UInt32 { header.pointee.frameNumber }
    /// Advances whenever layers were added, removed, moved in the tree or had their mask changed.
    @inlinable
    public var structureStamp: UInt32 { header.pointee.structureStamp }

    /// The entry at `index` (0 ..< count).
    @inlinable
    public subscript(index: Int) -> PresentationLayer {
        precondition(index >= 0 && index < header.pointee.count, "PresentationTree index out of range")
        return storage[index]
    }

    /// The entries, as a read-only buffer (valid until the next `advance`).
    @inlinable
    public var entries: UnsafeBufferPointer<PresentationLayer> {
        UnsafeBufferPointer(rebasing: storage[0 ..< header.pointee.count])
    }

    /// Copies `other`'s entries and counters into this tree (for keeping the previous frame to compare).
    ///
    /// - Throws: `EngineError.poolFull(.layers, …)` when `other` has more entries than this tree holds.
    @_noAllocation
    public func copy(from other: PresentationTree) throws(EngineError) {
        let otherCount = other.header.pointee.count
        guard otherCount <= capacity else { throw .poolFull(.layers, capacity: capacity) }
        for index in 0 ..< otherCount { storage[index] = other.storage[index] }
        header.pointee = other.header.pointee
    }

    /// A non-owning writer for the engine's frame path.
    @usableFromInline
    var writer: PresentationWriter { PresentationWriter(storage: storage, header: header) }
}

/// The counters of a `PresentationTree`.
@usableFromInline
struct PresentationHeader {
    @usableFromInline var count = 0
    @usableFromInline var drawCount = 0
    @usableFromInline var timeMicros: Int64 = 0
    @usableFromInline var frameNumber: UInt32 = 0
    @usableFromInline var structureStamp: UInt32 = 0
}

/// The engine's view of a tree's memory (no reference counting, for the frame path).
@usableFromInline
struct PresentationWriter {
    @usableFromInline
    let storage: UnsafeMutableBufferPointer<PresentationLayer>
    @usableFromInline
    let header: UnsafeMutablePointer<PresentationHeader>

    @inlinable
    var count: Int { header.pointee.count }
    @inlinable
    var capacity: Int { storage.count }

    /// Appends an entry; the caller checked `count < capacity`.
        @inlinable
    func append(_ entry: PresentationLayer) {
        (storage.baseAddress! + header.pointee.count).initialize(to: entry)
        header.pointee.count &+= 1
    }
}

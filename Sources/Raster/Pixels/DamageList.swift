/// A fixed-capacity list of damaged pixel rectangles: what changed since the previous frame.
///
/// Adding never allocates and never drops damage: a rectangle inside one already listed is skipped, one
/// that holds listed rectangles replaces them, and when the list is full everything (the new rectangle
/// included) merges into its bounding box, which becomes the only entry.
public struct DamageList: Sendable {
    /// How many separate rectangles are kept before they merge into one bounding box.
    @inlinable public static var capacity: Int { 16 }

    @usableFromInline var storage: [16 of IntRect]
    @usableFromInline var storedCount: Int
    /// Number of rectangles in the list.
    @inlinable public var count: Int { storedCount }

    /// An empty list (presenting it presents nothing).
    @inlinable
    public init() {
        storage = [16 of IntRect](repeating: .empty)
        storedCount = 0
    }

    /// A list holding `rect` (or nothing if it is empty).
    @inlinable
    public init(_ rect: IntRect) {
        self.init()
        add(rect)
    }

    /// Whether nothing is damaged.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// The rectangle at `index` (`0 ..< count`), or `.empty` outside that range.
    @inlinable
    public subscript(index: Int) -> IntRect {
        index >= 0 && index < count ? storage[index] : .empty
    }

    /// The smallest rectangle holding all listed rectangles (`.empty` for an empty list).
    @inlinable
    public var boundingBox: IntRect {
        var box = IntRect.empty
        for index in 0..<count { box = box.union(storage[index]) }
        return box
    }

    /// Total pixels listed; overlapping pixels count once per rectangle.
    public var listedArea: Int {
        var area = 0
        for index in 0..<count { area += storage[index].area }
        return area
    }

    /// Adds `rect`; empty rectangles are ignored. Never allocates (see the type's documentation).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public mutating func add(_ rect: IntRect) {
        if rect.isEmpty { return }
        var index = 0
        while index < storedCount {
            if storage[index].contains(rect) { return }
            if rect.contains(storage[index]) {
                storedCount -= 1
                storage[index] = storage[storedCount]
            } else {
                index += 1
            }
        }
        if storedCount == Self.capacity {
            storage[0] = boundingBox.union(rect)
            storedCount = 1
            return
        }
        storage[storedCount] = rect
        storedCount += 1
    }

    /// Adds every rectangle of `other`.
    @inlinable
    public mutating func add(contentsOf other: borrowing DamageList) {
        for index in 0..<other.count { add(other.storage[index]) }
    }

    /// Clips every rectangle to `bounds`, dropping those left empty.
    @inlinable
    public mutating func clip(to bounds: IntRect) {
        var kept = 0
        for index in 0..<count {
            let clipped = storage[index].intersection(bounds)
            if !clipped.isEmpty {
                storage[kept] = clipped
                kept += 1
            }
        }
        storedCount = kept
    }

    /// Empties the list.
    @inlinable
    public mutating func removeAll() { storedCount = 0 }
}

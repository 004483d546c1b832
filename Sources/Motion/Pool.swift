/// A fixed number of elements in memory allocated once, addressed by index: the storage of the engine's
/// layer, animation and completion-group pools.
///
/// A plain value of a pointer and a count (copies share the memory, nothing is reference counted), so a
/// frame reads and writes elements in place through the subscripts under `@_noAllocation`. It lives in
/// this module, not the engine's, because a debug build checks a generic callee's allocations only when
/// its body comes from another module (`@inlinable`). Indices are checked in debug builds only, as
/// `UnsafeMutableBufferPointer`'s are; the owner frees the memory once with `deallocate()`.
@frozen
public struct Pool<Element>: RandomAccessCollection, MutableCollection {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// The number of elements.
    public let count: Int

    /// Allocates `count` (≥ 0) elements, each `value`.
    public init(count: Int, repeating value: Element) {
        let capacity = Swift.max(count, 0)
        base = .allocate(capacity: Swift.max(capacity, 1))
        base.initialize(repeating: value, count: capacity)
        self.count = capacity
    }

    /// Deinitialises the elements and frees the memory; no copy of the pool may be used afterwards.
    public func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The element at `index` (0 ..< count), read and written in place.
    @inlinable
    public subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "pool index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "pool index out of range")
            return base + index
        }
    }

    /// The element at `index` (0 ..< count), read and written in place: pools link elements by `Int32`.
    @inlinable
    public subscript(index: Int32) -> Element {
        unsafeAddress {
            assert(index >= 0 && Int(index) < count, "pool index out of range")
            return UnsafePointer(base + Int(index))
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && Int(index) < count, "pool index out of range")
            return base + Int(index)
        }
    }
}

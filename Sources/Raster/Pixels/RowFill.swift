/// Opaque row stores for 16- and 32-bit pixels: element stores up to a 16-byte boundary, then aligned
/// 16-byte vector stores, four per step, then the remainder. `UnsafeMutablePointer.update(repeating:)` stores
/// unaligned from wherever the row segment starts, so a quarter of its stores straddle cache lines when a
/// segment starts at an odd pixel (a rounded rectangle's interior run): measured 25 % slower.
@usableFromInline
enum RowFill {
    /// Stores `value` into `count` elements from `row`.
    @inlinable @inline(__always)
    static func fill<Element: FixedWidthInteger & UnsignedInteger>(_ row: UnsafeMutablePointer<Element>, count: Int,
                                                                    value: Element) {
        var index = 0
        while index < count && (Int(bitPattern: row + index) & 15) != 0 {
            row[index] = value
            index &+= 1
        }
        let perVector = 16 / MemoryLayout<Element>.size
        let word = MemoryLayout<Element>.size == 2 ? UInt32(truncatingIfNeeded: value) &* 0x1_0001 : UInt32(truncatingIfNeeded: value)
        let pattern = SIMD4<UInt32>(repeating: word)
        let bytes = UnsafeMutableRawPointer(row)
        while index &+ 4 &* perVector <= count {
            let offset = index &* MemoryLayout<Element>.size
            bytes.storeBytes(of: pattern, toByteOffset: offset, as: SIMD4<UInt32>.self)
            bytes.storeBytes(of: pattern, toByteOffset: offset &+ 16, as: SIMD4<UInt32>.self)
            bytes.storeBytes(of: pattern, toByteOffset: offset &+ 32, as: SIMD4<UInt32>.self)
            bytes.storeBytes(of: pattern, toByteOffset: offset &+ 48, as: SIMD4<UInt32>.self)
            index &+= 4 &* perVector
        }
        while index &+ perVector <= count {
            bytes.storeBytes(of: pattern, toByteOffset: index &* MemoryLayout<Element>.size, as: SIMD4<UInt32>.self)
            index &+= perVector
        }
        while index < count {
            row[index] = value
            index &+= 1
        }
    }
}

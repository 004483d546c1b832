/// Widening and narrowing eight lanes for the colour conversion and the vector IDCT, spelled lane by lane so that
/// they are always inlined: there the standard library's generic `init(truncatingIfNeeded:)` on SIMD vectors
/// stayed an outlined call per vector in the package's release build.
extension SIMD8 where Scalar == Int16 {
    /// Eight bytes, zero-extended.
    @inline(__always)
    init(widening bytes: SIMD8<UInt8>) {
        self.init(Int16(bytes[0]), Int16(bytes[1]), Int16(bytes[2]), Int16(bytes[3]),
                  Int16(bytes[4]), Int16(bytes[5]), Int16(bytes[6]), Int16(bytes[7]))
    }

    /// The low 16 bits of each lane.
    @inline(__always)
    init(truncating wide: SIMD8<Int32>) {
        self.init(Int16(truncatingIfNeeded: wide[0]), Int16(truncatingIfNeeded: wide[1]),
                  Int16(truncatingIfNeeded: wide[2]), Int16(truncatingIfNeeded: wide[3]),
                  Int16(truncatingIfNeeded: wide[4]), Int16(truncatingIfNeeded: wide[5]),
                  Int16(truncatingIfNeeded: wide[6]), Int16(truncatingIfNeeded: wide[7]))
    }

    /// Each lane sign-extended to 32 bits.
    @inline(__always)
    var widened: SIMD8<Int32> {
        SIMD8<Int32>(Int32(self[0]), Int32(self[1]), Int32(self[2]), Int32(self[3]),
                     Int32(self[4]), Int32(self[5]), Int32(self[6]), Int32(self[7]))
    }
}

extension SIMD8 where Scalar == UInt8 {
    /// The low 8 bits of each lane.
    @inline(__always)
    init(truncating lanes: SIMD8<Int16>) {
        self.init(UInt8(truncatingIfNeeded: lanes[0]), UInt8(truncatingIfNeeded: lanes[1]),
                  UInt8(truncatingIfNeeded: lanes[2]), UInt8(truncatingIfNeeded: lanes[3]),
                  UInt8(truncatingIfNeeded: lanes[4]), UInt8(truncatingIfNeeded: lanes[5]),
                  UInt8(truncatingIfNeeded: lanes[6]), UInt8(truncatingIfNeeded: lanes[7]))
    }
}

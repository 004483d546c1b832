/// Interleaving the 16-bit lanes of two vectors (x86's `punpcklwd`/`punpckhwd`), for the vector inverse DCT's
/// transpose and for packing pixels.
extension SIMD8 where Scalar == Int16 {
    /// Lanes 0…3 of `self` and `other`, alternating: self[0], other[0], self[1], other[1], …
    @inline(__always)
    func interleavedLow(_ other: Self) -> Self {
        Self(self[0], other[0], self[1], other[1], self[2], other[2], self[3], other[3])
    }

    /// Lanes 4…7 of `self` and `other`, alternating: self[4], other[4], self[5], other[5], …
    @inline(__always)
    func interleavedHigh(_ other: Self) -> Self {
        Self(self[4], other[4], self[5], other[5], self[6], other[6], self[7], other[7])
    }
}

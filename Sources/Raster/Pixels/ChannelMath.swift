/// Integer helpers for 8-bit channel arithmetic, exact to the rounding the compositor promises.
public enum ChannelMath {
    /// `x / 255` rounded to nearest, for `0 ≤ x ≤ 65535`. Equal to `(x + 127) / 255` on that range
    /// (255 is odd, so there are no ties); tested exhaustively.
    @inlinable @inline(__always)
    public static func divideBy255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// `a × b / 255` rounded to nearest, for 8-bit `a` and `b`.
    @inlinable @inline(__always)
    public static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        divideBy255(a &* b)
    }

    /// Multiplies the four bytes of `pixel` by `factor / 255` (0 ... 256 where 256 is treated like 255),
    /// each rounded to nearest exactly like `multiply`.
    @inlinable @inline(__always)
    public static func scaleBytes(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        var rb = (pixel & 0x00FF_00FF) &* factor &+ 0x0080_0080
        rb = ((rb &+ ((rb &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        var ag = ((pixel &>> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080
        ag = (ag &+ ((ag &>> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Source-over of premultiplied 8888 bytes: `source + destination × (255 − sourceAlpha) / 255` per byte,
    /// rounded to nearest. The alpha byte position does not matter: `inverseAlpha` is given.
    @inlinable @inline(__always)
    public static func sourceOver(_ source: UInt32, _ destination: UInt32, inverseAlpha: UInt32) -> UInt32 {
        source &+ scaleBytes(destination, by: inverseAlpha)
    }

    /// Converts an 8-bit value to `bits` bits (1 ... 8), rounded to nearest: `(v × max + 127) / 255`.
    @inlinable @inline(__always)
    public static func narrow(_ value: UInt32, toBits bits: Int) -> UInt32 {
        divideBy255(value &* ((1 &<< UInt32(bits)) &- 1))
    }

    /// Converts a `bits`-bit value (1 ... 8) to 8 bits, rounded to nearest: `(v × 255 + max / 2) / max`.
    @inlinable @inline(__always)
    public static func widen(_ value: UInt32, fromBits bits: Int) -> UInt32 {
        let maxValue = (UInt32(1) &<< UInt32(bits)) &- 1
        return (value &* 255 &+ maxValue / 2) / maxValue
    }

    /// `widen(value, fromBits: 5)` without a division: `(v × 527 + 23) >> 6` (equal for all 32 values).
    @inlinable @inline(__always)
    public static func widen5<T: FixedWidthInteger>(_ value: T) -> T { (value &* 527 &+ 23) &>> 6 }

    /// `widen(value, fromBits: 6)` without a division: `(v × 259 + 33) >> 6` (equal for all 64 values).
    @inlinable @inline(__always)
    public static func widen6<T: FixedWidthInteger>(_ value: T) -> T { (value &* 259 &+ 33) &>> 6 }

    /// `widen5` on 16-bit lanes.
    @inlinable @inline(__always)
    public static func widen5<Lanes: SIMD>(_ value: Lanes) -> Lanes where Lanes.Scalar == UInt16 { (value &* 527 &+ 23) &>> 6 }

    /// `widen6` on 16-bit lanes.
    @inlinable @inline(__always)
    public static func widen6<Lanes: SIMD>(_ value: Lanes) -> Lanes where Lanes.Scalar == UInt16 { (value &* 259 &+ 33) &>> 6 }

    /// `divideBy255` on 16-bit lanes (`x ≤ 65_025 + 127` keeps every step inside 16 bits).
    @inlinable @inline(__always)
    public static func divideBy255<Lanes: SIMD>(_ x: Lanes) -> Lanes where Lanes.Scalar == UInt16 {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// `divideBy255` on eight 16-bit lanes as a high multiply: `(x + 128) × 257 >> 16` (x ≤ 65_407). Equal
    /// to the shift form because, for t = x + 128, t + t/256 and t + ⌊t/256⌋ lie in the same multiple of 256
    /// (tested over every input). The lane loop compiles to one `pmulhuw` on x86 (SSE2); on ARM the shift
    /// form is as short (`usra`, `ushr`), so `divideBy255Lanes` picks per architecture.
    @inlinable @inline(__always)
    public static func divideBy255Multiplying(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = x &+ 128
        var result = SIMD8<UInt16>()
        for lane in 0..<8 { result[lane] = UInt16(truncatingIfNeeded: (UInt32(t[lane]) &* 257) &>> 16) }
        return result
    }

    /// `divideBy255` on eight 16-bit lanes in the form this architecture computes fastest.
    @inlinable @inline(__always)
    public static func divideBy255Lanes(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        #if arch(x86_64) || arch(i386)
        return divideBy255Multiplying(x)
        #else
        return divideBy255(x)
        #endif
    }
}

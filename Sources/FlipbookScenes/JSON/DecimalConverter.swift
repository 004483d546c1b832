/// Converts a decimal number to the nearest `Double`, ties to even: the result `strtod` gives, correctly rounded
/// for every input, without the C library (so the JSON parser builds in Embedded Swift, where `Double(String)`
/// needs a C runtime function). Setup-time code.
///
/// Small numbers (at most 15 significant digits and a power of ten up to 10^22) take Clinger's fast path: both
/// the digits and the power are exact `Double`s, so one multiplication or division rounds once, correctly.
/// Everything else is exact big-integer arithmetic: the value `W × 10^e` becomes at least 62 leading bits
/// plus a sticky bit, then rounds to 53 bits (fewer for subnormals).
enum DecimalConverter {
    /// Significant digits kept; the rest only matter as "some non-zero digit follows", kept as a final `1`.
    /// (768 digits decide every rounding of a `Double`.)
    static let keptDigits = 780

    /// The value of `digits` (ASCII `0`–`9`, no point) × 10^`exponent`, negated when `negative`; ±infinity when
    /// the value rounds beyond the largest finite `Double`, ±0 when it rounds below the smallest subnormal.
    static func double<Digits: Collection<UInt8>>(digits: Digits, exponent: Int64, negative: Bool) -> Double {
        let magnitude = Double(bitPattern: magnitudeBits(digits: digits, exponent: exponent))
        return negative ? -magnitude : magnitude
    }

    /// The bit pattern of the positive result.
    private static func magnitudeBits<Digits: Collection<UInt8>>(digits: Digits, exponent: Int64) -> UInt64 {
        var significant: [UInt8] = []
        var scale = exponent
        var droppedNonZero = false
        for digit in digits.drop(while: { $0 == UInt8(ascii: "0") }) {
            if significant.count < keptDigits {
                significant.append(digit - UInt8(ascii: "0"))
            } else {
                scale += 1
                droppedNonZero = droppedNonZero || digit != UInt8(ascii: "0")
            }
        }
        if droppedNonZero {
            significant.append(1)
            scale -= 1
        }
        while significant.last == 0 {
            significant.removeLast()
            scale += 1
        }
        guard !significant.isEmpty else { return 0 }
        // value = 0.d1d2… × 10^(count + scale): beyond 10^310 it is infinite, below 10^-324 it rounds to 0.
        let decimalPoint = Int64(significant.count) + scale
        if decimalPoint > 310 { return infinityBits }
        if decimalPoint < -324 { return 0 }
        if let fast = fastPath(significant, scale: Int(scale)) { return fast.bitPattern }
        return slowPath(significant, scale: Int(scale))
    }

    private static let infinityBits = Double.infinity.bitPattern

    /// Exact powers of ten 10^0 … 10^22 (each is a `Double` exactly).
    private static let exactPowers: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// Clinger's fast path: `W × 10^scale` with `W` < 10^15 and |scale| ≤ 22, one correctly rounded operation.
    private static func fastPath(_ digits: [UInt8], scale: Int) -> Double? {
        guard digits.count <= 15, scale >= -22, scale <= 22 else { return nil }
        var whole: UInt64 = 0
        for digit in digits { whole = whole * 10 + UInt64(digit) }
        let value = Double(whole)
        return scale >= 0 ? value * exactPowers[scale] : value / exactPowers[-scale]
    }

    /// Exact conversion of `W × 10^scale` through big integers.
    private static func slowPath(_ digits: [UInt8], scale: Int) -> UInt64 {
        var whole = DecimalBigInteger()
        for digit in digits { whole.multiply(by: 10, adding: UInt32(digit)) }
        if scale >= 0 {
            whole.multiplyByPowerOfTen(scale)
            let leading = whole.leading64Bits
            return rounded(leading.bits, lowestBitExponent: leading.droppedBits, sticky: leading.droppedNonZero)
        }
        var divisor = DecimalBigInteger(1)
        divisor.multiplyByPowerOfTen(-scale)
        // W·2^s / 10^m lies in (2^62, 2^64) for this s: the quotient has 62 or more significant bits.
        let shift = 63 - whole.bitWidth + divisor.bitWidth
        var remainder = whole.shiftedLeft(by: max(0, shift))
        if shift < 0 { divisor = divisor.shiftedLeft(by: -shift) }
        var quotient: UInt64 = 0
        for bit in stride(from: 63, through: 0, by: -1) {
            let shifted = divisor.shiftedLeft(by: bit)
            if !(remainder < shifted) {
                remainder.subtract(shifted)
                quotient |= 1 << UInt64(bit)
            }
        }
        return rounded(quotient, lowestBitExponent: -shift, sticky: !remainder.isZero)
    }

    /// Rounds `bits × 2^lowestBitExponent` (plus less than one unit of its last bit when `sticky`) to the
    /// nearest `Double`, ties to even, and returns its bit pattern. `bits` holds all significant bits or at least
    /// 55 of them.
    static func rounded(_ bits: UInt64, lowestBitExponent: Int, sticky: Bool) -> UInt64 {
        guard bits != 0 else { return 0 }
        let leadingExponent = lowestBitExponent + 63 - bits.leadingZeroBitCount
        // The value's last kept bit has weight 2^target: 53 significant bits, or 2^-1074 for a subnormal.
        let target = max(leadingExponent - 52, -1074)
        let dropped = target - lowestBitExponent
        var kept: UInt64
        var roundUp = false
        if dropped <= 0 {
            kept = bits << UInt64(-dropped)
        } else if dropped > 64 {
            kept = 0
        } else {
            kept = dropped == 64 ? 0 : bits >> UInt64(dropped)
            let half = bits >> UInt64(dropped - 1) & 1 == 1
            let belowHalf = dropped == 1 ? false : bits & (UInt64.max >> UInt64(65 - dropped)) != 0
            roundUp = half && (belowHalf || sticky || kept & 1 == 1)
        }
        if roundUp { kept += 1 }
        // Normal: biased exponent (target + 1075) over the 52 fraction bits of kept ∈ [2^52, 2^53]; a carry to 2^53
        // and a subnormal (target = -1074, kept < 2^52) both come out right from one sum.
        guard target + 1074 < 2046 else { return infinityBits }
        let pattern = UInt64(target + 1074) << 52 &+ kept
        return pattern >= infinityBits ? infinityBits : pattern
    }
}

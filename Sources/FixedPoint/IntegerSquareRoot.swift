/// Square roots of unsigned 64-bit integers, rounded to nearest, with integer steps only.
public enum IntegerSquareRoot {
    /// ⌊√value⌋, by the bit-by-bit (digit) method: 32 iterations, no division, no floating point.
    @inlinable
    public static func floor(_ value: UInt64) -> UInt64 {
        var remainder = value
        var root: UInt64 = 0
        var bit: UInt64 = 1 << 62
        while bit > remainder { bit &>>= 2 }
        while bit != 0 {
            if remainder >= root &+ bit {
                remainder &-= root &+ bit
                root = (root &>> 1) &+ bit
            } else {
                root &>>= 1
            }
            bit &>>= 2
        }
        return root
    }

    /// √value rounded to nearest. Ties cannot occur: (r + ½)² = r² + r + ¼ is never an integer.
    @inlinable
    public static func nearest(_ value: UInt64) -> UInt64 {
        let root = floor(value)
        return value &- root &* root > root ? root &+ 1 : root
    }
}

/// A non-negative integer of any size, little-endian 32-bit limbs, with only what exact decimal-to-binary
/// conversion needs (``DecimalConverter``'s slow path). Setup-time code: every operation allocates.
struct DecimalBigInteger {
    /// Limbs, least significant first, with no zero limb at the top (zero is the empty array).
    private(set) var limbs: [UInt32] = []

    /// Zero.
    init() {}

    /// The value of a 64-bit integer.
    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trimTopZeros()
    }

    /// Whether the value is zero.
    var isZero: Bool { limbs.isEmpty }

    /// The number of significant bits (0 for zero).
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    /// Multiplies by `factor` and adds `addend`, in place.
    mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
        trimTopZeros()
    }

    /// Multiplies by 10^`exponent` (`exponent` ≥ 0), in place.
    mutating func multiplyByPowerOfTen(_ exponent: Int) {
        var remaining = exponent
        while remaining >= 9 {
            multiply(by: 1_000_000_000)
            remaining -= 9
        }
        var factor: UInt32 = 1
        for _ in 0..<remaining { factor *= 10 }
        multiply(by: factor)
    }

    /// The value shifted left by `bits` (`bits` ≥ 0).
    func shiftedLeft(by bits: Int) -> DecimalBigInteger {
        guard !isZero else { return self }
        var result = DecimalBigInteger()
        result.limbs = [UInt32](repeating: 0, count: bits / 32)
        let offset = UInt32(bits % 32)
        var carry: UInt32 = 0
        for limb in limbs {
            result.limbs.append(offset == 0 ? limb : limb << offset | carry)
            carry = offset == 0 ? 0 : limb >> (32 - offset)
        }
        if carry != 0 { result.limbs.append(carry) }
        return result
    }

    /// Subtracts `other`, which must not exceed the value (the caller compares first).
    mutating func subtract(_ other: DecimalBigInteger) {
        var borrow: UInt64 = 0
        for index in limbs.indices {
            let subtrahend = (index < other.limbs.count ? UInt64(other.limbs[index]) : 0) + borrow
            let minuend = UInt64(limbs[index])
            borrow = minuend < subtrahend ? 1 : 0
            limbs[index] = UInt32(truncatingIfNeeded: minuend &+ (borrow << 32) &- subtrahend)
        }
        trimTopZeros()
    }

    /// The top 64 bits (the most significant bit at bit 63 when the value has 64 bits or more; the whole value
    /// otherwise), how many bits lie below them, and whether any of those bits is set.
    var leading64Bits: (bits: UInt64, droppedBits: Int, droppedNonZero: Bool) {
        let width = bitWidth
        guard width > 64 else {
            var value: UInt64 = 0
            for limb in limbs.reversed() { value = value << 32 | UInt64(limb) }
            return (value, 0, false)
        }
        let dropped = width - 64
        var value: UInt64 = 0
        for bit in stride(from: width - 1, through: dropped, by: -1) {
            value = value << 1 | UInt64(self.bit(bit))
        }
        var nonZero = false
        for bit in 0..<dropped where self.bit(bit) != 0 {
            nonZero = true
            break
        }
        return (value, dropped, nonZero)
    }

    private func bit(_ index: Int) -> UInt32 {
        limbs[index / 32] >> UInt32(index % 32) & 1
    }

    private mutating func trimTopZeros() {
        while limbs.last == 0 { limbs.removeLast() }
    }
}

extension DecimalBigInteger: Comparable {
    static func < (lhs: DecimalBigInteger, rhs: DecimalBigInteger) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }
}

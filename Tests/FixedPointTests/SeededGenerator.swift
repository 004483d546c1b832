/// SplitMix64: a small seeded PRNG so every random test is reproducible (the seed is printed).
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64, test: String) {
        state = seed
        print("\(test): PRNG seed 0x\(String(seed, radix: 16))")
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniformly random raw `Int32`.
    mutating func nextRaw() -> Int32 { Int32(truncatingIfNeeded: next()) }
}

/// `value` as `0x…` hex (two's complement for negatives), for failure messages.
func hex<T: BinaryInteger>(_ value: T) -> String {
    let bits = Int64(truncatingIfNeeded: value)
    return bits < 0 ? "-0x" + String(bits.magnitude, radix: 16) : "0x" + String(bits, radix: 16)
}

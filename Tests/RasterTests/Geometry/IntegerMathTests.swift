import Testing
@testable import Raster

/// The division-saving integer helpers against their definitions (exact, every case).
@Suite struct IntegerMathTests {
    /// ⌊√v⌋ satisfies r² ≤ v < (r + 1)² (checked in 128 bits) for 0, 1, Int64.max, every perfect square
    /// 2^k and its neighbours, and 300,000 seeded values of every bit length.
    @Test func squareRootIsTheFloorOfTheRoot() {
        let seed: UInt64 = 0x5157_0071
        print("squareRootIsTheFloorOfTheRoot seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var values: [Int64] = [0, 1, 2, 3, 4, Int64.max, Int64.max - 1, 1 << 62, (1 << 62) - 1]
        for k in 0..<31 {
            let root = Int64(1) << k
            values += [root * root - 1, root * root, root * root + 1]
            let odd = (Int64(3) << k) - 1
            if odd < 3_037_000_499 { values += [odd * odd - 1, odd * odd, odd * odd + 1] }
        }
        for _ in 0..<300_000 {
            let bits = Int(random.next() % 63) + 1
            values.append(Int64(bitPattern: random.next() >> UInt64(64 - bits)))
        }
        var wrong = 0
        for value in values {
            let root = IntegerMath.squareRoot(value)
            let low = root.multipliedFullWidth(by: root)
            let high = (root + 1).multipliedFullWidth(by: root + 1)
            let fits = low.high == 0 && low.low <= UInt64(value)
            let next = high.high > 0 || high.low > UInt64(value)
            if !(fits && next) { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) of \(values.count) roots are not the floor")
        #expect(IntegerMath.squareRoot(-5) == 0)
        #expect(IntegerMath.squareRoot(Int64.max) == 3_037_000_499)
    }

    /// Quotients by a reciprocal equal Swift's `/` (toward zero) and `IntegerMath.roundedQuotient`
    /// (to nearest, ties away from zero) for divisors 1 … 2^62 and numerators up to ±(2^63 − 1).
    @Test func reciprocalQuotientsAreExact() {
        let seed: UInt64 = 0xD1_715_0125
        print("reciprocalQuotientsAreExact seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var mismatches = 0
        for trial in 0..<200_000 {
            let divisorBits = Int(random.next() % 62) + 1
            var divisor = Int64(bitPattern: random.next() >> UInt64(64 - divisorBits))
            if divisor == 0 || trial % 1000 == 0 { divisor = [1, 2, 3, 1 << 62, (1 << 31) - 1][trial / 1000 % 5] }
            let numeratorBits = Int(random.next() % 63) + 1
            var numerator = Int64(bitPattern: random.next() >> UInt64(64 - numeratorBits))
            if random.next() % 2 == 0 { numerator = -numerator }
            if trial % 997 == 0 { numerator = [Int64.max, -Int64.max, 0, divisor, -divisor][trial / 997 % 5] }
            let reciprocal = ReciprocalDivisor(divisor)
            if reciprocal.truncatedQuotient(numerator) != numerator / divisor { mismatches += 1 }
            if numerator.magnitude < UInt64(Int64.max) - UInt64(divisor),
               reciprocal.roundedQuotient(numerator) != IntegerMath.roundedQuotient(numerator, divisor) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    /// The root from a guess equals the plain one for guesses exact, a few units off, up to 2^12 off
    /// (beyond the Newton step's reach, where it falls back), negative, zero and far too large, on
    /// 200,000 seeded values of the stroker's range (up to 2^61) and on the squares' neighbours; the
    /// guesses near the root (within 2^10) take the one-step path, counted so that the test cannot pass
    /// on the fallback alone.
    @Test func squareRootNearAGuessIsTheFloorOfTheRoot() {
        let seed: UInt64 = 0x5EED_2007
        print("squareRootNearAGuessIsTheFloorOfTheRoot seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var mismatches = 0, near = 0
        for trial in 0..<200_000 {
            let bits = Int(random.next() % 61) + 1
            var value = Int64(bitPattern: random.next() >> UInt64(64 - bits))
            if trial % 10 == 0 {
                let root = Int64(bitPattern: random.next() >> 34)
                value = root * root + Int64(trial % 3) - 1
            }
            let root = IntegerMath.squareRoot(value)
            let offsets: [Int64] = [0, 1, -1, 3, -7, Int64(random.next() % 1024), -Int64(random.next() % 4096), 1 << 12]
            for offset in offsets {
                if IntegerMath.squareRoot(value, near: root + offset) != root { mismatches += 1 }
                let miss = value - (root + offset) * (root + offset)
                if root + offset >= 1 << 20, abs(miss) <= (root + offset) << 11 { near += 1 }
            }
            for guess: Int64 in [0, -root - 5, 1 << 31, (1 << 40) + root] where IntegerMath.squareRoot(value, near: guess) != root {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        #expect(near > 200_000)
    }

    /// The shared-root unit vector and length equal the separate ones: the direction divides the
    /// components scaled into [2^20, 2^31) by their length, the length is ⌊√(dx² + dy²)⌋ (shifted down
    /// for components of 2^30 and more).
    @Test func unitAndLengthMatchTheSeparateComputations() {
        let seed: UInt64 = 0x0041_7EC7
        print("unitAndLengthMatchTheSeparateComputations seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var mismatches = 0
        for trial in 0..<100_000 {
            let bits = Int(random.next() % 41) + 1
            var dx = Int64(bitPattern: random.next() >> UInt64(64 - bits)), dy = Int64(bitPattern: random.next() >> UInt64(64 - bits))
            if random.next() % 2 == 0 { dx = -dx }
            if random.next() % 2 == 0 { dy = -dy }
            if trial % 100 == 0 { dy = 0 }
            let (unit, length) = StrokeGeometry.unitAndLength(dx, dy)
            let expected = referenceUnit(dx, dy)
            if unit.x != expected.x || unit.y != expected.y || length != StrokeGeometry.length(dx, dy) { mismatches += 1 }
            // A guess near the length (or far off) changes nothing.
            let guess = length + Int64(random.next() % 64) - 32
            let guessed = StrokeGeometry.unitAndLength(dx, dy, lengthNear: trial % 7 == 0 ? 1 << 40 : guess)
            if guessed.unit.x != unit.x || guessed.unit.y != unit.y || guessed.length != length { mismatches += 1 }
        }
        #expect(mismatches == 0)
        let zero = StrokeGeometry.unitAndLength(0, 0)
        #expect(zero.unit.x == 0 && zero.unit.y == 0 && zero.length == 0)
    }

    /// The unit vector by two plain divisions (the definition the stroker's directions follow).
    func referenceUnit(_ dx: Int64, _ dy: Int64) -> (x: Int64, y: Int64) {
        var x = dx, y = dy
        while max(abs(x), abs(y)) >= 1 << 31 { x >>= 1; y >>= 1 }
        while x != 0 || y != 0, max(abs(x), abs(y)) < 1 << 20 { x <<= 1; y <<= 1 }
        let length = StrokeGeometry.length(x, y)
        return length == 0 ? (0, 0) : ((x << 30) / length, (y << 30) / length)
    }
}

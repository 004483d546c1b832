import Testing
@testable import FixedPoint

@Suite struct FixedConversionTests {
    @Test func doubleRoundsToNearestEven() throws {
        #expect(try Fixed(exactly: 1.5).raw == 0x18000)
        #expect(try Fixed(exactly: -2.25).raw == -0x24000)
        // Half-LSB ties go to the even raw value.
        #expect(try Fixed(exactly: 0.5 / 65536).raw == 0)
        #expect(try Fixed(exactly: 1.5 / 65536).raw == 2)
        #expect(try Fixed(exactly: -1.5 / 65536).raw == -2)
        #expect(try Fixed(exactly: 0.1).raw == 6554)  // 6553.6
    }

    @Test func doubleConversionMatchesReferenceOnRandomSamples() throws {
        var generator = SeededGenerator(seed: 0xF1_0001, test: "doubleConversionMatchesReferenceOnRandomSamples")
        for _ in 0..<100_000 {
            let value = Double.random(in: -32768..<32768, using: &generator)
            let expected = (value * 65536).rounded(.toNearestOrEven)
            let observed = try Fixed(exactly: value)
            guard Double(observed.raw) == expected else {
                Issue.record("Fixed(exactly: \(value)): expected \(hex(Int64(expected))), observed \(hex(observed.raw))")
                return
            }
            #expect(observed.doubleValue == Double(observed.raw) / 65536)
        }
    }

    @Test func doubleEdgesOfTheRange() throws {
        #expect(try Fixed(exactly: -32768) == .min)
        #expect(try Fixed(exactly: Fixed.max.doubleValue) == .max)
        // Just under half an LSB above max still rounds to max; at the tie it would round to 2^31.
        #expect(try Fixed(exactly: Fixed.max.doubleValue + 0.49 / 65536) == .max)
        #expect(throws: FixedPointError.outOfRange(field: "w", value: 32768, range: Fixed.representableRange)) {
            try Fixed(exactly: 32768.0, field: "w")
        }
        #expect(throws: FixedPointError.self) { try Fixed(exactly: -32768.0 - 1.0 / 65536) }
        #expect(throws: FixedPointError.self) { try Fixed(exactly: 1e300) }
    }

    @Test func nonFiniteDoublesAreRefusedByName() {
        #expect(throws: FixedPointError.notFinite(field: "opacity", value: .infinity)) {
            try Fixed(exactly: .infinity, field: "opacity")
        }
        #expect(throws: FixedPointError.notFinite(field: nil, value: -.infinity)) { try Fixed(exactly: -.infinity) }
        #expect(throws: FixedPointError.notFinite(field: "x", value: .nan)) { try Fixed(exactly: .nan, field: "x") }
        #expect(throws: FixedPointError.notFinite(field: nil, value: .nan)) { try Progress(exactly: .nan) }
    }

    @Test func integersConvertExactlyOrThrow() throws {
        #expect(try Fixed(exactly: 7).raw == 7 << 16)
        #expect(try Fixed(exactly: -32768) == .min)
        #expect(try Fixed(exactly: 32767).raw == 32767 << 16)
        #expect(throws: FixedPointError.outOfRange(field: "n", value: 32768, range: -32768...32767)) {
            try Fixed(exactly: 32768 as Int, field: "n")
        }
        #expect(throws: FixedPointError.self) { try Fixed(exactly: Int.min) }
    }

    @Test func integerParts() {
        #expect(Fixed(raw: -1).integerFloor == -1)
        #expect(Fixed(raw: 0x18000).integerRounded == 2)  // 1.5 ties toward +∞
        #expect(Fixed(raw: -0x18000).integerRounded == -1)
        #expect(Fixed(raw: 0x17FFF).integerRounded == 1)
    }

    @Test func progressConversions() throws {
        #expect(try Progress(exactly: 1.0) == .one)
        #expect(try Progress(exactly: 0.25).raw == 8192)
        #expect(Progress(raw: 16384).doubleValue == 0.5)
        #expect(Double(Progress.one) == 1)
        #expect(try Progress(ratio: 1, to: 3).raw == 10923)  // 10922.67
        #expect(try Progress(ratio: -1, to: 3).raw == -10923)
        #expect(try Progress(ratio: 250_000, to: 1_000_000).raw == 8192)
        #expect(try Progress(ratio: 1, to: 65536).raw == 1)  // 0.5 LSB ties away from zero
        #expect(throws: FixedPointError.divisionByZero(field: "duration")) {
            try Progress(ratio: 5, to: 0, field: "duration")
        }
        #expect(throws: FixedPointError.self) { try Progress(ratio: 1 << 40, to: 1) }
        #expect(throws: FixedPointError.self) { try Progress(exactly: 70_000) }
    }

    @Test func progressRatioMatchesReferenceOnRandomSamples() throws {
        var generator = SeededGenerator(seed: 0xF1_0002, test: "progressRatioMatchesReferenceOnRandomSamples")
        for _ in 0..<100_000 {
            let denominator = Int64.random(in: 1...(1 << 40), using: &generator)
            let numerator = Int64.random(in: -4 * denominator...4 * denominator, using: &generator)
            let exact = Double(numerator) * 32768 / Double(denominator)
            let observed = try Progress(ratio: numerator, to: denominator)
            // Double's own rounding of the reference is < 2^-30 LSB here; only ties could differ.
            guard abs(Double(observed.raw) - exact) <= 0.5 + 1e-6 else {
                Issue.record("ratio \(hex(numerator))/\(hex(denominator)): expected ≈\(exact), observed \(hex(observed.raw))")
                return
            }
        }
    }
}

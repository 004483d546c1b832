import Testing
@testable import FixedPoint

@Suite struct FixedArithmeticTests {
    @Test func productRoundsToNearest() {
        #expect((Fixed(3) * Fixed.half).raw == 3 << 15)
        #expect((Fixed(raw: 1) * Fixed.half).raw == 1)  // 0.5 LSB rounds up
        #expect((Fixed(raw: -1) * Fixed.half).raw == 0)  // −0.5 LSB rounds toward +∞
    }

    @Test func quotientRoundsHalfAwayFromZero() {
        #expect((Fixed(1) / Fixed(3)).raw == 21845)
        #expect((Fixed(-1) / Fixed(3)).raw == -21845)
        #expect((Fixed(2) / Fixed(3)).raw == 43691)
        #expect((Fixed(raw: 1) / Fixed(2)).raw == 1)  // 0.5 LSB ties away from zero
        #expect((Fixed(raw: -1) / Fixed(2)).raw == -1)
    }

    @Test func productAndQuotientMatchReferenceOnRandomSamples() {
        var generator = SeededGenerator(seed: 0xF1_0003, test: "productAndQuotientMatchReferenceOnRandomSamples")
        for _ in 0..<100_000 {
            let lhs = Fixed(raw: generator.nextRaw() >> Int32.random(in: 0...24, using: &generator))
            let rhs = Fixed(raw: generator.nextRaw() >> Int32.random(in: 0...24, using: &generator))
            let exactProduct = Double(lhs.raw) * Double(rhs.raw) / 65536  // exact: < 2^53
            let expectedProduct = (exactProduct + 0.5).rounded(.down)
            if abs(expectedProduct) < 2_147_483_648 {
                guard Double((lhs * rhs).raw) == expectedProduct else {
                    Issue.record("\(hex(lhs.raw)) * \(hex(rhs.raw)): expected \(expectedProduct), observed \(hex((lhs * rhs).raw))")
                    return
                }
            }
            guard rhs.raw != 0 else { continue }
            let exactQuotient = Double(lhs.raw) * 65536 / Double(rhs.raw)
            let expectedQuotient = exactQuotient.rounded(.toNearestOrAwayFromZero)
            if abs(expectedQuotient) < 2_147_483_648 {
                let observed = (lhs / rhs).raw
                guard abs(Double(observed) - exactQuotient) <= 0.5 + 1e-9 else {
                    Issue.record("\(hex(lhs.raw)) / \(hex(rhs.raw)): expected \(expectedQuotient), observed \(hex(observed))")
                    return
                }
            }
        }
    }

    @Test func saturatingOperationsSaturateAndOtherwiseMatch() throws {
        #expect(Fixed.max.addingWithSaturation(.one) == .max)
        #expect(Fixed.min.addingWithSaturation(-.one) == .min)
        #expect(Fixed.min.subtractingWithSaturation(.one) == .min)
        #expect(Fixed.max.subtractingWithSaturation(-.one) == .max)
        #expect(Fixed(2).addingWithSaturation(Fixed(3)) == Fixed(5))
        #expect(Fixed(300).multipliedWithSaturation(by: Fixed(300)) == .max)
        #expect(Fixed(-300).multipliedWithSaturation(by: Fixed(300)) == .min)
        #expect(Fixed(3).multipliedWithSaturation(by: Fixed.half) == Fixed(raw: 3 << 15))
        #expect(try Fixed(30000).dividedWithSaturation(by: Fixed(raw: 1)) == .max)
        #expect(throws: FixedPointError.divisionByZero(field: nil)) { try Fixed.one.dividedWithSaturation(by: .zero) }
    }

    @Test func checkedDivisionRefusesZeroAndOverflow() throws {
        #expect(try Fixed(6).divided(by: Fixed(4)) == Fixed(raw: 0x18000))
        #expect(throws: FixedPointError.divisionByZero(field: "scale")) { try Fixed.one.divided(by: .zero, field: "scale") }
        #expect(throws: FixedPointError.outOfRange(field: nil, value: 65536, range: Fixed.representableRange)) {
            try Fixed(16384).divided(by: Fixed.quarter)
        }
    }

    @Test func interpolationIsExactAtEndsAndRoundsBetween() {
        let start = Fixed(raw: 100), end = Fixed(raw: 201)
        #expect(start.interpolated(to: end, by: .zero) == start)
        #expect(start.interpolated(to: end, by: .one) == end)
        #expect(start.interpolated(to: end, by: Progress(raw: 1 << 14)).raw == 151)  // 150.5 → 151
        #expect(end.interpolated(to: start, by: Progress(raw: 1 << 14)).raw == 151)  // 150.5 → 151 (toward +∞)
        #expect(Fixed.min.interpolated(to: .max, by: .one) == .max)
    }
}

extension Fixed {
    fileprivate static var quarter: Fixed { Fixed(raw: 1 << 14) }
}

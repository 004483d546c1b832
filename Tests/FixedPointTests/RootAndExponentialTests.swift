import Foundation
import Testing
@testable import FixedPoint

@Suite struct RootAndExponentialTests {
    @Test func integerSquareRootIsCorrectlyRoundedOnRandomAndEdgeValues() {
        var generator = SeededGenerator(seed: 0xF1_0030, test: "integerSquareRootIsCorrectlyRounded")
        var samples: [UInt64] = [0, 1, 2, 3, 4, UInt64.max, UInt64.max - 1, 1 << 62, (1 << 32) - 1, 1 << 32]
        for _ in 0..<100_000 { samples.append(generator.next() >> UInt64.random(in: 0...63, using: &generator)) }
        for value in samples {
            let root = IntegerSquareRoot.floor(value)
            // Exact check in 128-bit arithmetic: root² ≤ value < (root + 1)².
            let low = UInt128(root) * UInt128(root), high = UInt128(root + 1) * UInt128(root + 1)
            guard low <= UInt128(value), UInt128(value) < high else {
                Issue.record("floor√\(hex(value)): observed \(hex(root))")
                return
            }
            let nearest = IntegerSquareRoot.nearest(value)
            // nearest = r + 1 exactly when value > r² + r.
            let expected = UInt128(value) > low + UInt128(root) ? root + 1 : root
            guard nearest == expected else {
                Issue.record("nearest√\(hex(value)): expected \(hex(expected)), observed \(hex(nearest))")
                return
            }
        }
    }

    @Test func fixedSquareRootExhaustiveOverTheFirst2To16RawValuesAndRandomAbove() throws {
        var generator = SeededGenerator(seed: 0xF1_0031, test: "fixedSquareRoot")
        var inputs = Array(Int32(0)..<Int32(65536))
        for _ in 0..<100_000 { inputs.append(Int32.random(in: 0...Int32.max, using: &generator)) }
        for raw in inputs {
            let exact = (Double(raw) * 65536).squareRoot()
            let observed = try Fixed(raw: raw).squareRoot()
            guard abs(Double(observed.raw) - exact) <= 0.5 else {
                Issue.record("√\(hex(raw)): expected \(exact), observed \(hex(observed.raw))")
                return
            }
        }
        #expect(try Fixed(4).squareRoot() == Fixed(2))
        #expect(throws: FixedPointError.outOfRange(field: "radius", value: -1, range: 0...Fixed.max.doubleValue)) {
            try Fixed(-1).squareRoot(field: "radius")
        }
    }

    @Test func hypotIsCorrectlyRoundedAndRefusesOverflow() throws {
        var generator = SeededGenerator(seed: 0xF1_0032, test: "hypot")
        for _ in 0..<100_000 {
            let x = Fixed(raw: generator.nextRaw() >> 1), y = Fixed(raw: generator.nextRaw() >> 2)
            let exact = Foundation.hypot(Double(x.raw), Double(y.raw))
            guard exact < 2_147_483_647 else { continue }
            let observed = try Fixed.hypot(x, y)
            guard abs(Double(observed.raw) - exact) <= 0.5 + 1e-6 else {
                Issue.record("hypot(\(hex(x.raw)), \(hex(y.raw))): expected \(exact), observed \(hex(observed.raw))")
                return
            }
        }
        #expect(try Fixed.hypot(Fixed(3), Fixed(-4)) == Fixed(5))
        #expect(throws: FixedPointError.self) { try Fixed.hypot(.max, .max) }
    }

    /// Every raw x in [−12, ln 32768]: the whole range where e^x is neither 0 nor out of range.
    /// Bound: 1 LSB while e^x < 16384; in the top octave (31 significant bits) 1.25 LSB, i.e. 2^-30.7 relative.
    @Test func exponentialWithinStatedBoundExhaustivelyOverItsNonTrivialDomain() throws {
        var worstLow = 0.0, worstTop = 0.0
        for raw in Int32(-12 * 65536)...Int32(681_391) {
            let exact = Foundation.exp(Double(raw) / 65536) * 65536
            guard exact < 2_147_483_647.5 else { break }
            let observed = try Fixed.exp(Fixed(raw: raw))
            let error = abs(Double(observed.raw) - exact)
            let isTopOctave = exact >= 1_073_741_824
            if isTopOctave { worstTop = max(worstTop, error) } else { worstLow = max(worstLow, error) }
            guard error <= (isTopOctave ? 1.25 : 1) else {
                Issue.record("exp(\(hex(raw))): expected \(exact), observed \(hex(observed.raw))")
                return
            }
        }
        print("exp worst \(worstLow) LSB below 16384, \(worstTop) LSB above")
        #expect(try Fixed.exp(.zero) == .one)
        #expect(try Fixed.exp(.min) == .zero)
        #expect(try Fixed.exp(Fixed(-12)) == .zero)
        #expect(throws: FixedPointError.self) { try Fixed.exp(Fixed(11)) }
        #expect(throws: FixedPointError.self) { try Fixed.exp(.max) }
    }

    @Test func exponentialQ30WithinOneLSBForNonPositiveInputs() throws {
        var worst = 0.0
        for raw in stride(from: Int32(0), through: -40 * 65536, by: -7) {
            let exact = Foundation.exp(Double(raw) / 65536) * 1_073_741_824
            let observed = try Fixed.exponentialQ30(ofNonPositive: Fixed(raw: raw))
            worst = max(worst, abs(Double(observed) - exact))
            guard abs(Double(observed) - exact) <= 1 else {
                Issue.record("expQ30(\(hex(raw))): expected \(exact), observed \(hex(observed))")
                return
            }
        }
        print("expQ30 worst \(worst) LSB")
        #expect(try Fixed.exponentialQ30(ofNonPositive: .zero) == 1 << 30)
        #expect(throws: FixedPointError.outOfRange(field: "t", value: 1.0 / 65536, range: -32768...0)) {
            try Fixed.exponentialQ30(ofNonPositive: Fixed(raw: 1), field: "t")
        }
    }
}

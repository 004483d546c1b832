import Foundation
import Testing
@testable import FixedPoint

@Suite struct TrigonometryTests {
    /// Largest |observed − exact| in LSB over every raw angle in [−2π, 2π] (823,550 inputs).
    @Test func sineAndCosineWithinOneLSBOverTwoTurnsExhaustively() {
        var worstSine = 0.0, worstCosine = 0.0
        for raw in Int32(-411_775)...Int32(411_775) {
            let angle = Fixed(raw: raw)
            let radians = Double(raw) / 65536
            let sineError = abs(Double(angle.sine.raw) - sin(radians) * 65536)
            let cosineError = abs(Double(angle.cosine.raw) - cos(radians) * 65536)
            worstSine = max(worstSine, sineError)
            worstCosine = max(worstCosine, cosineError)
            guard sineError <= 1, cosineError <= 1 else {
                Issue.record("angle \(hex(raw)): sin expected \(sin(radians) * 65536) observed \(hex(angle.sine.raw)); cos expected \(cos(radians) * 65536) observed \(hex(angle.cosine.raw))")
                return
            }
        }
        print("sine worst \(worstSine) LSB, cosine worst \(worstCosine) LSB")
    }

    @Test func sineAndCosineWithinOneLSBOnRandomAnglesOverTheWholeRange() {
        var generator = SeededGenerator(seed: 0xF1_0010, test: "sineAndCosineWithinOneLSBOnRandomAngles")
        for _ in 0..<100_000 {
            let raw = generator.nextRaw()
            let radians = Double(raw) / 65536
            let angle = Fixed(raw: raw)
            guard abs(Double(angle.sine.raw) - sin(radians) * 65536) <= 1,
                abs(Double(angle.cosine.raw) - cos(radians) * 65536) <= 1
            else {
                Issue.record("angle \(hex(raw)): sin expected \(sin(radians) * 65536) observed \(hex(angle.sine.raw)); cos expected \(cos(radians) * 65536) observed \(hex(angle.cosine.raw))")
                return
            }
        }
    }

    @Test func exactValuesAtQuadrantPoints() {
        #expect(Fixed.zero.sine == .zero)
        #expect(Fixed.zero.cosine == .one)
        let halfPi = Fixed(raw: 102_944)  // π/2 rounded
        #expect(halfPi.sine == .one)
        #expect(Fixed.pi.cosine == -.one)
    }

    @Test func arctangentWithinOneLSBOnRandomVectors() {
        var generator = SeededGenerator(seed: 0xF1_0011, test: "arctangentWithinOneLSBOnRandomVectors")
        var worst = 0.0
        for _ in 0..<200_000 {
            let y = Fixed(raw: generator.nextRaw() >> Int32.random(in: 0...30, using: &generator))
            let x = Fixed(raw: generator.nextRaw() >> Int32.random(in: 0...30, using: &generator))
            let expected = Foundation.atan2(Double(y.raw), Double(x.raw)) * 65536
            let observed = Fixed.atan2(y: y, x: x).raw
            worst = max(worst, abs(Double(observed) - expected))
            guard abs(Double(observed) - expected) <= 1 else {
                Issue.record("atan2(\(hex(y.raw)), \(hex(x.raw))): expected \(expected), observed \(hex(observed))")
                return
            }
        }
        print("atan2 worst \(worst) LSB")
    }

    @Test func arctangentAxesAndExtremes() {
        #expect(Fixed.atan2(y: .zero, x: .zero) == .zero)
        #expect(Fixed.atan2(y: .zero, x: .one) == .zero)
        #expect(Fixed.atan2(y: .zero, x: -.one) == .pi)
        #expect(Fixed.atan2(y: .one, x: .zero).raw == 102_944)
        #expect(Fixed.atan2(y: -.one, x: .zero).raw == -102_944)
        #expect(Fixed.atan2(y: .min, x: .min).raw == -154_416)  // −3π/4 = −154415.6
        #expect(Fixed.atan2(y: .max, x: .min).raw == 154_416)
    }
}

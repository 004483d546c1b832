import Foundation
import Testing
@testable import FixedPoint

/// A `Double` model of `Affine` with the same conventions.
private struct AffineModel {
    var a, b, c, d, tx, ty: Double

    init(_ t: Affine) {
        (a, b, c, d, tx, ty) = (t.a.doubleValue, t.b.doubleValue, t.c.doubleValue, t.d.doubleValue, t.tx.doubleValue, t.ty.doubleValue)
    }

    func entries() -> [Double] { [a, b, c, d, tx, ty] }

    func concatenating(_ o: AffineModel) -> [Double] {
        [a * o.a + b * o.c, a * o.b + b * o.d, c * o.a + d * o.c, c * o.b + d * o.d,
         tx * o.a + ty * o.c + o.tx, tx * o.b + ty * o.d + o.ty]
    }

    func inverse() -> [Double] {
        let det = a * d - b * c
        return [d / det, -b / det, -c / det, a / det, (c * ty - d * tx) / det, (b * tx - a * ty) / det]
    }
}

private func raws(_ t: Affine) -> [Int32] { [t.a.raw, t.b.raw, t.c.raw, t.d.raw, t.tx.raw, t.ty.raw] }

@Suite struct AffineTests {
    private func randomAffine(_ generator: inout SeededGenerator) -> Affine {
        func entry(_ shift: Int32) -> Fixed { Fixed(raw: generator.nextRaw() >> shift) }
        return Affine(a: entry(12), b: entry(14), c: entry(14), d: entry(12), tx: entry(8), ty: entry(8))
    }

    @Test func constructorsFollowCoreGraphics() {
        let p = Point(x: Fixed(3), y: Fixed(4))
        #expect(Affine.identity.apply(to: p) == p)
        #expect(Affine(translationX: Fixed(1), y: Fixed(-1)).apply(to: p) == Point(x: Fixed(4), y: Fixed(3)))
        #expect(Affine(scaleX: Fixed(2), y: Fixed.half).apply(to: p) == Point(x: Fixed(6), y: Fixed(2)))
        // +90°: +x turns toward +y, so (3, 4) → (−4, 3).
        let quarterTurn = Affine(rotationAngle: Fixed(raw: 102_944))
        #expect(quarterTurn.apply(to: p) == Point(x: Fixed(-4), y: Fixed(3)))
        // Concatenation applies the receiver first.
        let scaleThenMove = Affine(scaleX: Fixed(2), y: Fixed(2)).concatenating(Affine(translationX: Fixed(10), y: .zero))
        #expect(scaleThenMove.apply(to: p) == Point(x: Fixed(16), y: Fixed(8)))
    }

    @Test func concatenationAndApplicationRoundOnceAgainstDoubleModel() {
        var generator = SeededGenerator(seed: 0xF1_0020, test: "concatenationAndApplicationRoundOnceAgainstDoubleModel")
        for _ in 0..<100_000 {
            let lhs = randomAffine(&generator), rhs = randomAffine(&generator)
            let expected = AffineModel(lhs).concatenating(AffineModel(rhs))
            let observed = raws(lhs.concatenating(rhs))
            for (entry, value) in zip(observed, expected) where abs(Double(entry) - value * 65536) > 0.5 {
                Issue.record("concat \(raws(lhs).map(hex)) × \(raws(rhs).map(hex)): expected \(expected.map { $0 * 65536 }), observed \(observed.map(hex))")
                return
            }
            let point = Point(x: Fixed(raw: generator.nextRaw() >> 10), y: Fixed(raw: generator.nextRaw() >> 10))
            let applied = lhs.apply(to: point)
            let model = AffineModel(lhs)
            let expectedX = model.a * point.x.doubleValue + model.c * point.y.doubleValue + model.tx
            let expectedY = model.b * point.x.doubleValue + model.d * point.y.doubleValue + model.ty
            guard abs(Double(applied.x.raw) - expectedX * 65536) <= 0.5,
                abs(Double(applied.y.raw) - expectedY * 65536) <= 0.5
            else {
                Issue.record("apply \(raws(lhs).map(hex)) to \(hex(point.x.raw)),\(hex(point.y.raw)): expected \(expectedX * 65536),\(expectedY * 65536) observed \(hex(applied.x.raw)),\(hex(applied.y.raw))")
                return
            }
        }
    }

    @Test func inverseEntriesAreCorrectlyRoundedAgainstDoubleModel() throws {
        var generator = SeededGenerator(seed: 0xF1_0021, test: "inverseEntriesAreCorrectlyRoundedAgainstDoubleModel")
        var checked = 0
        while checked < 100_000 {
            let transform = randomAffine(&generator)
            let model = AffineModel(transform)
            let expected = model.inverse()
            guard model.a * model.d - model.b * model.c != 0,
                expected.allSatisfy({ abs($0 * 65536) < 2_147_483_000 })
            else { continue }
            checked += 1
            let observed = raws(try transform.inverted())
            // The Double model carries ~1e-16 relative error, so allow that on top of the half LSB.
            for (entry, value) in zip(observed, expected) where abs(Double(entry) - value * 65536) > 0.5 + abs(value) * 1e-6 {
                Issue.record("inverse of \(raws(transform).map(hex)): expected \(expected.map { $0 * 65536 }), observed \(observed.map(hex))")
                return
            }
        }
    }

    @Test func inverseUndoesTheTransform() throws {
        let transform = Affine(rotationAngle: Fixed(raw: 30_000))
            .concatenating(Affine(scaleX: Fixed(3), y: Fixed(2)))
            .concatenating(Affine(translationX: Fixed(120), y: Fixed(-45)))
        let point = Point(x: Fixed(17), y: Fixed(-250))
        let forward = transform.apply(to: point)
        let back = try transform.inverted().apply(to: forward)
        // Each inverse entry is within 0.5 LSB, so the round trip is within 0.5 LSB per unit of |x'| + |y'|
        // (plus the forward rounding and one LSB of final rounding).
        let bound = 0.5 * (abs(forward.x.doubleValue) + abs(forward.y.doubleValue) + 1) + 2
        #expect(Double(abs(back.x.raw - point.x.raw)) <= bound)
        #expect(Double(abs(back.y.raw - point.y.raw)) <= bound)
    }

    @Test func singularAndUnrepresentableInversesAreTypedErrors() {
        #expect(throws: FixedPointError.notInvertible(determinantRaw: 0)) {
            try Affine(scaleX: .zero, y: Fixed(2)).inverted()
        }
        #expect(throws: FixedPointError.notInvertible(determinantRaw: 0)) {
            try Affine(a: Fixed(2), b: Fixed(4), c: Fixed(1), d: Fixed(2), tx: .zero, ty: .zero).inverted()
        }
        // Determinant 2^-32: the inverse scale 2^32 does not fit Q16.16.
        #expect(throws: FixedPointError.notInvertible(determinantRaw: 1)) {
            try Affine(scaleX: Fixed(raw: 1), y: Fixed(raw: 1)).inverted()
        }
    }
}

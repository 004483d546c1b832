import Foundation
import Testing
@testable import FixedPoint

@Suite struct Transform3DTests {
    private func randomComponents(_ g: inout SeededGenerator, perspective: Bool) -> Transform3D.Components {
        func fixed(_ range: ClosedRange<Double>) -> Fixed { try! Fixed(exactly: Double.random(in: range, using: &g)) }
        return Transform3D.Components(
            translationX: fixed(-2000...2000), translationY: fixed(-2000...2000), translationZ: fixed(-300...300),
            rotationX: fixed(-3.1...3.1), rotationY: fixed(-1.5...1.5), rotationZ: fixed(-3.1...3.1),
            scaleX: fixed(0.1...4), scaleY: fixed(0.1...4), scaleZ: fixed(0.1...4),
            perspective: perspective ? try! WideFixed(exactly: -1 / Double.random(in: 300...3000, using: &g)) : .zero)
    }

    @Test func primitivesFollowCATransform3D() throws {
        let quarter = Fixed(raw: 102_944)  // π/2 rounded to Q16.16
        let point = Point(x: Fixed(3), y: Fixed(4))
        // About z: +x turns toward +y, the same as Affine(rotationAngle:).
        // (π/2 rounded is 1.5e-6 past π/2, which Q32.32 entries resolve: −4.0000153, 2.99998.)
        let rotated = try #require(try Transform3D(rotationZ: quarter).project(point))
        #expect(abs(rotated.x.raw - Fixed(-4).raw) <= 1 && abs(rotated.y.raw - Fixed(3).raw) <= 1)
        // About y with perspective: the right half (+x) swings to −z, away from the viewer at +z, and shrinks.
        let swung = try Transform3D(rotationY: Fixed(raw: 20_000)).concatenating(Transform3D(perspectiveDistance: Fixed(500)))
        let image = try #require(try swung.project(Point(x: Fixed(100), y: Fixed(100))))
        #expect(image.x < Fixed(100) && image.y < Fixed(100))
        #expect(try Transform3D(perspectiveDistance: Fixed(500)).m34.raw == -8_589_935)  // −2^32/500 = −8589934.59
        #expect(Transform3D(translationX: Fixed(1), y: Fixed(2), z: Fixed(3)).m43 == WideFixed(Fixed(3)))
    }

    /// Perspective accuracy at 1920×1080: every projected point of a random layer transform that lands
    /// within ±2048 px lies within 1/256 px of the exact projection of the same components. The error is
    /// dominated by the Q32.32 quantisation of the projective column (δw ≈ (|x| + |y|)·2^-33), magnified
    /// by 1/w: the worst seen (≈ 0.0015 px) is a point enlarged 13×, at w = 0.073.
    @Test func perspectiveProjectionMatchesDoubleModelWithinAQuarterHundredthOfAPixel() throws {
        var g = SeededGenerator(seed: 0xF1_0040, test: "perspectiveProjectionMatchesDoubleModel")
        var worst = 0.0, checked = 0
        for _ in 0..<10_000 {
            let parts = randomComponents(&g, perspective: true)
            let matrix = try Transform3D(parts)
            let model = Matrix4Model(parts)
            for _ in 0..<10 {
                let x = Double(Int.random(in: -960...960, using: &g)), y = Double(Int.random(in: -540...540, using: &g))
                guard let expected = model.project(x: x, y: y, z: 0), abs(expected.0) < 2048, abs(expected.1) < 2048
                else { continue }
                guard let observed = try matrix.project(Point(x: Fixed(Int16(x)), y: Fixed(Int16(y)))) else {
                    // w within rounding of zero: the model says visible, the matrix says behind.
                    continue
                }
                let error = max(abs(observed.x.doubleValue - expected.0), abs(observed.y.doubleValue - expected.1))
                worst = max(worst, error)
                checked += 1
                guard error <= 1.0 / 256 else {
                    Issue.record("project(\(x), \(y)) through \(parts): expected \(expected), observed \(hex(observed.x.raw)), \(hex(observed.y.raw))")
                    return
                }
            }
        }
        print("projection worst \(worst) px over \(checked) points")
        #expect(checked > 50_000)
    }

    /// The reason for Q32.32: the same matrix rounded to Q16.16 moves an edge point by a visible third of a pixel.
    @Test func q16PerspectiveWouldBeOffByPixels() throws {
        var exact = Matrix4Model(Transform3D.Components(rotationY: Fixed(raw: 40_000), perspective: try WideFixed(exactly: -1.0 / 500)))
        let exactImage = try #require(exact.project(x: 960, y: 540, z: 0))
        exact.m = exact.m.map { $0.map { ($0 * 65536).rounded() / 65536 } }
        let coarseImage = try #require(exact.project(x: 960, y: 540, z: 0))
        #expect(abs(coarseImage.0 - exactImage.0) > 0.25)
    }

    @Test func componentsAndConcatenationMatchDoubleModel() throws {
        var g = SeededGenerator(seed: 0xF1_0041, test: "componentsAndConcatenationMatchDoubleModel")
        for _ in 0..<20_000 {
            let a = randomComponents(&g, perspective: false), b = randomComponents(&g, perspective: true)
            let (ma, mb) = (try Transform3D(a), try Transform3D(b))
            // Components: rotation in Q30 then scaled: ≤ scale · 2^-29 → 4 · 8 = 32 LSB of Q32.32 per entry.
            for (parts, matrix) in [(a, ma), (b, mb)] where Matrix4Model(parts).largestDifference(from: matrix) > 64 {
                Issue.record("components \(parts): off by \(Matrix4Model(parts).largestDifference(from: matrix)) LSB")
                return
            }
            let product = try ma.concatenating(mb)
            let expected = Matrix4Model(ma).concatenating(Matrix4Model(mb))
            // Four products each rounded once (2 LSB) plus the Double model's own error (~1e-16 relative).
            let bound = 2 + expected.m.joined().map { abs($0) }.max()! * 4_294_967_296 * 1e-15
            guard expected.largestDifference(from: product) <= bound else {
                Issue.record("concat \(a) × \(b): off by \(expected.largestDifference(from: product)) LSB")
                return
            }
        }
    }

    @Test func decompositionRecoversComponents() throws {
        var g = SeededGenerator(seed: 0xF1_0042, test: "decompositionRecoversComponents")
        for index in 0..<20_000 {
            let parts = randomComponents(&g, perspective: index % 2 == 0)
            let recovered = try Transform3D(parts).decomposed()
            let pairs: [(Fixed, Fixed, Int32)] = [
                (parts.translationX, recovered.translationX, 0), (parts.translationY, recovered.translationY, 0),
                (parts.translationZ, recovered.translationZ, 0),
                (parts.rotationX, recovered.rotationX, 4), (parts.rotationY, recovered.rotationY, 4),
                (parts.rotationZ, recovered.rotationZ, 4),
                (parts.scaleX, recovered.scaleX, 2), (parts.scaleY, recovered.scaleY, 2), (parts.scaleZ, recovered.scaleZ, 2),
            ]
            let perspectiveError = abs(Double(parts.perspective.raw - recovered.perspective.raw))
            guard pairs.allSatisfy({ abs($0.0.raw - $0.1.raw) <= $0.2 }), perspectiveError <= 64 else {
                Issue.record("decompose \(parts): recovered \(recovered)")
                return
            }
        }
    }

    @Test func decompositionHandlesMirrorAndGimbalLock() throws {
        let mirrored = try Transform3D(Transform3D.Components(rotationZ: Fixed.one, scaleX: Fixed(-2))).decomposed()
        #expect(mirrored.scaleX == Fixed(-2) && abs(mirrored.rotationZ.raw - Fixed.one.raw) <= 2)
        // Exact gimbal lock (y = π/2, cos y = 0): only x − z is defined; the decomposition puts it all in x.
        let (sine, cosine) = (WideFixed(Fixed.half.sine), WideFixed(Fixed.half.cosine))
        let minusSine = WideFixed(raw: -sine.raw)
        let locked = Transform3D(
            row1: .init(.zero, .zero, WideFixed(raw: -(1 << 32)), .zero), row2: .init(sine, cosine, .zero, .zero),
            row3: .init(cosine, minusSine, .zero, .zero), row4: .init(.zero, .zero, .zero, .one))
        let lockedParts = try locked.decomposed()
        #expect(abs(lockedParts.rotationY.raw - 102_944) <= 1 && lockedParts.rotationZ == .zero)
        #expect(abs(lockedParts.rotationX.raw - Fixed.half.raw) <= 2)
        // Just past the lock (π/2 rounded up): a different but equivalent triple, verified by recomposition.
        let nearly = try Transform3D(Transform3D.Components(rotationX: Fixed.half, rotationY: Fixed(raw: 102_944)))
        let nearlyParts = try nearly.decomposed()
        #expect(Matrix4Model(nearlyParts).largestDifference(from: nearly) < 262_144)
    }

    @Test func badInputIsATypedError() throws {
        #expect(throws: FixedPointError.outOfRange(field: "perspective", value: 0, range: 0x1p-16...Fixed.max.doubleValue)) {
            try Transform3D(perspectiveDistance: .zero)
        }
        #expect(throws: FixedPointError.self) { try Transform3D(perspectiveDistance: Fixed(-5)) }
        let huge = Transform3D(scaleX: Fixed(30000), y: Fixed(30000))
        #expect(throws: FixedPointError.overflow(operation: "Transform3D.concatenating")) {
            try huge.concatenating(huge).concatenating(huge)  // 2.7e13 exceeds ±2^31
        }
        var shear = Transform3D.identity
        shear.m21 = WideFixed(Fixed.half)
        #expect(throws: FixedPointError.notDecomposable(reason: "shear")) { try shear.decomposed() }
        #expect(throws: FixedPointError.notDecomposable(reason: "zero scale")) {
            try Transform3D(scaleX: .zero, y: .one).decomposed()
        }
        let tilted = try Transform3D(rotationY: Fixed.one).concatenating(Transform3D(perspectiveDistance: Fixed(500)))
        #expect(throws: FixedPointError.notDecomposable(reason: "perspective")) { try tilted.affine() }
        // A point beyond the eye (z > d) has no image.
        #expect(try Transform3D(perspectiveDistance: Fixed(500)).project(.zero, z: Fixed(600)) == nil)
    }

    @Test func affinePartAgreesWithAffine() throws {
        let angle = Fixed(raw: 45_000)
        let matrix = try Transform3D(rotationZ: angle).concatenating(Transform3D(translationX: Fixed(7), y: Fixed(-3)))
        let affine = Affine(rotationAngle: angle).concatenating(Affine(translationX: Fixed(7), y: Fixed(-3)))
        let extracted = try matrix.affine()
        for (a, b) in zip([extracted.a, extracted.b, extracted.c, extracted.d, extracted.tx, extracted.ty],
                          [affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty]) {
            #expect(abs(a.raw - b.raw) <= 1)
        }
        #expect(Transform3D(affine).isAffine)
        #expect(try Transform3D(affine).affine() == affine)
    }

    @Test func aboutAnchorKeepsTheAnchorFixed() throws {
        let spin = try Transform3D(rotationZ: Fixed.one).about(x: Fixed(50), y: Fixed(20))
        #expect(try spin.project(Point(x: Fixed(50), y: Fixed(20))) == Point(x: Fixed(50), y: Fixed(20)))
    }
}

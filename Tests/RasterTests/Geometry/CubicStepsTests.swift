import Testing
@testable import Raster

/// The stroker's forward-difference cubic points against the direct Bernstein sums.
@Suite struct CubicStepsTests {
    /// Every step of 20,000 seeded cubics (control points anywhere in Q16.16, small and large, with
    /// 1 … 1,024 chords, the cap included) equals `Flattening.cubic`'s point exactly, both coordinates.
    @Test func stepsEqualTheDirectPoints() {
        let seed: UInt64 = 0xC0B1_C057
        print("stepsEqualTheDirectPoints seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var mismatches = 0, compared = 0
        for trial in 0..<20_000 {
            let bits = UInt64(trial % 4 == 0 ? 32 : 12 + Int(random.next() % 20))
            func coordinate() -> Int64 { Int64(Int32(truncatingIfNeeded: random.next() >> (64 - bits))) }
            let p = (0..<4).map { _ in LocalPoint(x: coordinate(), y: coordinate()) }
            let n = trial % 50 == 0 ? Flattening.maximumSegments : Int64(random.next() % 64) + 1
            let cube = ReciprocalDivisor(n * n * n)
            var steps = CubicSteps(p[0], p[1], p[2], p[3], segments: n)
            for i in 1..<max(n, 2) where i < n {
                let point = steps.next(cube)
                let x = Flattening.cubic(p[0].x, p[1].x, p[2].x, p[3].x, step: i, of: n, cube: cube)
                let y = Flattening.cubic(p[0].y, p[1].y, p[2].y, p[3].y, step: i, of: n, cube: cube)
                if point.x != x || point.y != y { mismatches += 1 }
                compared += 1
            }
        }
        #expect(mismatches == 0)
        #expect(compared > 500_000)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import FlipbookScenes

/// The demos' own `sin`, `cos` and `acos` against glibc's: within one unit in the last place over seeded random
/// arguments (glibc's are correctly rounded in practice, so this bounds the error to about 1.5 ulp), and exact
/// where the answer is exact.
@Suite struct DemoMathTests {
    /// Distance in units in the last place of `reference`.
    static func ulps(_ value: Double, _ reference: Double) -> Double {
        guard value != reference else { return 0 }
        return abs(value - reference) / reference.ulp
    }

    @Test func sineAndCosineWithinOneUlpOfGlibc() {
        let seed: UInt64 = 0x51_4E
        print("DemoMathTests.sineAndCosineWithinOneUlpOfGlibc seed \(seed)")
        var generator = SplitMix64(seed: seed)
        var worst = 0.0
        for index in 0..<20_000 {
            // Mostly the demos' range (|x| < 30), some far out to the documented 2^19·π/2 limit.
            let limit = index % 10 == 0 ? 800_000.0 : 30.0
            let x = Double.random(in: -limit...limit, using: &generator)
            worst = max(worst, Self.ulps(DemoMath.sin(x), Glibc.sin(x)), Self.ulps(DemoMath.cos(x), Glibc.cos(x)))
        }
        print("DemoMathTests: worst sin/cos error \(worst) ulp")
        #expect(worst <= 1, "seed \(seed)")
    }

    @Test func arcCosineWithinOneUlpOfGlibc() {
        let seed: UInt64 = 0xAC05
        print("DemoMathTests.arcCosineWithinOneUlpOfGlibc seed \(seed)")
        var generator = SplitMix64(seed: seed)
        var worst = 0.0
        for _ in 0..<20_000 {
            let x = Double.random(in: -1...1, using: &generator)
            worst = max(worst, Self.ulps(DemoMath.acos(x), Glibc.acos(x)))
        }
        print("DemoMathTests: worst acos error \(worst) ulp")
        #expect(worst <= 1, "seed \(seed)")
    }

    @Test func exactValues() {
        #expect(DemoMath.sin(0) == 0)
        #expect(DemoMath.cos(0) == 1)
        #expect(DemoMath.sin(-0.0).sign == .minus)
        #expect(DemoMath.acos(1) == 0)
        #expect(DemoMath.acos(-1) == Glibc.acos(-1))
        #expect(DemoMath.acos(0) == Glibc.acos(0))
        #expect(DemoMath.acos(1.5).isNaN)
        // The two angles of the menu-morph demo, exactly as glibc gives them.
        #expect(DemoMath.cos(Double.pi / 6) == Glibc.cos(Double.pi / 6))
        #expect(DemoMath.acos(Double.pi / 6) == Glibc.acos(Double.pi / 6))
    }
}

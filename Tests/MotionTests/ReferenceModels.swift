import Foundation

/// Independent `Double` references for the tests (written from the formulas of SEMANTICS.md, sharing
/// no code with the module under test).
enum Reference {
    /// y(x) of the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1), with x(t) inverted by plain bisection to
    /// the last bit (x(t) is monotone for x1, x2 ∈ [0, 1]).
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if middle == low || middle == high { break }
            if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return coordinate((low + high) / 2, y1, y2)
    }

    /// Closed-form damped spring (SEMANTICS §3): the position between `from` = 0 and `to` = 1 at time t,
    /// with initial velocity `v0` in distance fractions per second, positive toward the target.
    static func spring(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, t: Double) -> Double {
        let omega0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let x0 = -1.0  // displacement from the target: from − to
        let dx0 = -v0 * x0
        let x: Double
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * omega0 * t) * (x0 * cos(omegaD * t) + ((dx0 + zeta * omega0 * x0) / omegaD) * sin(omegaD * t))
        } else if zeta == 1 {
            x = (x0 + (dx0 + omega0 * x0) * t) * exp(-omega0 * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let rPlus = -omega0 * (zeta - root), rMinus = -omega0 * (zeta + root)
            let c2 = (dx0 - rPlus * x0) / (rMinus - rPlus)
            let c1 = x0 - c2
            x = c1 * exp(rPlus * t) + c2 * exp(rMinus * t)
        }
        return 1 + x
    }
}

/// xorshift64* with a printed seed, so every random test can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64, test: String) {
        print("\(test): seed 0x\(String(seed, radix: 16))")
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

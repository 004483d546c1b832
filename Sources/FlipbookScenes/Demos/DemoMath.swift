/// `sin`, `cos` and `acos` in `Double` for the demo scenes' setup maths, written here so the demos build in
/// Embedded Swift without the C maths library. The algorithms are fdlibm's (argument reduction by π/2 in three
/// parts, then the minimax polynomials of its kernels; `acos` by its rational approximation): error below 1 ulp
/// for |x| ≤ 2^19 · π/2 (≈ 823 550), which covers every demo (their angles stay below 30). The demos round
/// each result to three decimals, so the scenes are byte-identical to the ones built with glibc's functions
/// (`GoldenDemoTests` compares them with `examples/`).
enum DemoMath {
    /// The sine of `x` radians.
    static func sin(_ x: Double) -> Double {
        let (quadrant, high, low) = reduced(x)
        switch quadrant & 3 {
        case 0: return sineKernel(high, low)
        case 1: return cosineKernel(high, low)
        case 2: return -sineKernel(high, low)
        default: return -cosineKernel(high, low)
        }
    }

    /// The cosine of `x` radians.
    static func cos(_ x: Double) -> Double {
        let (quadrant, high, low) = reduced(x)
        switch quadrant & 3 {
        case 0: return cosineKernel(high, low)
        case 1: return -sineKernel(high, low)
        case 2: return -cosineKernel(high, low)
        default: return sineKernel(high, low)
        }
    }

    /// The arc cosine of `x` in radians, 0 … π; NaN outside −1 … 1.
    static func acos(_ x: Double) -> Double {
        if x.magnitude > 1 { return .nan }
        if x == 1 { return 0 }
        if x == -1 { return piHigh + 2 * halfPiLow }
        if x.magnitude < 0.5 {
            return halfPiHigh - (x - (halfPiLow - x * rationalPart(x * x)))
        }
        if x < 0 {
            let z = (1 + x) * 0.5
            let root = z.squareRoot()
            return piHigh - 2 * (root + (rationalPart(z) * root - halfPiLow))
        }
        let z = (1 - x) * 0.5
        let root = z.squareRoot()
        let rootHigh = Double(bitPattern: root.bitPattern & 0xFFFF_FFFF_0000_0000)
        let correction = (z - rootHigh * rootHigh) / (root + rootHigh)
        return 2 * (rootHigh + (rationalPart(z) * root + correction))
    }

    // MARK: - Argument reduction

    private static let twoOverPi = 6.36619772367581382433e-01
    /// π/2 as the sum of three 33-bit parts and their tails.
    private static let halfPi1 = 1.57079632673412561417e+00, halfPi1Tail = 6.07710050650619224932e-11
    private static let halfPi2 = 6.07710050630396597660e-11, halfPi2Tail = 2.02226624879595063154e-21
    private static let halfPi3 = 2.02226624871116645580e-21, halfPi3Tail = 8.47842766036889956997e-32

    /// `x` = quadrant · π/2 + (high + low), |high + low| ≤ π/4.
    private static func reduced(_ x: Double) -> (quadrant: Int, high: Double, low: Double) {
        if x.magnitude <= 0.785398163397448279 { return (0, x, 0) }
        let magnitude = x.magnitude
        let quadrant = Int(magnitude * twoOverPi + 0.5)
        let count = Double(quadrant)
        // Each step subtracts the next part of π/2 and recomputes the tail (fdlibm's three iterations).
        var remainder = magnitude - count * halfPi1
        var tail = count * halfPi1Tail
        func subtract(_ part: Double, tail partTail: Double) {
            let previous = remainder
            let product = count * part
            remainder = previous - product
            tail = count * partTail - ((previous - remainder) - product)
        }
        subtract(halfPi2, tail: halfPi2Tail)
        subtract(halfPi3, tail: halfPi3Tail)
        let high = remainder - tail
        let low = (remainder - high) - tail
        return x < 0 ? (-quadrant, -high, -low) : (quadrant, high, low)
    }

    // MARK: - Kernels on [−π/4, π/4]

    private static func sineKernel(_ x: Double, _ tail: Double) -> Double {
        let z = x * x
        let cube = z * x
        let r = 8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
            + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
        return x - ((z * (0.5 * tail - cube * r) - tail) - cube * -1.66666666666666324348e-01)
    }

    private static func cosineKernel(_ x: Double, _ tail: Double) -> Double {
        let z = x * x
        let r = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05
            + z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
        if x.magnitude < 0.3 { return 1 - (0.5 * z - (z * r - x * tail)) }
        // |x|/4 with its low 32 bits cleared, so that 1 − quarter is exact.
        let quarter = x.magnitude > 0.78125 ? 0.28125 : Double(bitPattern: (x.magnitude / 4).bitPattern & 0xFFFF_FFFF_0000_0000)
        return (1 - quarter) - ((0.5 * z - quarter) - (z * r - x * tail))
    }

    // MARK: - acos

    private static let piHigh = 3.14159265358979311600e+00
    private static let halfPiHigh = 1.57079632679489655800e+00, halfPiLow = 6.12323399573676603587e-17

    /// fdlibm's rational approximation R(z) of (asin(√z) − √z) / √z³, for acos.
    private static func rationalPart(_ z: Double) -> Double {
        let p = z * (1.66666666666666657415e-01 + z * (-3.25565818622400915405e-01 + z * (2.01212532134862925881e-01
            + z * (-4.00555345006794114027e-02 + z * (7.91534994289814532176e-04 + z * 3.47933107596021167570e-05)))))
        let q = 1 + z * (-2.40339491173441421878e+00 + z * (2.02094576023350569471e+00 + z * (-6.88283971605453293030e-01
            + z * 7.70381505559019352791e-02)))
        return p / q
    }
}

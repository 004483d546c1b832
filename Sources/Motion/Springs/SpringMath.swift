/// `Double` helpers for spring setup, written out because the core modules link no maths library:
/// the exponential and the transition matrix e^(A·t) of the spring's linear ODE. Setup only.
enum SpringMath {
    /// e^x to about 1 ulp: x = k·ln2 + r with |r| ≤ ln2/2, a 22-term Taylor series for e^r, then 2^k.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709 { return .infinity }
        if x < -745 { return 0 }
        let ln2 = 0.693_147_180_559_945_309_417
        let k = (x / ln2).rounded(.toNearestOrEven)
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...22 {
            term *= r / Double(n)
            sum += term
        }
        return scaled(sum, byPowerOfTwo: Int(k))
    }

    /// `value · 2^power`, in two steps so that subnormal results stay exact.
    private static func scaled(_ value: Double, byPowerOfTwo power: Int) -> Double {
        let half = power / 2
        return value * Double(sign: .plus, exponent: half, significand: 1)
            * Double(sign: .plus, exponent: power - half, significand: 1)
    }

    /// A 2×2 matrix [[a, b], [c, d]] acting on column vectors (x, v).
    struct Matrix: Equatable {
        var a: Double, b: Double, c: Double, d: Double

        static let identity = Matrix(a: 1, b: 0, c: 0, d: 1)

        static func * (l: Matrix, r: Matrix) -> Matrix {
            Matrix(a: l.a * r.a + l.b * r.c, b: l.a * r.b + l.b * r.d, c: l.c * r.a + l.d * r.c, d: l.c * r.b + l.d * r.d)
        }

        func applied(to state: (x: Double, v: Double)) -> (x: Double, v: Double) {
            (a * state.x + b * state.v, c * state.x + d * state.v)
        }
    }

    /// e^(A·t) for the spring ẍ = −(k/m)x − (c/m)ẋ, A = [[0, 1], [−k/m, −c/m]]: scaling and squaring
    /// with an 18-term Taylor series (relative error near 1e-15 for the ranges `SpringParameters` allows).
    static func transition(_ parameters: SpringParameters, seconds t: Double) -> Matrix {
        let generator = Matrix(a: 0, b: t, c: -parameters.stiffness / parameters.mass * t, d: -parameters.damping / parameters.mass * t)
        let norm = max(generator.a.magnitude + generator.b.magnitude, generator.c.magnitude + generator.d.magnitude)
        var squarings = 0
        var scale = 1.0
        while norm * scale > 0.5 {
            scale /= 2
            squarings += 1
        }
        let small = Matrix(a: generator.a * scale, b: generator.b * scale, c: generator.c * scale, d: generator.d * scale)
        var result = Matrix.identity, term = Matrix.identity
        for n in 1...18 {
            term = term * small
            let inverse = 1 / Double(n)
            term = Matrix(a: term.a * inverse, b: term.b * inverse, c: term.c * inverse, d: term.d * inverse)
            result = Matrix(a: result.a + term.a, b: result.b + term.b, c: result.c + term.c, d: result.d + term.d)
        }
        for _ in 0..<squarings { result = result * result }
        return result
    }
}

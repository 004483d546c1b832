import FixedPoint
@testable import Raster

/// Seeded random paths, transforms and stroke styles for the randomized drawing tests: many far off the
/// surface or beyond the coordinate range.
enum RandomShapes {
    /// A Q16.16 coordinate: near the small test surfaces, or anywhere in Q16.16 when `far`.
    static func coordinate(_ random: inout SeededGenerator, far: Bool) -> Fixed {
        let range: ClosedRange<Int32> = far ? -32_768 * 65_536 ... Int32.max : -4 * 65_536 ... 30 * 65_536
        return Fixed(raw: Int32.random(in: range, using: &random))
    }

    /// A path of up to 4 segments; far paths (coordinates anywhere in Q16.16) use lines only, so that
    /// debug builds stay fast (a curve across 60,000 px flattens into 1,024 chords).
    static func path(_ random: inout SeededGenerator, far: Bool) throws -> Path {
        var path = try Path()
        try path.move(to: Point(x: coordinate(&random, far: far), y: coordinate(&random, far: far)))
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let end = Point(x: coordinate(&random, far: far), y: coordinate(&random, far: far))
            switch far ? 3 : random.next() % 5 {
            case 0: try path.quadratic(to: end, control: Point(x: coordinate(&random, far: false), y: coordinate(&random, far: false)))
            case 1: try path.cubic(to: end, control1: Point(x: coordinate(&random, far: false), y: coordinate(&random, far: false)),
                                   control2: Point(x: coordinate(&random, far: false), y: coordinate(&random, far: false)))
            case 2: try path.close()
            default: try path.line(to: end)
            }
        }
        return path
    }

    /// The identity, a translation, or a random linear map (entries within ±1.5) with a translation.
    static func transform(_ random: inout SeededGenerator) -> Affine {
        switch random.next() % 4 {
        case 0: return .identity
        case 1: return Affine(translationX: Fixed(raw: Int32.random(in: -40 * 65_536 ... 40 * 65_536, using: &random)),
                              y: Fixed(raw: Int32.random(in: -40 * 65_536 ... 40 * 65_536, using: &random)))
        default:
            func entry(_ random: inout SeededGenerator) -> Fixed { Fixed(raw: Int32.random(in: -98_304 ... 98_304, using: &random)) }
            return Affine(a: entry(&random), b: entry(&random), c: entry(&random), d: entry(&random),
                          tx: Fixed(raw: Int32.random(in: -20 * 65_536 ... 40 * 65_536, using: &random)),
                          ty: Fixed(raw: Int32.random(in: -20 * 65_536 ... 40 * 65_536, using: &random)))
        }
    }

    /// A valid style: a width in `widths` (raw Q16.16), any cap and join, miter limit 1–12, trims anywhere.
    static func style(_ random: inout SeededGenerator, widths: ClosedRange<Int32> = 1...(6 * 65_536)) -> StrokeStyle {
        let caps: [LineCap] = [.butt, .round, .square]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        let start = Int32.random(in: 0...Progress.one.raw, using: &random)
        let end = random.next() % 2 == 0 ? Progress.one.raw : Int32.random(in: start...Progress.one.raw, using: &random)
        return StrokeStyle(
            lineWidth: Fixed(raw: Int32.random(in: widths, using: &random)),
            lineCap: caps[Int(random.next() % 3)], lineJoin: joins[Int(random.next() % 3)],
            miterLimit: Fixed(raw: Int32.random(in: 65_536...(12 * 65_536), using: &random)),
            strokeStart: Progress(raw: random.next() % 2 == 0 ? 0 : start), strokeEnd: Progress(raw: end))
    }

    /// A premultiplied colour with a random alpha.
    static func color(_ random: inout SeededGenerator) throws -> PremultipliedColor {
        let alpha = UInt8(truncatingIfNeeded: random.next())
        func channel(_ random: inout SeededGenerator) -> UInt8 { UInt8(random.next() % (UInt64(alpha) + 1)) }
        return try PremultipliedColor(red: channel(&random), green: channel(&random), blue: channel(&random), alpha: alpha)
    }
}

import FixedPoint
import Raster

/// A sink that folds every emitted pixel (row, column, coverage) into a 64-bit FNV-1a digest, runs and
/// spans alike, so that the digest depends on the pixels drawn and not on how the sweep cut them up.
struct DigestSink: CoverageSink {
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    var pixels = 0

    mutating func fold(_ value: Int) {
        digest = (digest ^ UInt64(truncatingIfNeeded: value)) &* 0x0000_0100_0000_01B3
    }

    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
        for offset in 0..<count { pixel(x: x + offset, y: y, coverage: WideCoverage.byte(coverage)) }
    }

    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        for (offset, value) in coverage.enumerated() { pixel(x: x + offset, y: y, coverage: WideCoverage.byte(value)) }
    }

    mutating func pixel(x: Int, y: Int, coverage: UInt8) {
        fold(y << 40 | x << 8 | Int(coverage))
        pixels += 1
    }
}

/// A fixed set of draws whose output digest guards the rasterizer and stroker against any change of
/// output: the benchmark's stroked circle and wave fill at 800×480, and 3,000 seeded random strokes and
/// fills (lines, quadratics, cubics, arcs; every cap, join and trim; identity, scaled, rotated and
/// skewed transforms) on a 96×96 clip. Failed draws fold their error kind.
enum OutputDigest {
    static let seed: UInt64 = 0xD16E_57ED

    static func compute() throws -> (digest: UInt64, pixels: Int) {
        var rasterizer = try Rasterizer()
        var sink = DigestSink()
        let clip = IntRect(x: 0, y: 0, width: 800, height: 480)
        var circle = try Path()
        try circle.addEllipse(in: Rect(x: Fixed(200), y: Fixed(40), width: Fixed(400), height: Fixed(400)))
        try rasterizer.stroke(circle, style: StrokeStyle(lineWidth: Fixed(10)), transform: .identity, clip: clip, into: &sink)
        var wave = try Path()
        try wave.move(to: Point(x: Fixed(0), y: Fixed(240)))
        for x in 1...800 {
            try wave.line(to: Point(x: Fixed(Int16(x)), y: Fixed(raw: Int32(240 << 16) + Int32(x * x % 3001) * 1021)))
        }
        try wave.line(to: Point(x: Fixed(800), y: Fixed(480)))
        try wave.line(to: Point(x: Fixed(0), y: Fixed(480)))
        try rasterizer.fill(wave, transform: .identity, rule: .nonZero, clip: clip, into: &sink)
        var random = SeededGenerator(seed: seed)
        let small = IntRect(x: 0, y: 0, width: 96, height: 96)
        for _ in 0..<3_000 {
            let path = try randomPath(&random)
            let transform = randomTransform(&random)
            do {
                if random.next() % 3 == 0 {
                    try rasterizer.fill(path, transform: transform, rule: random.next() % 2 == 0 ? .nonZero : .evenOdd,
                                        clip: small, into: &sink)
                } else {
                    try rasterizer.stroke(path, style: randomStyle(&random), transform: transform, clip: small, into: &sink)
                }
            } catch {
                sink.fold(-1)
            }
        }
        return (sink.digest, sink.pixels)
    }

    static func coordinate(_ random: inout SeededGenerator) -> Fixed {
        Fixed(raw: Int32.random(in: -8 * 65_536 ... 90 * 65_536, using: &random))
    }

    static func point(_ random: inout SeededGenerator) -> Point { Point(x: coordinate(&random), y: coordinate(&random)) }

    static func randomPath(_ random: inout SeededGenerator) throws -> Path {
        var path = try Path()
        try path.move(to: point(&random))
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch random.next() % 7 {
            case 0: try path.quadratic(to: point(&random), control: point(&random))
            case 1, 2: try path.cubic(to: point(&random), control1: point(&random), control2: point(&random))
            case 3: try path.close()
            case 4: try path.move(to: point(&random))
            default: try path.line(to: point(&random))
            }
        }
        if random.next() % 4 == 0 {
            let side = Fixed(raw: Int32.random(in: 65_536 ... 60 * 65_536, using: &random))
            try path.addEllipse(in: Rect(x: coordinate(&random), y: coordinate(&random), width: side, height: side))
        }
        return path
    }

    static func randomTransform(_ random: inout SeededGenerator) -> Affine {
        switch random.next() % 4 {
        case 0: return .identity
        case 1: return Affine(scaleX: Fixed(raw: Int32.random(in: 16_384 ... 196_608, using: &random)),
                              y: Fixed(raw: Int32.random(in: 16_384 ... 196_608, using: &random)))
        default:
            func entry(_ random: inout SeededGenerator) -> Fixed { Fixed(raw: Int32.random(in: -98_304 ... 98_304, using: &random)) }
            return Affine(a: entry(&random), b: entry(&random), c: entry(&random), d: entry(&random),
                          tx: Fixed(raw: Int32.random(in: -10 * 65_536 ... 50 * 65_536, using: &random)),
                          ty: Fixed(raw: Int32.random(in: -10 * 65_536 ... 50 * 65_536, using: &random)))
        }
    }

    /// `RandomShapes.style` with widths of 1/8 to 16 px.
    static func randomStyle(_ random: inout SeededGenerator) -> StrokeStyle {
        RandomShapes.style(&random, widths: 8_192...(16 * 65_536))
    }
}

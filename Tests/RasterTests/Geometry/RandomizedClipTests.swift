import FixedPoint
import Testing
@testable import Raster

/// A sink that only checks: every pixel it receives must lie inside `clip`, runs must have coverage.
struct ClipCheckingSink: CoverageSink {
    var clip: IntRect
    var outside = 0
    var zeroRuns = 0
    var pixels = 0

    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
        if Int32(coverage) < WideCoverage.visible || count <= 0 { zeroRuns += 1 }
        if !clip.contains(x: x, y: y) || !clip.contains(x: x + count - 1, y: y) { outside += 1 }
        pixels += count
    }

    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        if coverage.isEmpty || !clip.contains(x: x, y: y) || !clip.contains(x: x + coverage.count - 1, y: y) {
            outside += 1
        }
        pixels += coverage.count
    }
}

@Suite struct RandomizedClipTests {
    /// 100,000 random paths (fills and strokes, random transforms, many far off the surface or beyond
    /// the coordinate range): nothing is ever emitted outside the clip, and failures are typed errors.
    @Test func randomShapesNeverLeaveTheClip() throws {
        let seed = UInt64(0x5EED_0F_C11B)
        print("randomShapesNeverLeaveTheClip seed \(seed)")
        var random = SeededGenerator(seed: seed)
        var rasterizer = try Rasterizer(capacity: RasterizerCapacity(edges: 4096, cells: 4096, polylinePoints: 1024))
        var drawn = 0, refused = 0, outside = 0, zeroRuns = 0, pixels = 0
        for iteration in 0..<100_000 {
            let far = iteration % 4 == 0
            let path = try randomPath(&random, far: far)
            let transform = randomTransform(&random)
            let clip = IntRect(x: Int.random(in: -4...20, using: &random), y: Int.random(in: -4...20, using: &random),
                               width: Int.random(in: 0...24, using: &random), height: Int.random(in: 0...24, using: &random))
            var sink = ClipCheckingSink(clip: clip)
            do {
                if random.next() % 2 == 0 {
                    try rasterizer.fill(path, transform: transform, rule: random.next() % 2 == 0 ? .nonZero : .evenOdd,
                                        clip: clip, into: &sink)
                } else {
                    try rasterizer.stroke(path, style: randomStyle(&random), transform: transform, clip: clip, into: &sink)
                }
                drawn += 1
            } catch {
                switch error {
                case .coordinateOutOfRange, .edgeCapacityExceeded, .polylineCapacityExceeded: refused += 1
                default: Issue.record("iteration \(iteration): unexpected \(error)")
                }
                #expect(sink.pixels == 0, "a failed draw emitted pixels")
            }
            outside += sink.outside
            zeroRuns += sink.zeroRuns
            pixels += sink.pixels
        }
        #expect(outside == 0)
        #expect(zeroRuns == 0)
        #expect(pixels > 500_000, "only \(pixels) pixels drawn: the test would not notice a leak")
        #expect(drawn > 80_000, "drawn \(drawn), refused \(refused)")
    }

    func coordinate(_ random: inout SeededGenerator, far: Bool) -> Fixed {
        let range: ClosedRange<Int32> = far ? -32_768 * 65_536 ... Int32.max : -4 * 65_536 ... 30 * 65_536
        return Fixed(raw: Int32.random(in: range, using: &random))
    }

    /// A path of up to 4 segments; far paths (coordinates anywhere in Q16.16) use lines only, so that
    /// debug builds stay fast (a curve across 60,000 px flattens into 1,024 chords).
    func randomPath(_ random: inout SeededGenerator, far: Bool) throws -> Path {
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

    func randomTransform(_ random: inout SeededGenerator) -> Affine {
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

    func randomStyle(_ random: inout SeededGenerator) -> StrokeStyle {
        let caps: [LineCap] = [.butt, .round, .square]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        let start = Int32.random(in: 0...Progress.one.raw, using: &random)
        let end = random.next() % 2 == 0 ? Progress.one.raw : Int32.random(in: start...Progress.one.raw, using: &random)
        return StrokeStyle(
            lineWidth: Fixed(raw: Int32.random(in: 1...(6 * 65_536), using: &random)),
            lineCap: caps[Int(random.next() % 3)], lineJoin: joins[Int(random.next() % 3)],
            miterLimit: Fixed(raw: Int32.random(in: 65_536...(12 * 65_536), using: &random)),
            strokeStart: Progress(raw: random.next() % 2 == 0 ? 0 : start), strokeEnd: Progress(raw: end))
    }
}

import FixedPoint
import Testing
@testable import Raster

/// A sink that checks the rasterizer's side of the protocol — every run and span inside `clip`, no run
/// below `WideCoverage.visible` — and passes everything on to a real sink.
struct ClipCheckingSink<Inner: CoverageSink>: CoverageSink {
    var inner: Inner
    let clip: IntRect
    var outside = 0
    var zeroRuns = 0

    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
        if Int32(coverage) < WideCoverage.visible || count <= 0 { zeroRuns += 1 }
        if !clip.contains(x: x, y: y) || !clip.contains(x: x + count - 1, y: y) { outside += 1 }
        inner.blendRun(x: x, y: y, count: count, coverage: coverage)
    }

    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        if coverage.isEmpty || !clip.contains(x: x, y: y) || !clip.contains(x: x + coverage.count - 1, y: y) {
            outside += 1
        }
        inner.blendSpan(x: x, y: y, coverage: coverage)
    }
}

/// Seeded random draws through every drawing entry point into small surfaces of six layouts (16, 24 and
/// 32 bits, an fbdev bitfield layout, A8) that sit inside guard bands, each batch through a random clip:
/// nothing outside the clip changes, nothing outside the buffer is written, and every refusal is a typed
/// error naming an input that is out of range.
@Suite struct RandomizedSurfaceTests {
    static let width = 23
    static let height = 17
    static let drawsPerBatch = 50

    /// The targets and the masks that go with them.
    final class Targets {
        let surfaces: [GuardedSurface]
        let mask: GuardedSurface
        let image: SurfaceStorage
        let imageMask: SurfaceStorage

        init(_ random: inout SeededGenerator) throws {
            let argb1555 = try PixelLayout(bitsPerPixel: 16, red: ChannelField(offset: 10, length: 5),
                                           green: ChannelField(offset: 5, length: 5), blue: ChannelField(offset: 0, length: 5),
                                           alpha: ChannelField(offset: 15, length: 1))
            surfaces = try [PixelLayout.xrgb8888, .rgb565, .argb8888Premultiplied, .bgr888, argb1555, .a8].map {
                try GuardedSurface(width: RandomizedSurfaceTests.width, height: RandomizedSurfaceTests.height, layout: $0,
                                   fill: try PremultipliedColor(red: 40, green: 90, blue: 140, alpha: 200))
            }
            mask = try GuardedSurface(width: RandomizedSurfaceTests.width, height: RandomizedSurfaceTests.height, layout: .a8)
            for y in 0..<RandomizedSurfaceTests.height {
                let row = mask.surface.rowAddress(y).assumingMemoryBound(to: UInt8.self)
                for x in 0..<RandomizedSurfaceTests.width { row[x] = UInt8(truncatingIfNeeded: random.next()) }
            }
            var texels = [UInt32]()
            for _ in 0..<(5 * 4) { texels.append(try RandomShapes.color(&random).packedARGB) }
            image = try ImageTests.makeStorage(texels, width: 5, height: 4)
            imageMask = try SurfaceStorage(width: 5, height: 4, layout: .a8)
            for y in 0..<4 {
                let row = imageMask.surface.rowAddress(y).assumingMemoryBound(to: UInt8.self)
                for x in 0..<5 { row[x] = UInt8(truncatingIfNeeded: random.next()) }
            }
        }
    }

    /// What a run of batches saw.
    struct Tally {
        var drawn = 0, refused = 0, changedInside = 0, changedOutside = 0, guardBroken = 0
        var sinkOutside = 0, zeroRuns = 0
        /// The pixels of every batch's clip, added up.
        var clipArea = 0
    }

    /// 100,000 random fills and strokes (random transforms, clips, caps, joins, trims, masks; a quarter
    /// with coordinates anywhere in Q16.16).
    @Test func randomPathsStayInsideTheClipAndTheBuffer() throws {
        let seed: UInt64 = 0x5EED_0F_C11B
        print("randomPathsStayInsideTheClipAndTheBuffer seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let targets = try Targets(&random)
        var rasterizer = try Rasterizer(capacity: RasterizerCapacity(edges: 4096, cells: 4096, polylinePoints: 1024))
        var tally = Tally()
        var sinkOutside = 0, zeroRuns = 0
        for batch in 0..<(100_000 / Self.drawsPerBatch) {
            try Self.batch(targets, &random, &tally) { surface, random in
                let far = batch % 4 == 0
                let path = try RandomShapes.path(&random, far: far)
                let transform = RandomShapes.transform(&random)
                let mask = random.next() % 4 == 0 ? targets.mask.surface : nil
                let color = try RandomShapes.color(&random)
                var sink = ClipCheckingSink(
                    inner: try SolidColorSink(surface: surface, color: color, opacity: UInt8(truncatingIfNeeded: random.next()), mask: mask),
                    clip: surface.clip)
                defer {
                    sinkOutside += sink.outside
                    zeroRuns += sink.zeroRuns
                }
                if random.next() % 2 == 0 {
                    try rasterizer.fill(path, transform: transform, rule: random.next() % 2 == 0 ? .nonZero : .evenOdd,
                                        clip: surface.clip, into: &sink)
                } else {
                    try rasterizer.stroke(path, style: RandomShapes.style(&random), transform: transform, clip: surface.clip, into: &sink)
                }
            }
        }
        tally.sinkOutside = sinkOutside
        tally.zeroRuns = zeroRuns
        Self.expectClean(tally, drawn: 99_000)
    }

    /// 20,000 random rounded rects, borders, shadows, rectangle fills, images under affine and
    /// perspective maps and composited surfaces (with masks), many far off the surface.
    @Test func randomPixelDrawsStayInsideTheClipAndTheBuffer() throws {
        let seed: UInt64 = 0x5EED_B0_4D5
        print("randomPixelDrawsStayInsideTheClipAndTheBuffer seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let targets = try Targets(&random)
        var shapes = try RoundedRectPainter(maximumWidth: Self.width)
        var shadows = try ShadowRenderer(maximumWidth: 48, maximumHeight: 48)
        var tally = Tally()
        func offset(_ random: inout SeededGenerator) -> Int {
            random.next() % 8 == 0 ? Int(truncatingIfNeeded: Int32(truncatingIfNeeded: random.next())) : Int.random(in: -12...30, using: &random)
        }
        for _ in 0..<(20_000 / Self.drawsPerBatch) {
            try Self.batch(targets, &random, &tally) { surface, random in
                let color = try RandomShapes.color(&random)
                let opacity = UInt8(truncatingIfNeeded: random.next())
                let mask = random.next() % 4 == 0 ? targets.mask.surface : nil
                let far = random.next() % 4 == 0
                func rect(_ random: inout SeededGenerator) throws -> RoundedRect {
                    try RoundedRect(rect: Rect(x: RandomShapes.coordinate(&random, far: far), y: RandomShapes.coordinate(&random, far: far),
                                               width: RandomShapes.coordinate(&random, far: far), height: RandomShapes.coordinate(&random, far: far)),
                                    cornerRadius: Fixed(raw: Int32.random(in: -65_536...(12 * 65_536), using: &random)))
                }
                switch random.next() % 6 {
                case 0: try shapes.fill(try rect(&random), color: color, opacity: opacity, into: surface, mask: mask)
                case 1:
                    try shapes.strokeBorder(try rect(&random), width: Fixed(raw: Int32.random(in: -65_536...(8 * 65_536), using: &random)),
                                            color: color, opacity: opacity, into: surface, mask: mask)
                case 2:
                    try shadows.drawShadow(of: try rect(&random), color: color, opacity: opacity,
                                           offsetX: RandomShapes.coordinate(&random, far: false), offsetY: RandomShapes.coordinate(&random, far: false),
                                           radius: Fixed(raw: Int32.random(in: -65_536...(16 * 65_536), using: &random)), into: surface, mask: mask)
                case 3:
                    let x = offset(&random), y = offset(&random)
                    surface.fill(IntRect(x: x, y: y, width: Int.random(in: -4...40, using: &random), height: Int.random(in: -4...40, using: &random)),
                                 color: color, opacity: opacity)
                case 4:
                    try surface.composite(targets.image.surface, x: offset(&random), y: offset(&random), opacity: opacity,
                                          mask: random.next() % 2 == 0 ? targets.imageMask.surface : nil)
                default:
                    try surface.drawImage(targets.image.surface, transform: try Self.imageTransform(&random), opacity: opacity)
                }
            }
        }
        Self.expectClean(tally, drawn: 15_000)
    }

    /// An affine map from `RandomShapes.transform`, or a perspective one (some with corners behind the
    /// viewer or far away).
    static func imageTransform(_ random: inout SeededGenerator) throws(RasterError) -> ImageTransform {
        if random.next() % 2 == 0 { return try ImageTransform(RandomShapes.transform(&random)) }
        func entry(_ range: Int64, _ random: inout SeededGenerator) -> Int64 { Int64.random(in: -range...range, using: &random) << 26 }
        let far: Int64 = random.next() % 7 == 0 ? 1 << 20 : 1
        return try ImageTransform(rows: [entry(128, &random), entry(128, &random), entry(2, &random)],
                                  [entry(128, &random), entry(128, &random), entry(2, &random)],
                                  [entry(1024, &random) * far, entry(1024, &random) * far, (1 << 32) + entry(32, &random)])
    }

    /// One batch: a random target and clip, `drawsPerBatch` draws through it, then the checks.
    static func batch(
        _ targets: Targets, _ random: inout SeededGenerator, _ tally: inout Tally,
        _ draw: (Surface, inout SeededGenerator) throws -> Void
    ) throws {
        let target = targets.surfaces[Int(random.next() % UInt64(targets.surfaces.count))]
        let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
        let clip = IntRect(x: x, y: y, width: Int.random(in: 0...(width - x), using: &random),
                           height: Int.random(in: 0...(height - y), using: &random))
        let surface = target.surface.clipped(to: clip)
        tally.clipArea += clip.width * clip.height
        let before = Array(UnsafeRawBufferPointer(start: target.memory, count: target.byteCount))
        for _ in 0..<drawsPerBatch {
            do {
                try draw(surface, &random)
                tally.drawn += 1
            } catch let error as GeometryError {
                switch error {
                case .coordinateOutOfRange, .edgeCapacityExceeded, .polylineCapacityExceeded: tally.refused += 1
                default: Issue.record("unexpected \(error)")
                }
            } catch let error as RasterError {
                switch error {
                case .invalidGeometry, .singularTransform, .poolBufferTooSmall: tally.refused += 1
                default: Issue.record("unexpected \(error)")
                }
            }
        }
        if !target.guardIsIntact { tally.guardBroken += 1 }
        let bytesPerPixel = target.surface.layout.bytesPerPixel
        let origin = target.surface.baseAddress - target.memory
        for row in 0..<height {
            for column in 0..<width {
                let offset = origin + row * target.surface.strideBytes + column * bytesPerPixel
                let changed = (0..<bytesPerPixel).contains { before[offset + $0] != target.memory.load(fromByteOffset: offset + $0, as: UInt8.self) }
                if changed && clip.contains(x: column, y: row) { tally.changedInside += 1 }
                if changed && !clip.contains(x: column, y: row) { tally.changedOutside += 1 }
            }
        }
    }

    /// No write outside a clip or a buffer, no run the protocol forbids, and enough drawn and changed
    /// (at least `drawn` draws; a third of the clips' pixels) that the test would notice a stray write.
    static func expectClean(_ tally: Tally, drawn: Int) {
        print("drawn \(tally.drawn), refused \(tally.refused), pixels changed inside clips \(tally.changedInside) of \(tally.clipArea)")
        #expect(tally.guardBroken == 0, "batches that wrote outside the buffer: \(tally.guardBroken)")
        #expect(tally.changedOutside == 0, "pixels changed outside the clip: \(tally.changedOutside)")
        #expect(tally.sinkOutside == 0 && tally.zeroRuns == 0, "runs outside the clip \(tally.sinkOutside), empty runs \(tally.zeroRuns)")
        #expect(tally.drawn >= drawn && 3 * tally.changedInside >= tally.clipArea, "too little drawn for the test to mean anything")
    }
}

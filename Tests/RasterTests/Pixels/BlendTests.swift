import Testing
@testable import Raster
import FixedPoint

/// Source-over against the exact model (`ExactBlendModel`), over every destination value × every source alpha.
@Suite struct BlendTests {
    /// Destination pixel (x, y) starts as a colour derived from x; row y blends a source of alpha y at
    /// `coverage` (wide) and `opacity`, as a run or as a span. Every pixel must be the exact blend rounded
    /// once (either neighbour within the stated bound of a tie); returns how many pixels were at a tie.
    @discardableResult
    static func checkExhaustive(layout: PixelLayout, coverage: UInt16, opacity: UInt8 = 255, useSpan: Bool) throws -> Int {
        let target = try GuardedSurface(width: 256, height: 256, layout: layout)
        let surface = target.surface
        let starts = (0..<256).map { (x: Int) -> PremultipliedColor in
            let alpha: UInt8 = layout.hasAlpha ? UInt8(255 - x / 2) : 255
            let colour = Color(red: UInt8(x), green: UInt8(255 - x), blue: UInt8(x / 3), alpha: alpha)
            return layout.decode(layout.encode(colour.premultiplied()))
        }
        for x in 0..<256 { surface.replace(IntRect(x: x, y: 0, width: 1, height: 256), with: starts[x]) }
        let coverages = [UInt16](repeating: coverage, count: 256)
        let factor = ExactBlendModel.factor(coverage: coverage, opacity: opacity)
        var ties = 0
        for y in 0..<256 {
            let source = Color(red: 200, green: 17, blue: UInt8(y), alpha: UInt8(y)).premultiplied()
            var sink = try SolidColorSink(surface: surface, color: source, opacity: opacity)
            if useSpan {
                coverages.withUnsafeBufferPointer { sink.blendSpan(x: 0, y: y, coverage: $0) }
            } else {
                sink.blendRun(x: 0, y: y, count: 256, coverage: coverage)
            }
            for x in 0..<256 {
                let destination = starts[x].packedARGB, actual = surface.pixel(x: x, y: y)!
                if !ExactBlendModel.accepts(actual, layout: layout, source: source.packedARGB, destination: destination, factor: factor) {
                    Issue.record("\(layout.fastPath) x=\(x) y=\(y) cov=\(coverage) opacity=\(opacity): 0x\(String(actual, radix: 16)) over 0x\(String(destination, radix: 16))")
                    return ties
                }
                let green = ExactBlendModel.exact(destination: (destination >> 8) & 0xFF, source: UInt32(source.green),
                                                  alpha: UInt32(source.alpha), factor: factor)
                if ExactBlendModel.acceptable(green).count > 1 { ties += 1 }
            }
        }
        #expect(target.guardIsIntact)
        return ties
    }

    @Test(arguments: [PixelLayout.xrgb8888, .argb8888Premultiplied, .xbgr8888, .rgb565, .bgr565, .rgb888, .bgr888])
    func sourceOverMatchesModelForEveryDestinationAndAlpha(layout: PixelLayout) throws {
        try Self.checkExhaustive(layout: layout, coverage: WideCoverage.full, useSpan: false)
        try Self.checkExhaustive(layout: layout, coverage: 77 * 128, useSpan: false)
        try Self.checkExhaustive(layout: layout, coverage: 17_923, opacity: 200, useSpan: false)
        try Self.checkExhaustive(layout: layout, coverage: 140 * 128 + 37, useSpan: true)
        try Self.checkExhaustive(layout: layout, coverage: WideCoverage.full, opacity: 91, useSpan: true)
    }

    /// Full coverage without opacity is exact (no tie zone at all): `s + round(d·(255 − a)/255)`, and a few
    /// ties in the others (the tolerance is used, but rarely).
    @Test func tiesAreRare() throws {
        let ties = try Self.checkExhaustive(layout: .xrgb8888, coverage: 9_999, opacity: 200, useSpan: true)
        print("BlendTests: \(ties) of 65536 green values within the bound of a tie")
        #expect(ties < 65536 / 20)
    }

    @Test func alphaMaskAccumulatesSourceOver() throws {
        let mask = try SurfaceStorage(width: 256, height: 256, layout: .a8)
        for x in 0..<256 { mask.surface.replace(IntRect(x: x, y: 0, width: 1, height: 256), with: .clear.withAlpha(UInt8(x))) }
        for y in 0..<256 {
            var sink = try SolidColorSink(surface: mask.surface, color: Color(red: 0, green: 0, blue: 0, alpha: UInt8(y)).premultiplied())
            sink.blendRun(x: 0, y: y, count: 256, coverage: WideCoverage.full)
            for x in 0..<256 {
                let expected = UInt32(y) + roundedByte(Double(x) * Double(255 - y) / 255)
                #expect(mask.surface.pixel(x: x, y: y) == expected)
            }
        }
    }

    @Test func maskMultipliesCoverage() throws {
        let target = try GuardedSurface(width: 4, height: 1, layout: .xrgb8888)
        let mask = try SurfaceStorage(width: 4, height: 1, layout: .a8)
        for (x, value) in [0, 128, 255, 64].enumerated() {
            mask.surface.replace(IntRect(x: x, y: 0, width: 1, height: 1), with: .clear.withAlpha(UInt8(value)))
        }
        var sink = try SolidColorSink(surface: target.surface, color: .opaqueWhite, mask: mask.surface)
        sink.blendRun(x: 0, y: 0, count: 4, coverage: WideCoverage.full)
        #expect((0..<4).map { target.surface.color(x: $0, y: 0)!.green } == [0, 128, 255, 64])
        #expect(throws: RasterError.layoutMismatch(expected: .a8, actual: .xrgb8888)) {
            try SolidColorSink(surface: target.surface, color: .opaqueWhite, mask: target.surface)
        }
    }

    /// Runs starting at every alignment give the same pixels as one-pixel runs (vector body, scalar head and tail).
    @Test(arguments: [PixelLayout.xrgb8888, .rgb565])
    func vectorAndScalarPathsAgreeAtEveryAlignment(layout: PixelLayout) throws {
        let colour = Color(red: 90, green: 200, blue: 30, alpha: 150).premultiplied()
        for start in 0..<9 {
            let long = try GuardedSurface(width: 64, height: 1, layout: layout, fill: .opaqueWhite)
            let single = try GuardedSurface(width: 64, height: 1, layout: layout, fill: .opaqueWhite)
            long.surface.fill(IntRect(x: start, y: 0, width: 45, height: 1), color: colour)
            for x in start..<start + 45 { single.surface.fill(IntRect(x: x, y: 0, width: 1, height: 1), color: colour) }
            #expect((0..<64).map { long.surface.pixel(x: $0, y: 0)! } == (0..<64).map { single.surface.pixel(x: $0, y: 0)! })
        }
    }

    /// Spans of varying coverage (values across 0 ... 32640, zero quads included) starting at every alignment
    /// give the same pixels as one-pixel spans, in every 8888 byte order and 5-6-5.
    @Test(arguments: [PixelLayout.xrgb8888, .argb8888Premultiplied, .xbgr8888, .rgb565])
    func coverageSpansAgreeWithSinglePixelSpans(layout: PixelLayout) throws {
        let colour = Color(red: 90, green: 200, blue: 30, alpha: 150).premultiplied()
        let coverage = (0 ..< 300).map { UInt16($0 < 40 ? 0 : $0 * 109 % 32641) }
        for start in 0 ..< 5 {
            let long = try GuardedSurface(width: 320, height: 1, layout: layout, fill: .opaqueWhite)
            let single = try GuardedSurface(width: 320, height: 1, layout: layout, fill: .opaqueWhite)
            var longSink = try SolidColorSink(surface: long.surface, color: colour)
            var singleSink = try SolidColorSink(surface: single.surface, color: colour)
            coverage.withUnsafeBufferPointer { values in
                longSink.blendSpan(x: start, y: 0, coverage: values)
                for index in values.indices {
                    singleSink.blendSpan(x: start + index, y: 0, coverage: UnsafeBufferPointer(rebasing: values[index ..< index + 1]))
                }
            }
            #expect((0 ..< 320).map { long.surface.pixel(x: $0, y: 0)! } == (0 ..< 320).map { single.surface.pixel(x: $0, y: 0)! })
            #expect(long.guardIsIntact)
        }
    }

    @Test func opacityFadesTheColour() throws {
        let target = try GuardedSurface(width: 2, height: 1, layout: .xrgb8888)
        target.surface.fill(target.surface.bounds, color: .opaqueWhite, opacity: 51)
        #expect(target.surface.pixel(x: 1, y: 0) == 0xFF33_3333)
    }
}

extension PremultipliedColor {
    /// Black at `alpha` (premultiplied: the colour channels are 0), for filling A8 masks in tests.
    func withAlpha(_ alpha: UInt8) -> PremultipliedColor { Color(red: 0, green: 0, blue: 0, alpha: alpha).premultiplied() }
    static let opaqueWhite = Color.white.premultiplied()
    static let opaqueBlack = Color.black.premultiplied()
}

import Testing
@testable import Raster
import FixedPoint

/// Source-over against a Double model, over every destination value × every source alpha.
@Suite struct BlendTests {
    /// The Double model for one channel: coverage scales the premultiplied source channel and alpha (each
    /// rounded), then `result = source + destination × (255 − sourceAlpha) / 255`, rounded.
    static func referenceOver(destination: UInt8, source: UInt8, sourceAlpha: UInt8, coverage: Int) -> UInt32 {
        let scaledSource = roundedByte(Double(source) * Double(coverage) / 255)
        let scaledAlpha = Double(roundedByte(Double(sourceAlpha) * Double(coverage) / 255))
        return scaledSource + roundedByte(Double(destination) * (255 - scaledAlpha) / 255)
    }

    /// Destination pixel (x, y) starts as a colour derived from x; row y blends a source of alpha y.
    static func checkExhaustive(layout: PixelLayout, coverage: UInt8, useSpan: Bool) throws {
        let target = try GuardedSurface(width: 256, height: 256, layout: layout)
        let surface = target.surface
        let starts = (0..<256).map { (x: Int) -> PremultipliedColor in
            let alpha: UInt8 = layout.hasAlpha ? UInt8(255 - x / 2) : 255
            let colour = Color(red: UInt8(x), green: UInt8(255 - x), blue: UInt8(x / 3), alpha: alpha)
            return layout.decode(layout.encode(colour.premultiplied()))
        }
        for x in 0..<256 { surface.replace(IntRect(x: x, y: 0, width: 1, height: 256), with: starts[x]) }
        let coverages = [UInt8](repeating: coverage, count: 256)
        for y in 0..<256 {
            let source = Color(red: 200, green: 17, blue: UInt8(y), alpha: UInt8(y)).premultiplied()
            var sink = try SolidColorSink(surface: surface, color: source)
            if useSpan {
                coverages.withUnsafeBufferPointer { sink.blendSpan(x: 0, y: y, coverage: $0) }
            } else {
                sink.blendRun(x: 0, y: y, count: 256, coverage: coverage)
            }
            for x in 0..<256 {
                let start = starts[x], c = Int(coverage)
                let red = referenceOver(destination: start.red, source: source.red, sourceAlpha: source.alpha, coverage: c)
                let green = referenceOver(destination: start.green, source: source.green, sourceAlpha: source.alpha, coverage: c)
                let blue = referenceOver(destination: start.blue, source: source.blue, sourceAlpha: source.alpha, coverage: c)
                let alpha = referenceOver(destination: start.alpha, source: source.alpha, sourceAlpha: source.alpha, coverage: c)
                let expected = layout.encode(packedARGB: (layout.hasAlpha ? alpha : 255) << 24 | red << 16 | green << 8 | blue)
                let actual = surface.pixel(x: x, y: y)!
                if actual != expected {
                    Issue.record("\(layout.fastPath) x=\(x) y=\(y) cov=\(coverage): 0x\(String(actual, radix: 16)) expected 0x\(String(expected, radix: 16))")
                    return
                }
            }
        }
        #expect(target.guardIsIntact)
    }

    @Test(arguments: [PixelLayout.xrgb8888, .argb8888Premultiplied, .xbgr8888, .rgb565, .bgr565, .rgb888, .bgr888])
    func sourceOverMatchesModelForEveryDestinationAndAlpha(layout: PixelLayout) throws {
        try Self.checkExhaustive(layout: layout, coverage: 255, useSpan: false)
        try Self.checkExhaustive(layout: layout, coverage: 77, useSpan: false)
        try Self.checkExhaustive(layout: layout, coverage: 140, useSpan: true)
    }

    @Test func alphaMaskAccumulatesSourceOver() throws {
        let mask = try SurfaceStorage(width: 256, height: 256, layout: .a8)
        for x in 0..<256 { mask.surface.replace(IntRect(x: x, y: 0, width: 1, height: 256), with: .clear.withAlpha(UInt8(x))) }
        for y in 0..<256 {
            var sink = try SolidColorSink(surface: mask.surface, color: Color(red: 0, green: 0, blue: 0, alpha: UInt8(y)).premultiplied())
            sink.blendRun(x: 0, y: y, count: 256, coverage: 255)
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
        sink.blendRun(x: 0, y: 0, count: 4, coverage: 255)
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

    /// Spans of varying coverage (every value 0 ... 255, zero quads included) starting at every alignment give
    /// the same pixels as one-pixel spans (vector body against scalar tail), in every 8888 byte order.
    @Test(arguments: [PixelLayout.xrgb8888, .argb8888Premultiplied, .xbgr8888, .rgb565])
    func coverageSpansAgreeWithSinglePixelSpans(layout: PixelLayout) throws {
        let colour = Color(red: 90, green: 200, blue: 30, alpha: 150).premultiplied()
        let coverage = (0 ..< 300).map { UInt8(truncatingIfNeeded: $0 < 40 ? 0 : $0 * 7) }
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

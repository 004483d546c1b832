import Testing
import CMallocCounter
@testable import Raster
import FixedPoint

/// Tiny pictures: writes stay inside the clip and the surface, checked against ASCII patterns and guard bands.
@Suite struct ClippingTests {
    @Test(arguments: [PixelLayout.xrgb8888, .rgb565, .rgb888, .a8])
    func runsAndSpansAreClippedToTheClipRectangle(layout: PixelLayout) throws {
        let target = try GuardedSurface(width: 8, height: 5, layout: layout, fill: .clear)
        var surface = target.surface
        try surface.setClip(IntRect(x: 1, y: 1, width: 6, height: 3))
        var sink = try SolidColorSink(surface: surface, color: .opaqueWhite)
        for y in -2..<8 { sink.blendRun(x: -5, y: y, count: 30, coverage: WideCoverage.full) }
        let coverage = [UInt16](repeating: WideCoverage.full, count: 40)
        coverage.withUnsafeBufferPointer { buffer in
            sink.blendSpan(x: -20, y: 2, coverage: buffer)
            sink.blendSpan(x: 5, y: 3, coverage: buffer)
            sink.blendSpan(x: 0, y: -1, coverage: buffer)
        }
        // A8 decodes to black at some alpha; colour layouts to white or black.
        let picture = target.ascii { (layout == .a8 ? $0.alpha : $0.green) == 255 ? "#" : "." }
        #expect(picture == [
            "........",
            ".######.",
            ".######.",
            ".######.",
            "........",
        ])
        #expect(target.guardIsIntact)
    }

    @Test func fillOutsideTheSurfaceWritesNothing() throws {
        let target = try GuardedSurface(width: 6, height: 4, layout: .rgb565, fill: .opaqueBlack)
        target.surface.fill(IntRect(x: -100, y: -100, width: 50, height: 500), color: .opaqueWhite)
        target.surface.fill(IntRect(x: 4, y: 2, width: 100, height: 100), color: .opaqueWhite)
        #expect(target.ascii(coverageSymbol) == ["......", "......", "....##", "....##"])
        #expect(target.guardIsIntact)
    }

    @Test func drawingAllocatesNothingAfterWarmUp() throws {
        let storage = try SurfaceStorage(width: 64, height: 64, layout: .xrgb8888)
        let color = Color(red: 10, green: 200, blue: 30, alpha: 180).premultiplied()
        var sink = try SolidColorSink(surface: storage.surface, color: color, opacity: 200)
        var shapes = try RoundedRectPainter(maximumWidth: 64)
        let card = try RoundedRect(rect: Rect(x: Fixed(2), y: Fixed(3), width: Fixed(50), height: Fixed(40)),
                                   cornerRadius: Fixed(9))
        let coverage = [UInt16](repeating: 99 * 128, count: 64)
        func draw() throws {
            storage.surface.fill(IntRect(x: 3, y: 3, width: 40, height: 40), color: color)
            coverage.withUnsafeBufferPointer { sink.blendSpan(x: -3, y: 5, coverage: $0) }
            sink.blendRun(x: 2, y: 7, count: 50, coverage: 40 * 128)
            try shapes.fill(card, color: color, into: storage.surface)
            try shapes.strokeBorder(card, width: Fixed(3), color: color, into: storage.surface)
        }
        try draw()
        #expect(try allocations(draws: 1_000, draw) == 0)
    }
}

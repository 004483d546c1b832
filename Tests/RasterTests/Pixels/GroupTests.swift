import Testing
import FixedPoint
@testable import Raster

/// Opacity groups through the offscreen pool, and masks.
@Suite struct GroupTests {
    static let red = Color(red: 255, green: 0, blue: 0).premultiplied()
    static let blue = Color(red: 0, green: 0, blue: 255).premultiplied()

    @Test func groupOpacityFadesTheGroupAsOneImage() throws {
        let target = try GuardedSurface(width: 8, height: 3, layout: .xrgb8888, fill: .opaqueBlack)
        var pool = try OffscreenPool(capacity: 2, maximumWidth: 8, maximumHeight: 8)
        let slot = try pool.acquire(bounds: IntRect(x: 1, y: 0, width: 6, height: 3))
        // Two overlapping opaque rectangles in group coordinates: red 0..<4, blue 2..<6.
        slot.surface.fill(IntRect(x: 0, y: 0, width: 4, height: 3), color: Self.red)
        slot.surface.fill(IntRect(x: 2, y: 0, width: 4, height: 3), color: Self.blue)
        try target.surface.composite(slot, opacity: 128)
        try pool.release(slot)
        // Half red, then half blue where they overlap (no red showing through), over black.
        let row = (0..<8).map { target.surface.pixel(x: $0, y: 1)! & 0xFF_FFFF }
        #expect(row == [0, 0x80_0000, 0x80_0000, 0x80, 0x80, 0x80, 0x80, 0])
        #expect(pool.inUseCount == 0)
        #expect(target.guardIsIntact)
    }

    @Test func poolLimitsAreTypedErrors() throws {
        var pool = try OffscreenPool(capacity: 1, maximumWidth: 4, maximumHeight: 4)
        let slot = try pool.acquire(bounds: IntRect(x: 0, y: 0, width: 4, height: 4))
        #expect(throws: RasterError.poolFull(capacity: 1)) { _ = try pool.acquire(bounds: IntRect(x: 0, y: 0, width: 1, height: 1)) }
        try pool.release(slot)
        #expect(throws: RasterError.invalidPoolSlot(0)) { try pool.release(slot) }
        #expect(throws: RasterError.poolBufferTooSmall(requestedWidth: 5, requestedHeight: 1, availableWidth: 4, availableHeight: 4)) {
            _ = try pool.acquire(bounds: IntRect(x: 0, y: 0, width: 5, height: 1))
        }
        #expect(throws: RasterError.invalidSize(width: 0, height: 3)) { _ = try pool.acquire(bounds: IntRect(x: 0, y: 0, width: 0, height: 3)) }
    }

    @Test func maskMultipliesTheCompositedGroup() throws {
        let target = try GuardedSurface(width: 4, height: 1, layout: .rgb565, fill: .opaqueBlack)
        var colours = try OffscreenPool(capacity: 1, maximumWidth: 4, maximumHeight: 1)
        var masks = try OffscreenPool(capacity: 1, maximumWidth: 4, maximumHeight: 1, layout: .a8)
        let group = try colours.acquire(bounds: target.surface.bounds)
        let mask = try masks.acquire(bounds: target.surface.bounds)
        group.surface.fill(group.surface.bounds, color: .opaqueWhite)
        var maskSink = try SolidColorSink(surface: mask.surface, color: .opaqueWhite)
        let coverage: [UInt8] = [0, 85, 170, 255]
        coverage.withUnsafeBufferPointer { maskSink.blendSpan(x: 0, y: 0, coverage: $0) }
        try target.surface.composite(group, mask: mask.surface)
        // White × mask over black, narrowed to 5-6-5 with rounding, read back widened.
        #expect((0..<4).map { target.surface.color(x: $0, y: 0)!.green } == [0, 85, 170, 255])
        #expect(throws: RasterError.sizeMismatch(width: 4, height: 1, expectedWidth: 2, expectedHeight: 1)) {
            try target.surface.composite(group.surface.clipped(to: .empty).withSize(2), x: 0, y: 0, mask: mask.surface)
        }
        #expect(target.guardIsIntact)
    }

    @Test func compositeOutsideTheClipWritesNothingOutside() throws {
        let target = try GuardedSurface(width: 5, height: 4, layout: .xrgb8888, fill: .opaqueBlack)
        var pool = try OffscreenPool(capacity: 1, maximumWidth: 8, maximumHeight: 8)
        let slot = try pool.acquire(bounds: IntRect(x: -3, y: 2, width: 8, height: 8))
        slot.surface.fill(slot.surface.bounds, color: .opaqueWhite)
        try target.surface.composite(slot)
        #expect(target.ascii(coverageSymbol) == [".....", ".....", "#####", "#####"])
        #expect(target.guardIsIntact)
    }

    /// Every source alpha (row y) × 256 destination colours (column x) × four opacities, composited at every
    /// offset modulo four (vector body, scalar tail, skipped transparent quads), against the exact model
    /// (`ExactBlendModel`): the group pixel weighted by the opacity, source-over, rounded once.
    @Test(arguments: [PixelLayout.xrgb8888, .argb8888Premultiplied, .rgb565])
    func compositeMatchesTheModelForEveryAlphaAndDestination(layout: PixelLayout) throws {
        let group = try SurfaceStorage(width: 256, height: 256, layout: .argb8888Premultiplied)
        for y in 0..<256 {
            for x in 0..<256 {
                let colour = Color(red: UInt8(x), green: UInt8(255 - x), blue: UInt8(y), alpha: UInt8(y)).premultiplied()
                group.surface.replace(IntRect(x: x, y: y, width: 1, height: 1), with: colour)
            }
        }
        for (offset, opacity) in [(0, 255), (1, 128), (2, 77), (3, 1)] as [(Int, UInt8)] {
            let target = try GuardedSurface(width: 256 + offset, height: 256, layout: layout)
            let starts = (0..<256).map { (x: Int) -> PremultipliedColor in
                let alpha: UInt8 = layout.hasAlpha ? UInt8(255 - x / 2) : 255
                return layout.decode(layout.encode(Color(red: UInt8(255 - x), green: UInt8(x / 3), blue: UInt8(x), alpha: alpha).premultiplied()))
            }
            for x in 0..<256 { target.surface.replace(IntRect(x: x + offset, y: 0, width: 1, height: 256), with: starts[x]) }
            try target.surface.composite(group.surface, x: offset, y: 0, opacity: opacity)
            let factor = ExactBlendModel.factor(coverage: WideCoverage.full, opacity: opacity)
            for y in 0..<256 {
                for x in 0..<256 {
                    let source = group.surface.color(x: x, y: y)!.packedARGB, destination = starts[x].packedARGB
                    let actual = target.surface.pixel(x: x + offset, y: y)!
                    if !ExactBlendModel.accepts(actual, layout: layout, source: source, destination: destination, factor: factor) {
                        Issue.record("\(layout.fastPath) x=\(x) y=\(y) opacity=\(opacity): 0x\(String(actual, radix: 16)) over 0x\(String(destination, radix: 16))")
                        return
                    }
                }
            }
            #expect(target.guardIsIntact)
        }
    }
}

extension Surface {
    /// The same memory viewed as `width × 1` (tests of size checks).
    func withSize(_ width: Int) throws -> Surface {
        try Surface(baseAddress: baseAddress, width: width, height: 1, strideBytes: strideBytes, layout: layout)
    }
}

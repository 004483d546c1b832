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
}

extension Surface {
    /// The same memory viewed as `width × 1` (tests of size checks).
    func withSize(_ width: Int) throws -> Surface {
        try Surface(baseAddress: baseAddress, width: width, height: 1, strideBytes: strideBytes, layout: layout)
    }
}

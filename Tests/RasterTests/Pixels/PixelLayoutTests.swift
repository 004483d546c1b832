import Testing
@testable import Raster
import FixedPoint

@Suite struct PixelLayoutTests {
    @Test func namedLayoutsPickTheirFastPaths() {
        #expect(PixelLayout.xrgb8888.fastPath == .packed8888(canonical: true))
        #expect(PixelLayout.argb8888Premultiplied.fastPath == .packed8888(canonical: true))
        #expect(PixelLayout.xbgr8888.fastPath == .packed8888(canonical: false))
        #expect(PixelLayout.rgb565.fastPath == .packed565(redHigh: true))
        #expect(PixelLayout.bgr565.fastPath == .packed565(redHigh: false))
        #expect(PixelLayout.rgb888.fastPath == .bitfield)
        #expect(PixelLayout.a8.fastPath == .alpha8)
        #expect(PixelLayout.named.count == 8)
    }

    @Test func validatedLayoutEqualsNamedConstant() throws {
        let layout = try PixelLayout(bitsPerPixel: 16, red: .init(offset: 11, length: 5),
                                     green: .init(offset: 5, length: 6), blue: .init(offset: 0, length: 5))
        #expect(layout == .rgb565)
    }

    @Test func badLayoutsAreRefusedWithTheField() {
        #expect(throws: RasterError.unsupportedBitsPerPixel(12)) {
            try PixelLayout(bitsPerPixel: 12, red: .init(offset: 8, length: 4), green: .init(offset: 4, length: 4),
                            blue: .init(offset: 0, length: 4))
        }
        #expect(throws: RasterError.invalidChannel(.red, offset: 12, length: 5)) {
            try PixelLayout(bitsPerPixel: 16, red: .init(offset: 12, length: 5), green: .init(offset: 5, length: 6),
                            blue: .init(offset: 0, length: 5))
        }
        #expect(throws: RasterError.invalidChannel(.green, offset: 8, length: 10)) {
            try PixelLayout(bitsPerPixel: 32, red: .init(offset: 0, length: 8), green: .init(offset: 8, length: 10),
                            blue: .init(offset: 18, length: 8))
        }
        #expect(throws: RasterError.overlappingChannels(.red, .blue)) {
            try PixelLayout(bitsPerPixel: 16, red: .init(offset: 0, length: 5), green: .init(offset: 5, length: 6),
                            blue: .init(offset: 4, length: 5))
        }
    }

    @Test(arguments: [PixelLayout.rgb565, .bgr565, .xrgb8888, .rgb888, .argb8888Premultiplied])
    func encodeRoundsEveryChannelToNearest(layout: PixelLayout) {
        for value in 0...255 {
            let color = Color(red: UInt8(value), green: UInt8(255 - value), blue: UInt8(value / 2)).premultiplied()
            let pixel = layout.encode(color)
            for (field, channel) in [(layout.red, color.red), (layout.green, color.green), (layout.blue, color.blue)] {
                let expected = roundedByte(Double(channel) * Double(field.maxValue) / 255)
                #expect((pixel >> UInt32(field.offset)) & field.maxValue == expected)
            }
        }
    }

    @Test func odd555LayoutRoundTripsThroughGenericConversion() throws {
        let layout = try PixelLayout(bitsPerPixel: 16, red: .init(offset: 10, length: 5),
                                     green: .init(offset: 5, length: 5), blue: .init(offset: 0, length: 5))
        #expect(layout.fastPath == .bitfield)
        #expect(layout.unusedBits == 0x8000)
        let mismatches = (UInt32(0)..<32768).filter { layout.encode(layout.decode($0)) != $0 | 0x8000 }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(3))")
    }
}

@Suite struct SurfaceTests {
    @Test func badSurfacesAreRefused() {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
        defer { memory.deallocate() }
        #expect(throws: RasterError.invalidSize(width: 0, height: 4)) {
            try Surface(baseAddress: memory, width: 0, height: 4, strideBytes: 64, layout: .xrgb8888)
        }
        #expect(throws: RasterError.invalidStride(strideBytes: 60, minimum: 64)) {
            try Surface(baseAddress: memory, width: 16, height: 4, strideBytes: 60, layout: .xrgb8888)
        }
        #expect(throws: RasterError.invalidStride(strideBytes: 33, minimum: 32)) {
            try Surface(baseAddress: memory, width: 16, height: 4, strideBytes: 33, layout: .rgb565)
        }
        #expect(throws: RasterError.clipOutsideSurface(IntRect(x: 10, y: 0, width: 10, height: 2))) {
            try Surface(baseAddress: memory, width: 16, height: 4, strideBytes: 64, layout: .xrgb8888,
                        clip: IntRect(x: 10, y: 0, width: 10, height: 2))
        }
        #expect(throws: RasterError.invalidSize(width: 20_000, height: 1)) {
            try SurfaceStorage(width: 20_000, height: 1, layout: .a8)
        }
    }

    @Test func storageIsZeroedAndPadded() throws {
        let storage = try SurfaceStorage(width: 5, height: 3, layout: .rgb888)
        #expect(storage.surface.strideBytes == 16)
        #expect(storage.byteCount == 48)
        #expect(storage.surface.pixel(x: 4, y: 2) == 0)
        #expect(storage.surface.pixel(x: 5, y: 2) == nil)
    }
}

@Suite struct DamageListTests {
    @Test func containedRectanglesCollapseAndEmptyOnesVanish() {
        var damage = DamageList()
        damage.add(IntRect(x: 0, y: 0, width: 10, height: 10))
        damage.add(IntRect(x: 2, y: 2, width: 3, height: 3))
        damage.add(.empty)
        #expect(damage.count == 1)
        damage.add(IntRect(x: 20, y: 0, width: 5, height: 5))
        damage.add(IntRect(x: -5, y: -5, width: 40, height: 40))
        #expect(damage.count == 1)
        #expect(damage[0] == IntRect(x: -5, y: -5, width: 40, height: 40))
    }

    @Test func overflowMergesIntoTheBoundingBoxAndDropsNothing() {
        var damage = DamageList()
        for index in 0..<DamageList.capacity {
            damage.add(IntRect(x: index * 10, y: index, width: 2, height: 2))
        }
        #expect(damage.count == DamageList.capacity)
        damage.add(IntRect(x: 500, y: 300, width: 1, height: 1))
        #expect(damage.count == 1)
        #expect(damage[0] == IntRect(minX: 0, minY: 0, maxX: 501, maxY: 301))
    }

    @Test func clipDropsRectanglesOutside() {
        var damage = DamageList(IntRect(x: -10, y: 0, width: 20, height: 5))
        damage.add(IntRect(x: 100, y: 100, width: 5, height: 5))
        damage.clip(to: IntRect(x: 0, y: 0, width: 50, height: 50))
        #expect(damage.count == 1)
        #expect(damage[0] == IntRect(x: 0, y: 0, width: 10, height: 5))
    }
}

@Suite struct PixelFormatTests {
    @Test func typedFormatsAgreeWithTheirLayouts() throws {
        let colour = Color(red: 200, green: 100, blue: 50, alpha: 128).premultiplied()
        #expect(UInt32(XRGB8888.encode(colour)) == PixelLayout.xrgb8888.encode(colour))
        #expect(RGB565.encode(Color.white.premultiplied()) == 0xFFFF)
        #expect(BGR565.encode(Color(red: 255, green: 0, blue: 0).premultiplied()) == 0x001F)
        #expect(ARGB8888Premultiplied.decode(ARGB8888Premultiplied.encode(colour)) == colour)
        let storage = try SurfaceStorage(width: 3, height: 2, layout: .rgb565)
        let row = try storage.surface.row(1, as: RGB565.self)
        row[2] = RGB565.encode(Color.white.premultiplied())
        #expect(storage.surface.pixel(x: 2, y: 1) == 0xFFFF)
        #expect(throws: RasterError.layoutMismatch(expected: .xrgb8888, actual: .rgb565)) {
            _ = try storage.surface.row(0, as: XRGB8888.self)
        }
    }
}

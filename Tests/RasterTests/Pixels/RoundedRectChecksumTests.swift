import Testing
import FixedPoint
@testable import Raster

/// The rounded-rect rasterizer's exact bytes, pinned: speed work on it must not change a single coverage
/// value. Seeded shapes (fills and borders, every radius class, sub-pixel offsets, clipped and unclipped)
/// are drawn into A8 and XRGB8888 surfaces and the bytes hashed (FNV-1a, 64 bits). The golden hashes were
/// taken from the rasterizer as it was before its arc rows were made faster (commit f316e24), and retaken
/// when blending became one rounding per stored value with wide coverage (issue 7, round 3: the
/// translucent colours over earlier shapes blend differently; the shapes' coverage did not change, the
/// opaque benchmark shapes below keep their hashes).
@Suite struct RoundedRectChecksumTests {
    static let size = 160

    /// FNV-1a over the first `width × bytesPerPixel` bytes of every row.
    static func hash(_ surface: Surface, into value: inout UInt64) {
        for y in 0..<surface.height {
            let row = surface.rowAddress(y).assumingMemoryBound(to: UInt8.self)
            for index in 0..<surface.width * surface.layout.bytesPerPixel {
                value = (value ^ UInt64(row[index])) &* 0x100_0000_01B3
            }
        }
    }

    /// A Q16.16 value from `random`: whole part in `range`, any sub-pixel fraction.
    static func coordinate(_ random: inout XorShift32, _ range: ClosedRange<Int>) -> Fixed {
        let whole = range.lowerBound + Int(random.next() % UInt32(range.count))
        return Fixed(raw: Int32(whole) << 16 | Int32(random.next() & 0xFFFF))
    }

    /// Draws `count` seeded shapes (alternately fill and border) into one surface of `layout`, hashing after
    /// each, so a changed byte anywhere changes the result.
    static func checksum(seed: UInt32, count: Int, layout: PixelLayout, clip: IntRect?) throws -> UInt64 {
        var random = XorShift32(seed: seed)
        let storage = try SurfaceStorage(width: size, height: size, layout: layout)
        var surface = storage.surface
        if let clip { try surface.setClip(clip) }
        var rasterizer = try RoundedRectRasterizer(maximumWidth: size)
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<count {
            surface.replace(surface.bounds, with: layout == .a8 ? .clear : .opaqueBlack)
            let rect = Rect(x: coordinate(&random, -20...60), y: coordinate(&random, -20...60),
                            width: coordinate(&random, 1...150), height: coordinate(&random, 1...150))
            let radius = coordinate(&random, 0...[6, 30, 90][index % 3])
            let shape = try RoundedRect(rect: rect, cornerRadius: radius)
            let colour = Color(red: 250, green: 120, blue: 9, alpha: UInt8(truncatingIfNeeded: 128 + random.next() % 128))
            if index % 2 == 0 {
                try rasterizer.fill(shape, color: colour.premultiplied(), into: surface)
            } else {
                try rasterizer.strokeBorder(shape, width: coordinate(&random, 0...12), color: colour.premultiplied(), into: surface)
            }
            hash(storage.surface, into: &value)
        }
        return value
    }

    @Test func unclippedShapesKeepTheirBytes() throws {
        print("RoundedRectChecksumTests seeds 0x0BAD5EED, 0x0C0FFEE0")
        let coverage = try Self.checksum(seed: 0x0BAD_5EED, count: 120, layout: .a8, clip: nil)
        let pixels = try Self.checksum(seed: 0x0C0F_FEE0, count: 60, layout: .xrgb8888, clip: nil)
        #expect(coverage == 0xAEE7_AC26_6FF8_ACA1)
        #expect(pixels == 0x6497_BFBA_F1F1_3CB6)
    }

    @Test func clippedShapesKeepTheirBytes() throws {
        print("RoundedRectChecksumTests seed 0x5EED0C11")
        let clip = IntRect(x: 17, y: 9, width: 101, height: 77)
        let coverage = try Self.checksum(seed: 0x5EED_0C11, count: 90, layout: .a8, clip: clip)
        #expect(coverage == 0x439E_C965_53F3_95F5)
    }

    /// The benchmark's shapes: the 400×300 r 40 rectangle at a quarter-pixel offset and the r 100 circle.
    @Test func benchmarkShapesKeepTheirBytes() throws {
        let storage = try SurfaceStorage(width: 460, height: 360, layout: .a8)
        var rasterizer = try RoundedRectRasterizer(maximumWidth: 460)
        let rect = try RoundedRect(rect: Rect(x: Fixed(raw: 30 << 16 + 16384), y: Fixed(raw: 30 << 16 + 16384),
                                              width: Fixed(400), height: Fixed(300)), cornerRadius: Fixed(40))
        let circle = try RoundedRect(rect: Rect(x: Fixed(230), y: Fixed(150), width: Fixed(200), height: Fixed(200)),
                                     cornerRadius: Fixed(100))
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        try rasterizer.fill(rect, color: .opaqueBlack, into: storage.surface)
        Self.hash(storage.surface, into: &value)
        storage.surface.replace(storage.surface.bounds, with: .clear)
        try rasterizer.fill(circle, color: .opaqueBlack, into: storage.surface)
        Self.hash(storage.surface, into: &value)
        #expect(value == 0x4171_A4E7_572C_D1DA)
    }
}

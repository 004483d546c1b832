import Testing
import Foundation
import FixedPoint
@testable import Raster

/// Whole compositions compared byte for byte with PPM files in `Golden/`.
///
/// Regenerate after an intended change with `FLIPBOOK_REGENERATE_GOLDEN=1 swift test --filter GoldenTests`
/// and look at the images before committing them. A mismatch writes `<name>.actual.ppm` next to the golden.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// A frame with every primitive: background, shadowed rounded card with border, rotated image, a group
    /// at 60 % opacity holding two overlapping shapes, and a masked (rounded-rect clipped) gradient.
    static func renderComposition(layout: PixelLayout) throws -> SurfaceStorage {
        let frame = try SurfaceStorage(width: 96, height: 64, layout: layout)
        let surface = frame.surface
        surface.replace(surface.bounds, with: Color(red: 0x20, green: 0x30, blue: 0x40).premultiplied())
        var shapes = try RoundedRectPainter(maximumWidth: 96)
        var shadows = try ShadowRenderer(maximumWidth: 128, maximumHeight: 96)
        var groups = try OffscreenPool(capacity: 2, maximumWidth: 96, maximumHeight: 64)
        var masks = try OffscreenPool(capacity: 1, maximumWidth: 96, maximumHeight: 64, layout: .a8)
        func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }

        let card = try RoundedRect(rect: Rect(x: fixed(6.5), y: fixed(5.25), width: fixed(40), height: fixed(28)),
                                   cornerRadius: fixed(7))
        try shadows.drawShadow(of: card, color: Color.black.premultiplied(), opacity: 160, offsetX: fixed(2),
                               offsetY: fixed(3), radius: fixed(5), into: surface)
        try shapes.fill(card, color: Color(red: 240, green: 240, blue: 230).premultiplied(), into: surface)
        try shapes.strokeBorder(card, width: fixed(2.5), color: Color(red: 200, green: 60, blue: 40, alpha: 200).premultiplied(),
                                into: surface)

        let image = try ImageTests.makeImage(width: 16, height: 12, seed: 0x601D)
        let angle = 0.4
        let affine = Affine(a: fixed(cos(angle) * 1.25), b: fixed(sin(angle) * 1.25), c: fixed(-sin(angle) * 1.25),
                            d: fixed(cos(angle) * 1.25), tx: fixed(60.3), ty: fixed(2.6))
        try surface.drawImage(image.surface, transform: try ImageTransform(affine), opacity: 230)

        let group = try groups.acquire(bounds: IntRect(x: 50, y: 30, width: 40, height: 30))
        try shapes.fill(try RoundedRect(rect: Rect(x: fixed(2), y: fixed(2), width: fixed(24), height: fixed(20)), cornerRadius: fixed(10)),
                        color: Color(red: 30, green: 200, blue: 90).premultiplied(), into: group.surface)
        try shapes.fill(try RoundedRect(rect: Rect(x: fixed(12.5), y: fixed(8.5), width: fixed(24), height: fixed(18)), cornerRadius: fixed(3)),
                        color: Color(red: 250, green: 220, blue: 40).premultiplied(), into: group.surface)
        try surface.composite(group, opacity: 153)
        try groups.release(group)

        let clip = try masks.acquire(bounds: IntRect(x: 4, y: 38, width: 40, height: 22))
        try shapes.fill(try RoundedRect(rect: Rect(x: fixed(0.5), y: fixed(0.5), width: fixed(39), height: fixed(21)), cornerRadius: fixed(9)),
                        color: Color.white.premultiplied(), into: clip.surface)
        let gradient = try groups.acquire(bounds: clip.destinationBounds)
        for x in 0..<40 {
            gradient.surface.fill(IntRect(x: x, y: 0, width: 1, height: 22),
                                  color: Color(red: UInt8(x * 6), green: 80, blue: UInt8(255 - x * 6)).premultiplied())
        }
        try surface.composite(gradient, mask: clip.surface)
        try groups.release(gradient)
        try masks.release(clip)
        return frame
    }

    /// Binary PPM (P6) of the surface's decoded colours.
    static func ppm(_ surface: Surface) -> [UInt8] {
        var bytes = Array("P6\n\(surface.width) \(surface.height)\n255\n".utf8)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let colour = surface.color(x: x, y: y)!
                bytes += [colour.red, colour.green, colour.blue]
            }
        }
        return bytes
    }

    @Test(arguments: [("composition-xrgb8888", PixelLayout.xrgb8888), ("composition-rgb565", .rgb565)])
    func compositionMatchesGolden(name: String, layout: PixelLayout) throws {
        let frame = try Self.renderComposition(layout: layout)
        let actual = Data(Self.ppm(frame.surface))
        let golden = Self.directory.appendingPathComponent("\(name).ppm")
        if ProcessInfo.processInfo.environment["FLIPBOOK_REGENERATE_GOLDEN"] == "1" {
            try actual.write(to: golden)
            return
        }
        let expected = try Data(contentsOf: golden)
        if actual != expected {
            try actual.write(to: Self.directory.appendingPathComponent("\(name).actual.ppm"))
        }
        #expect(actual == expected, "\(name) differs from \(golden.path); see \(name).actual.ppm")
    }
}

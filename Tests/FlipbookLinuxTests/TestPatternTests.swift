import Raster
import Testing
@testable import FlipbookLinux

@Suite struct TestPatternTests {
    /// The incremental update (what `play` presents as damage) must leave exactly the pixels a full redraw
    /// at the new time gives, and its damage must cover every pixel that changed.
    @Test(arguments: [(Int64(0), Int64(16_667)), (250_000, 263_333), (990_000, 1_010_000), (400_000, 400_000)])
    func movingUpdateEqualsFullRedrawAndDamageCoversTheChange(from: Int64, to: Int64) throws {
        let incremental = try SurfaceStorage(width: 160, height: 120, layout: .xrgb8888)
        let reference = try SurfaceStorage(width: 160, height: 120, layout: .xrgb8888)
        let before = try SurfaceStorage(width: 160, height: 120, layout: .xrgb8888)
        TestPattern.moving.draw(into: incremental.surface, atMicros: from)
        TestPattern.moving.draw(into: before.surface, atMicros: from)
        var damage = DamageList()
        TestPattern.moving.update(incremental.surface, fromMicros: from, toMicros: to, damage: &damage)
        TestPattern.moving.draw(into: reference.surface, atMicros: to)
        for y in 0..<120 {
            for x in 0..<160 {
                let got = incremental.surface.pixel(x: x, y: y), want = reference.surface.pixel(x: x, y: y)
                #expect(got == want, "pixel (\(x), \(y))")
                if want != before.surface.pixel(x: x, y: y) {
                    #expect((0..<damage.count).contains { damage[$0].contains(x: x, y: y) }, "undamaged change at (\(x), \(y))")
                }
            }
        }
        #expect(damage.isEmpty == (from == to))
    }

    @Test func quadrantsAreSplitAtHalfTheSize() throws {
        let storage = try SurfaceStorage(width: 5, height: 3, layout: .xrgb8888)
        TestPattern.quadrants.draw(into: storage.surface, atMicros: 0)
        let rows = (0..<3).map { y in (0..<5).map { x in storage.surface.pixel(x: x, y: y)! & 0xFF_FFFF } }
        #expect(rows == [
            [0xFF0000, 0xFF0000, 0x00FF00, 0x00FF00, 0x00FF00],
            [0x0000FF, 0x0000FF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF],
            [0x0000FF, 0x0000FF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF],
        ])
    }
}

import Foundation
import Testing
@testable import Raster

/// Why a scene drawn on a quarter-turned panel can differ by one level from the upright frame turned
/// (`TurnedDisplayTests`, docs/input.md): the rasterizer walks an edge row by row, truncating the x where it
/// leaves each row and the y where it crosses each column, so an outline turned by exactly a quarter turn
/// (integer subpixels, no transform rounding at all) has its crossings truncated along the other axis. Both
/// results are correct roundings of the exact area; they differ only where that area lies within the walk's
/// truncation bound of an 8-bit rounding tie.
@Suite struct TurnedCoverageTests {
    typealias Contour = [(x: Int64, y: Int64)]
    static let size = 32
    static let extent = Int64(size) * SubpixelGrid.one

    /// A point turned clockwise by `quarterTurns` about the canvas' centre: exact integers.
    static func turned(_ point: (x: Int64, y: Int64), quarterTurns: Int) -> (x: Int64, y: Int64) {
        var point = point
        for _ in 0 ..< quarterTurns { point = (extent - point.y, point.x) }
        return point
    }

    /// A row-major image turned clockwise by `quarterTurns`, pixel by pixel.
    static func turned<T>(_ image: [T], quarterTurns: Int) -> [T] {
        var current = image
        for _ in 0 ..< quarterTurns {
            var next = current
            for y in 0 ..< size { for x in 0 ..< size { next[x * size + size - 1 - y] = current[y * size + x] } }
            current = next
        }
        return current
    }

    static func render(_ contour: Contour) throws -> [UInt8] {
        var rasterizer = try Rasterizer()
        try rasterizer.reset(clip: IntRect(x: 0, y: 0, width: size, height: size))
        rasterizer.startContour()
        for index in contour.indices {
            let a = contour[index], b = contour[(index + 1) % contour.count]
            try rasterizer.addLine(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
        }
        return CrossingCoverageTests.render(&rasterizer, rule: .nonZero, width: size, height: size).image
    }

    /// Random polygons, 48-sided circles (flattened curves, as a rounded corner or the like button's heart)
    /// and axis-aligned rectangles, all off the pixel grid, each drawn upright and turned 90°, 180° and 270°.
    @Test func exactlyTurnedOutlinesDifferOnlyNearRoundingTies() throws {
        let seed: UInt64 = 0x7_0E4D_C0FE
        print("exactlyTurnedOutlinesDifferOnlyNearRoundingTies seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let one = SubpixelGrid.one
        var differing = [0, 0, 0], compared = [0, 0, 0], antialiased = 0, largest = 0
        for index in 0 ..< 150 {
            let kind = index % 3
            var contour: Contour = []
            switch kind {
            case 0:
                for _ in 0 ..< Int.random(in: 3 ... 9, using: &random) {
                    contour.append((Int64.random(in: one ... 31 * one, using: &random), Int64.random(in: one ... 31 * one, using: &random)))
                }
            case 1:
                let cx = Double.random(in: 12 ... 20, using: &random), cy = Double.random(in: 12 ... 20, using: &random)
                let radius = Double.random(in: 3 ... 10, using: &random)
                for k in 0 ..< 48 {
                    let angle = Double(k) * 2 * Double.pi / 48, unit = Double(one)
                    contour.append((Int64(((cx + radius * cos(angle)) * unit).rounded()), Int64(((cy + radius * sin(angle)) * unit).rounded())))
                }
            default:
                let x0 = Int64.random(in: one ... 15 * one, using: &random), y0 = Int64.random(in: one ... 15 * one, using: &random)
                let x1 = x0 + Int64.random(in: one ... 15 * one, using: &random), y1 = y0 + Int64.random(in: one ... 15 * one, using: &random)
                contour = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            }
            let upright = try Self.render(contour)
            let reference = ArrangementReference(contours: [contour], evenOdd: false, width: Self.size, height: Self.size)
            let areas = reference.areas(), edges = reference.counts().edges
            antialiased += areas.filter { $0 > 0 && $0 < 1 }.count
            for quarterTurns in 1 ... 3 {
                let drawn = try Self.render(contour.map { Self.turned($0, quarterTurns: quarterTurns) })
                let expected = Self.turned(upright, quarterTurns: quarterTurns)
                let exact = Self.turned(areas, quarterTurns: quarterTurns), edgeCounts = Self.turned(edges, quarterTurns: quarterTurns)
                compared[kind] += Self.size * Self.size
                for pixel in drawn.indices where drawn[pixel] != expected[pixel] {
                    differing[kind] += 1
                    largest = max(largest, abs(Int(drawn[pixel]) - Int(expected[pixel])))
                    // Both are roundings of the exact value within the walk's truncations (255 · 2e / 4096 per
                    // pixel, `CrossingCoverageTests`): they can disagree only that close to a tie.
                    let value = exact[pixel] * 255, fromTie = abs(value - value.rounded(.down) - 0.5)
                    let bound = 255 * 2 * Double(edgeCounts[pixel]) / Double(one)
                    #expect(fromTie <= bound, "draw \(index) turned \(quarterTurns): pixel \(pixel) exact \(value), \(fromTie) from a tie")
                }
            }
        }
        print("turned outlines: \(differing) of \(compared) pixels differ (polygons, circles, rectangles), "
            + "largest \(largest); \(antialiased * 3) antialiased")
        #expect(largest <= 1)
        // Axis-aligned edges have no crossings to truncate: exactly the turned picture.
        #expect(differing[2] == 0)
        // The slanted ones do differ now and then (the cause measured here; docs/input.md).
        #expect(differing[0] + differing[1] > 0)
    }
}

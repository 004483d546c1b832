import Testing
import FixedPoint
@testable import Raster

/// Rounded rectangles and borders against a Double model of the exact area in each pixel.
@Suite struct RoundedRectTests {
    /// Area of the rounded rect (x, y, w, h, r) inside pixel (px, py), integrated over 512 sub-rows with
    /// the exact horizontal overlap of each (error below 0.3/255).
    ///
    /// Error budget of the renderer against it, in 1/255: edges rounded to 1/256 px (≤ 0.5 per edge),
    /// square roots rounded to 1/256 px (≤ 0.5), chords of the arc polyline (≤ 0.4), the final rounding
    /// to 8 bits (0.5) and this model (0.3): `tolerance` = 2.2, the mean must stay under 0.2.
    static func modelArea(px: Int, py: Int, x: Double, y: Double, w: Double, h: Double, r: Double) -> Double {
        let rows = 512
        var area = 0.0
        for row in 0..<rows {
            let sy = Double(py) + (Double(row) + 0.5) / Double(rows)
            guard sy > y, sy < y + h else { continue }
            var inset = 0.0
            let distance = sy < y + r ? y + r - sy : sy > y + h - r ? sy - (y + h - r) : 0
            if distance > 0 { inset = r - (r * r - distance * distance).squareRoot() }
            let left = max(x + inset, Double(px)), right = min(x + w - inset, Double(px + 1))
            area += max(0, right - left)
        }
        return area / Double(rows)
    }

    static let tolerance = 2.2

    static func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }

    static func render(_ outer: (Double, Double, Double, Double, Double), border: Double?, size: Int) throws -> SurfaceStorage {
        let storage = try SurfaceStorage(width: size, height: size, layout: .a8)
        var painter = try RoundedRectPainter(maximumWidth: size)
        let shape = try RoundedRect(rect: Rect(x: fixed(outer.0), y: fixed(outer.1), width: fixed(outer.2), height: fixed(outer.3)),
                                    cornerRadius: fixed(outer.4))
        let opaque = Color.black.premultiplied()
        if let border {
            try painter.strokeBorder(shape, width: fixed(border), color: opaque, into: storage.surface)
        } else {
            try painter.fill(shape, color: opaque, into: storage.surface)
        }
        return storage
    }

    @Test(arguments: [(3.25, 2.25, 40.0, 30.0, 10.0), (0.5, 0.75, 20.5, 44.0, 8.3), (5.0, 5.0, 30.0, 30.0, 15.0),
                      (-6.6, 10.1, 30.0, 12.0, 0.0), (2.0, 2.0, 41.0, 20.0, 100.0)])
    func fillCoverageIsTheExactArea(shape: (Double, Double, Double, Double, Double)) throws {
        let storage = try Self.render(shape, border: nil, size: 48)
        let r = min(shape.4, min(shape.2, shape.3) / 2)
        var worst = 0.0, total = 0.0
        for py in 0..<48 {
            for px in 0..<48 {
                let expected = 255 * Self.modelArea(px: px, py: py, x: shape.0, y: shape.1, w: shape.2, h: shape.3, r: r)
                let error = abs(Double(storage.surface.pixel(x: px, y: py)!) - expected)
                worst = max(worst, error)
                total += error
            }
        }
        #expect(worst <= Self.tolerance, "worst error \(worst)/255 for \(shape)")
        #expect(total / (48 * 48) < 0.2, "mean error \(total / (48 * 48))")
    }

    @Test func borderIsTheRingBetweenOuterAndInsetShape() throws {
        let (x, y, w, h, r, width) = (4.25, 3.5, 36.0, 28.0, 9.0, 4.5)
        let storage = try Self.render((x, y, w, h, r), border: width, size: 48)
        var worst = 0.0
        for py in 0..<48 {
            for px in 0..<48 {
                let outer = Self.modelArea(px: px, py: py, x: x, y: y, w: w, h: h, r: r)
                let inner = Self.modelArea(px: px, py: py, x: x + width, y: y + width, w: w - 2 * width,
                                           h: h - 2 * width, r: max(0, r - width))
                worst = max(worst, abs(Double(storage.surface.pixel(x: px, y: py)!) - 255 * (outer - inner)))
            }
        }
        #expect(worst <= Self.tolerance, "worst error \(worst)/255")
    }

    @Test func smallRoundedRectPattern() throws {
        let target = try GuardedSurface(width: 10, height: 8, layout: .rgb565, fill: .opaqueBlack)
        var painter = try RoundedRectPainter(maximumWidth: 10)
        let shape = try RoundedRect(rect: Rect(x: Fixed(1), y: Fixed(1), width: Fixed(8), height: Fixed(6)), cornerRadius: Fixed(3))
        try painter.fill(shape, color: .opaqueWhite, into: target.surface)
        #expect(target.ascii(coverageSymbol) == [
            "..........",
            ".+######+.",
            ".########.",
            ".########.",
            ".########.",
            ".########.",
            ".+######+.",
            "..........",
        ])
        #expect(target.guardIsIntact)
    }

    @Test func shapesOutsideAndAcrossTheClipStayInside() throws {
        let target = try GuardedSurface(width: 12, height: 6, layout: .xrgb8888, fill: .opaqueBlack)
        var surface = target.surface
        try surface.setClip(IntRect(x: 2, y: 1, width: 8, height: 4))
        var painter = try RoundedRectPainter(maximumWidth: 12)
        let huge = try RoundedRect(rect: Rect(x: Fixed(-500), y: Fixed(-300), width: Fixed(1000), height: Fixed(900)),
                                   cornerRadius: Fixed(50))
        try painter.fill(huge, color: .opaqueWhite, into: surface)
        #expect(target.ascii(coverageSymbol) == [
            "............", "..########..", "..########..", "..########..", "..########..", "............",
        ])
        #expect(target.guardIsIntact)
        #expect(throws: RasterError.invalidGeometry(name: "cornerRadius", raw: -65536)) {
            try RoundedRect(rect: Rect(x: Fixed(0), y: Fixed(0), width: Fixed(4), height: Fixed(4)), cornerRadius: Fixed(-1))
        }
        var narrow = try RoundedRectPainter(maximumWidth: 4)
        #expect(throws: RasterError.invalidSize(width: 8, height: 4)) { try narrow.fill(huge, color: .opaqueWhite, into: surface) }
    }
}

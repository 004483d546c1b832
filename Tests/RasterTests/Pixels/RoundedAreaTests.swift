import Testing
import FixedPoint
@testable import Raster

/// A shadow's silhouette and a path's rounded rectangle against the exact area of their shapes
/// (`RoundedRectTests.modelArea`, a Double model within 0.3/255), at the bar layer outlines and paths are
/// held to: mean error ≤ 0.5/255 and 99.9th percentile ≤ 8/255 per case. A8 targets in opaque black, so a
/// pixel is 255 × its coverage.
@Suite struct RoundedAreaTests {
    /// Shapes as (x, y, width, height, radius): fractional positions, radii from sub-pixel to past half
    /// the shorter side (limited, as Core Animation draws it), a plain rectangle.
    static let shapes: [(Double, Double, Double, Double, Double)] = [
        (3.25, 2.25, 40.0, 30.0, 10.0), (0.5, 0.75, 20.5, 44.0, 8.3), (5.0, 5.0, 30.0, 30.0, 15.0),
        (2.37, 1.61, 43.2, 41.9, 0.75), (1.13, 4.88, 44.5, 21.0, 100.0), (6.6, 3.1, 30.0, 12.0, 0.0),
        (0.3, 0.9, 46.9, 46.1, 23.0),
    ]
    static let size = 48

    /// Per-pixel errors (in 1/255) of `storage` against the exact area of `shape`, sorted.
    static func errors(_ storage: borrowing SurfaceStorage, _ shape: (Double, Double, Double, Double, Double)) -> [Double] {
        let r = min(shape.4, min(shape.2, shape.3) / 2)
        var errors: [Double] = []
        for py in 0..<size {
            for px in 0..<size {
                let expected = 255 * RoundedRectTests.modelArea(px: px, py: py, x: shape.0, y: shape.1, w: shape.2,
                                                                h: shape.3, r: r)
                errors.append(abs(Double(storage.surface.pixel(x: px, y: py)!) - expected))
            }
        }
        return errors.sorted()
    }

    static func check(_ errors: [Double], _ label: String) {
        let mean = errors.reduce(0, +) / Double(errors.count)
        let p999 = errors[min(errors.count - 1, Int(Double(errors.count) * 0.999))]
        print("RoundedAreaTests \(label): mean \(mean)/255, p99.9 \(p999)/255, max \(errors.last!)/255")
        #expect(mean <= 0.5 && p999 <= 8, "\(label): mean \(mean)/255, p99.9 \(p999)/255, max \(errors.last!)/255")
        // The outline's 1/64-px chords cannot move a pixel's area by more than a few 1/255.
        #expect(errors.last! <= 4, "\(label): max \(errors.last!)/255")
    }

    /// The silhouette as the blur sees it: a shadow of radius 0 is not blurred, so the target holds it.
    @Test(arguments: shapes)
    func shadowSilhouetteIsTheExactArea(shape: (Double, Double, Double, Double, Double)) throws {
        let storage = try SurfaceStorage(width: Self.size, height: Self.size, layout: .a8)
        var shadows = try ShadowRenderer(maximumWidth: 64, maximumHeight: 64)
        // Drawn 3.5 px up-left of where it is measured: the offset moves the silhouette exactly.
        let drawn = try RoundedRect(rect: Rect(x: RoundedRectTests.fixed(shape.0 + 3.5), y: RoundedRectTests.fixed(shape.1 + 3.5),
                                               width: RoundedRectTests.fixed(shape.2), height: RoundedRectTests.fixed(shape.3)),
                                    cornerRadius: RoundedRectTests.fixed(shape.4))
        try shadows.drawShadow(of: drawn, color: Color.black.premultiplied(), opacity: 255,
                               offsetX: RoundedRectTests.fixed(-3.5), offsetY: RoundedRectTests.fixed(-3.5),
                               radius: .zero, into: storage.surface)
        Self.check(Self.errors(storage, shape), "shadow \(shape)")
    }

    /// `Path.addRoundedRect` filled by the path rasterizer, drawn at 1:1 and as a quarter-size path
    /// scaled ×4 (its corners are flattened in device space, so the scale costs no precision).
    @Test(arguments: shapes)
    func pathRoundedRectIsTheExactArea(shape: (Double, Double, Double, Double, Double)) throws {
        var rasterizer = try Rasterizer()
        for scale in [1.0, 4.0] {
            let storage = try SurfaceStorage(width: Self.size, height: Self.size, layout: .a8)
            var path = try Path()
            try path.addRoundedRect(Rect(x: RoundedRectTests.fixed(shape.0 / scale), y: RoundedRectTests.fixed(shape.1 / scale),
                                         width: RoundedRectTests.fixed(shape.2 / scale),
                                         height: RoundedRectTests.fixed(shape.3 / scale)),
                                    cornerWidth: RoundedRectTests.fixed(shape.4 / scale),
                                    cornerHeight: RoundedRectTests.fixed(shape.4 / scale))
            var sink = try SolidColorSink(surface: storage.surface, color: Color.black.premultiplied())
            let transform = Affine(a: RoundedRectTests.fixed(scale), b: .zero, c: .zero, d: RoundedRectTests.fixed(scale),
                                   tx: .zero, ty: .zero)
            try rasterizer.fill(path, transform: transform, rule: .nonZero, clip: storage.surface.clip, into: &sink)
            Self.check(Self.errors(storage, shape), "path ×\(scale) \(shape)")
        }
    }
}

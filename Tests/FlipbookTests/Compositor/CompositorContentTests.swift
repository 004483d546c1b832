import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Shape, image and shadow content, as golden frames (XRGB8888 and RGB565).
@Suite struct CompositorContentTests {
    /// A 12 × 8 test image: a horizontal red ramp over a vertical blue ramp, alpha 255 with a
    /// half-transparent right column, premultiplied.
    static func testImage() throws -> SurfaceStorage {
        let storage = try SurfaceStorage(width: 12, height: 8, layout: .argb8888Premultiplied)
        for y in 0..<8 {
            let row = storage.surface.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<12 {
                let alpha: UInt32 = x == 11 ? 128 : 255
                let red = UInt32(x * 255 / 11) * alpha / 255, blue = UInt32(y * 255 / 7) * alpha / 255
                row[x] = alpha << 24 | red << 16 | (40 * alpha / 255) << 8 | blue
            }
        }
        return storage
    }

    /// Renders the scene `build` makes (after registering its resources in the tree) in both layouts.
    func render(named name: String, build: (PresentationTree) throws -> [SceneSketch]) throws {
        for (suffix, layout) in CompositorGoldenTests.layouts {
            var harness = try CompositorHarness(width: 128, height: 96, layout: layout)
            let tree = try PresentationTree(capacity: 64)
            try fill(tree, with: try build(tree), frame: 1)
            try harness.render(tree)
            try expectGolden(harness.ppm, named: "\(name)-\(suffix)")
        }
    }

    @Test func shapesFillThenStrokeWithTrim() throws {
        var star = SceneSketch(1, 4, 4, 60, 60)
        star.kind = .shape
        star.shape.fillColor = Palette.yellow
        star.shape.strokeColor = Palette.red
        star.shape.lineWidth = Fixed(4)
        star.shape.lineJoin = .round
        star.shape.fillRule = .evenOdd
        var arc = SceneSketch(2, 64, 4, 60, 60)
        arc.kind = .shape
        arc.shape.fillColor = nil
        arc.shape.strokeColor = Palette.blue
        arc.shape.lineWidth = Fixed(6)
        arc.shape.lineCap = .round
        arc.shape.strokeStart = Fixed(raw: 1 << 14)  // 0.25
        arc.shape.strokeEnd = Fixed(raw: 57_344)     // 0.875
        var scaled = SceneSketch(3, 20, 66, 30, 30)
        scaled.kind = .shape
        scaled.rotation = 0.4
        scaled.shape.fillColor = Palette.green
        scaled.shape.strokeColor = Palette.white
        scaled.shape.lineWidth = Fixed(2)
        try render(named: "shapes") { tree in
            let starPath = try SVGPathParser.parse("M30 2 L48 58 L2 22 L58 22 L12 58 Z")
            let circle = try SVGPathParser.parse("M30 6 A24 24 0 1 1 29.99 6 Z")
            let square = try SVGPathParser.parse("M0 0 H30 V30 H0 Z M8 8 V22 H22 V8 Z")
            let ids = try [starPath, circle, square].map { try tree.resources.add($0) }
            star.shape.path = ids[0]
            arc.shape.path = ids[1]
            scaled.shape.path = ids[2]
            return [star, arc, scaled]
        }
    }

    @Test(arguments: [(ContentsGravity.resize, "resize"), (.resizeAspect, "aspect"),
                      (.resizeAspectFill, "aspect-fill"), (.center, "center")])
    func imagesArePlacedByGravity(gravity: ContentsGravity, name: String) throws {
        var picture = SceneSketch(1, 24, 16, 80, 64, background: Palette.white)
        picture.kind = .image
        picture.image.gravity = gravity
        picture.masksToBounds = gravity == .resizeAspectFill
        picture.borderWidth = 1
        picture.borderColor = Palette.green
        try render(named: "image-\(name)") { tree in
            picture.image.image = try tree.resources.add(try Self.testImage())
            return [picture]
        }
    }

    @Test func shadowsFollowTheRoundedBounds() throws {
        var card = SceneSketch(1, 20, 16, 56, 40, background: Palette.white)
        card.cornerRadius = 10
        card.shadow = (Color(red: 0, green: 0, blue: 0), 0.8, (4, 6), 5)
        var sharp = SceneSketch(2, 88, 30, 24, 40, background: Palette.yellow)
        sharp.shadow = (Palette.red, 1, (0, -3), 3)
        var scene = [SceneSketch(0, 0, 0, 128, 96, background: Color(red: 200, green: 205, blue: 215))]
        scene[0].sublayers = [card, sharp]
        try render(named: "shadow") { _ in scene }
    }
}

import Foundation
import FixedPoint
@testable import Raster
import Testing
@testable import Flipbook

/// Shadows of the layer's real silhouette (shape path, image alpha, content and sublayers), through
/// enclosing clips, within the damage; the shape case against a `Double` model of the same blur.
@Suite struct CompositorShadowTests {
    static let canvas = (width: 128, height: 96)
    static let trianglePath = "M10 60 L50 4 L74 66 Z"
    static let triangle: [(Double, Double)] = [(10, 60), (50, 4), (74, 66)]

    /// A yellow triangle (a shape layer at (20, 10)) casting a black shadow offset by (6, 8), radius 5.
    static func triangleLayer(slot: UInt16 = 1, at origin: (Double, Double) = (20, 10), tree: PresentationTree) throws -> SceneSketch {
        var shape = SceneSketch(slot, origin.0, origin.1, 80, 70)
        shape.kind = .shape
        shape.shape.path = try tree.resources.add(try SVGPathParser.parse(trianglePath))
        shape.shape.fillColor = Palette.yellow
        shape.shadow = (Color(red: 0, green: 0, blue: 0), 0.75, (6, 8), 5)
        return shape
    }

    func render(_ build: (PresentationTree) throws -> [SceneSketch], layout: PixelLayout = .xrgb8888) throws -> CompositorHarness {
        var harness = try CompositorHarness(width: Self.canvas.width, height: Self.canvas.height, layout: layout)
        let tree = try PresentationTree(capacity: 64)
        try fill(tree, with: try build(tree), frame: 1)
        try harness.render(tree)
        return harness
    }

    /// The area of the unit pixel (x, y) covered by `polygon` (Sutherland–Hodgman clip, shoelace area).
    static func coverage(of polygon: [(Double, Double)], x: Int, y: Int) -> Double {
        var points = polygon
        let edges: [((Double, Double)) -> Double] = [{ $0.0 - Double(x) }, { Double(x + 1) - $0.0 },
                                                     { $0.1 - Double(y) }, { Double(y + 1) - $0.1 }]
        for inside in edges where !points.isEmpty {
            var clipped: [(Double, Double)] = []
            for index in points.indices {
                let a = points[index], b = points[(index + 1) % points.count]
                let da = inside(a), db = inside(b)
                if da >= 0 { clipped.append(a) }
                if (da >= 0) != (db >= 0) {
                    let t = da / (da - db)
                    clipped.append((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
                }
            }
            points = clipped
        }
        guard points.count >= 3 else { return 0 }
        var twice = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            twice += a.0 * b.1 - b.0 * a.1
        }
        return abs(twice) / 2
    }

    @Test func triangleShadowMatchesTheDoubleModelOfTheBlur() throws {
        let harness = try render { tree in [try Self.triangleLayer(tree: tree)] }
        let (width, height) = Self.canvas
        let placed = Self.triangle.map { ($0.0 + 20, $0.1 + 10) }
        var alpha = [Double](repeating: 0, count: width * height)
        var shape = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                shape[y * width + x] = Self.coverage(of: placed, x: x, y: y)
                alpha[y * width + x] = 255 * Self.coverage(of: placed.map { ($0.0 + 6, $0.1 + 8) }, x: x, y: y)
            }
        }
        let blurred = ShadowTestsModel.boxBlur(alpha, width: width, height: height, plan: BoxBlurPlan(radius: Fixed(5)))
        let background = (20.0, 24.0, 32.0), opacity = 191.0 / 255  // shadowOpacity 0.75 as 0 … 255
        var worst = 0.0, darkest = 255.0, compared = 0
        for y in 0..<height {
            for x in 0..<width where shape[y * width + x] == 0 {
                let a = blurred[y * width + x] / 255 * opacity
                let pixel = harness.surface.pixel(x: x, y: y)!
                let channels = [Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF)]
                let expected = [background.0, background.1, background.2].map { $0 * (1 - a) }
                for channel in 0..<3 { worst = max(worst, abs(channels[channel] - expected[channel])) }
                darkest = min(darkest, channels[2])
                compared += 1
            }
        }
        print("triangle shadow: worst channel error \(worst) over \(compared) pixels, darkest blue \(darkest)")
        #expect(worst <= 2, "worst channel error \(worst)")
        #expect(darkest < 12, "the shadow is dark under the offset triangle")
    }

    /// `shadowPath`: a small plain card whose shadow path is the triangle casts, beyond its bounds, exactly the
    /// shadow the triangle shape layer casts of its own alpha (a separate path through the compositor): equal
    /// bytes wherever neither the triangle nor the card is drawn.
    @Test func aShadowPathCastsTheShadowOfItsShape() throws {
        let silhouette = try render { tree in [try Self.triangleLayer(tree: tree)] }
        var cardPixels = Set<Int>()
        let pathShadow = try render { tree in
            var card = SceneSketch(1, 20, 10, 12, 10, background: Palette.white)
            card.shadowPath = try tree.resources.add(try SVGPathParser.parse(Self.trianglePath))
            card.shadow = (Color(red: 0, green: 0, blue: 0), 0.75, (6, 8), 5)
            return [card]
        }
        let plainCard = try render { _ in [SceneSketch(1, 20, 10, 12, 10, background: Palette.white)] }
        let background = try render { _ in [] }
        let (width, height) = Self.canvas
        for y in 0..<height {
            for x in 0..<width where plainCard.surface.pixel(x: x, y: y) != background.surface.pixel(x: x, y: y) {
                cardPixels.insert(y * width + x)
            }
        }
        let placed = Self.triangle.map { ($0.0 + 20, $0.1 + 10) }
        var compared = 0, shaded = 0
        for y in 0..<height {
            for x in 0..<width where Self.coverage(of: placed, x: x, y: y) == 0 && !cardPixels.contains(y * width + x) {
                let a = pathShadow.surface.pixel(x: x, y: y), b = silhouette.surface.pixel(x: x, y: y)
                #expect(a == b, "pixel (\(x), \(y)): \(String(a ?? 0, radix: 16)) against \(String(b ?? 0, radix: 16))")
                compared += 1
                if a != background.surface.pixel(x: x, y: y) { shaded += 1 }
            }
        }
        #expect(compared > 9_000 && shaded > 900, "\(compared) pixels compared, \(shaded) in shadow")
    }

    /// A rounded clip at (30, 20) 70 × 56 holding a shadowed triangle and a shadowed plain card.
    static func clippedScene(tree: PresentationTree, withChildren: Bool) throws -> [SceneSketch] {
        var clip = SceneSketch(1, 30, 20, 70, 56, background: Palette.blue)
        clip.cornerRadius = 14
        clip.masksToBounds = true
        var card = SceneSketch(3, 44, -6, 30, 20, background: Palette.white)
        card.shadow = (Palette.red, 1, (0, -8), 6)
        if withChildren { clip.sublayers = [try triangleLayer(slot: 2, at: (-20, -4), tree: tree), card] }
        return [clip]
    }

    @Test func shadowsStayInsideTheEnclosingClip() throws {
        let with = try render { tree in try Self.clippedScene(tree: tree, withChildren: true) }
        let without = try render { tree in try Self.clippedScene(tree: tree, withChildren: false) }
        var changedInside = 0
        for y in 0..<Self.canvas.height {
            for x in 0..<Self.canvas.width {
                let distance = CompositorProjectionTests.roundedRectDistance(
                    x: Double(x) + 0.5, y: Double(y) + 0.5, rect: (30, 20, 70, 56), radius: 14)
                let a = with.surface.pixel(x: x, y: y), b = without.surface.pixel(x: x, y: y)
                if distance > 0.75 { #expect(a == b, "pixel (\(x), \(y)) outside the clip changed") }
                if distance < -1 && a != b { changedInside += 1 }
            }
        }
        #expect(changedInside > 800)
    }

    /// Core Animation clips a layer's shadow with its content: a layer that masks to its bounds casts none
    /// (seed 003), so setting a shadow on it changes no pixel.
    @Test func aLayerMaskingToItsBoundsCastsNoShadow() throws {
        func scene(shadowed: Bool) -> [SceneSketch] {
            var card = SceneSketch(1, 30, 20, 50, 40, background: Palette.white)
            card.cornerRadius = 8
            card.masksToBounds = true
            if shadowed { card.shadow = (Palette.red, 1, (6, 8), 5) }
            return [card]
        }
        let shadowed = try render { _ in scene(shadowed: true) }
        let plain = try render { _ in scene(shadowed: false) }
        var differing = 0
        for y in 0..<Self.canvas.height {
            for x in 0..<Self.canvas.width where shadowed.surface.pixel(x: x, y: y) != plain.surface.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    /// A card with sublayers and an image, each casting the shadow of what it draws.
    static func silhouetteScene(tree: PresentationTree, childX: Double = 10) throws -> [SceneSketch] {
        var root = SceneSketch(0, 0, 0, 128, 96, background: Color(red: 200, green: 205, blue: 215))
        var triangle = try triangleLayer(slot: 1, at: (-6, 20), tree: tree)
        triangle.shadow = (Color(red: 0, green: 0, blue: 60), 0.9, (4, 5), 3)
        var group = SceneSketch(2, 66, 8, 40, 30)   // no background: the shadow is its sublayers'
        group.shadow = (Color(red: 0, green: 0, blue: 0), 0.8, (3, 4), 4)
        var dot = SceneSketch(3, childX, 6, 16, 16, background: Palette.red)
        dot.cornerRadius = 8
        group.sublayers = [dot, SceneSketch(4, 24, 14, 18, 22, background: Palette.green)]
        var picture = SceneSketch(5, 80, 56, 36, 28)
        picture.kind = .image
        picture.image = ImageContent(image: try tree.resources.add(try CompositorContentTests.testImage()), gravity: .resize)
        picture.shadow = (Color(red: 0, green: 0, blue: 0), 1, (-4, 4), 2)
        root.sublayers = [triangle, group, picture]
        return [root]
    }

    @Test func silhouetteShadowGoldens() throws {
        for (suffix, layout) in CompositorGoldenTests.layouts {
            let harness = try render({ tree in try Self.silhouetteScene(tree: tree) }, layout: layout)
            try expectGolden(harness.ppm, named: "shadow-silhouette-\(suffix)")
        }
    }

    /// Moving a sublayer of a shadowed layer moves its part of the shadow: the damage holds it, so the
    /// frame equals a full redraw.
    @Test func movingSublayerDamagesItsShadowToo() throws {
        var harness = try CompositorHarness(width: Self.canvas.width, height: Self.canvas.height)
        let tree = try PresentationTree(capacity: 64)
        try fill(tree, with: try Self.silhouetteScene(tree: tree), frame: 1)
        try harness.render(tree)
        let moved = try PresentationTree(capacity: 64)
        var scene = try Self.silhouetteScene(tree: moved, childX: 18)
        scene[0].sublayers[1].sublayers[0].stamp = 2
        try fill(moved, with: scene, frame: 2)
        try harness.render(moved)
        #expect(harness.damage.count > 0)
        #expect(harness.damageRects.allSatisfy { $0.width < Self.canvas.width })
        var fresh = try CompositorHarness(width: Self.canvas.width, height: Self.canvas.height)
        try fresh.render(moved)
        #expect(harness.pixels == fresh.pixels)
    }
}

/// The exact three-box blur the shadow renderer approximates in integers (zero outside the buffer).
enum ShadowTestsModel {
    static func boxBlur(_ alpha: [Double], width: Int, height: Int, plan: BoxBlurPlan) -> [Double] {
        var values = alpha
        for pass in 0..<3 {
            let half = plan.box(pass) / 2, scale = 1 / Double(plan.box(pass))
            var across = [Double](repeating: 0, count: values.count)
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0
                    for k in max(0, x - half)...min(width - 1, x + half) { sum += values[y * width + k] }
                    across[y * width + x] = sum * scale
                }
            }
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0
                    for k in max(0, y - half)...min(height - 1, y + half) { sum += across[k * width + x] }
                    values[y * width + x] = sum * scale
                }
            }
        }
        return values
    }
}

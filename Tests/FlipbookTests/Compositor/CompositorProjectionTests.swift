import Foundation
import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// 3-D layers in Core Animation's flattening model: clipped by enclosing `masksToBounds`, masked in their
/// own plane, nested 3-D sublayers projected into their superlayer's plane, moved by transitions. Golden
/// frames plus `Double` models of where projected corners land.
@Suite struct CompositorProjectionTests {
    static let canvas = (width: 128, height: 96)

    func render(_ scene: [SceneSketch], layout: PixelLayout = .xrgb8888) throws -> CompositorHarness {
        var harness = try CompositorHarness(width: Self.canvas.width, height: Self.canvas.height, layout: layout)
        try harness.render(try snapshot(scene))
        return harness
    }

    func renderGolden(_ scene: [SceneSketch], named name: String) throws {
        for (suffix, layout) in CompositorGoldenTests.layouts {
            let harness = try render(scene, layout: layout)
            try expectGolden(harness.ppm, named: "\(name)-\(suffix)")
        }
    }

    /// A rounded clip at (20, 14) 88 × 68 holding a turned card that reaches far beyond it.
    static func clippedScene(withCard: Bool) -> [SceneSketch] {
        var clip = SceneSketch(1, 20, 14, 88, 68, background: Palette.blue)
        clip.cornerRadius = 18
        clip.masksToBounds = true
        var card = SceneSketch(2, -20, 10, 130, 50, background: Palette.yellow)
        card.rotationY = 0.6
        card.perspective = 150
        card.sublayers = [SceneSketch(3, 10, 10, 30, 30, background: Palette.red)]
        if withCard { clip.sublayers = [card] }
        return [clip]
    }

    @Test func projectedLayerIsClippedByTheEnclosingRoundedClip() throws {
        let with = try render(Self.clippedScene(withCard: true))
        let without = try render(Self.clippedScene(withCard: false))
        var changedInside = 0
        for y in 0..<Self.canvas.height {
            for x in 0..<Self.canvas.width {
                let inside = Self.roundedRectDistance(x: Double(x) + 0.5, y: Double(y) + 0.5,
                                                      rect: (20, 14, 88, 68), radius: 18)
                let a = with.surface.pixel(x: x, y: y), b = without.surface.pixel(x: x, y: y)
                if inside > 0.75 { #expect(a == b, "pixel (\(x), \(y)) outside the clip changed") }
                if inside < -1 && a != b { changedInside += 1 }
            }
        }
        #expect(changedInside > 1500, "the card shows inside the clip (\(changedInside) pixels)")
        try renderGolden(Self.clippedScene(withCard: true), named: "perspective-clipped")
    }

    /// Signed distance from (x, y) to a rounded rectangle (x, y, width, height): positive outside.
    static func roundedRectDistance(x: Double, y: Double, rect: (Double, Double, Double, Double), radius: Double) -> Double {
        let cx = rect.0 + rect.2 / 2, cy = rect.1 + rect.3 / 2
        let qx = abs(x - cx) - (rect.2 / 2 - radius), qy = abs(y - cy) - (rect.3 / 2 - radius)
        let outside = hypot(max(qx, 0), max(qy, 0))
        return outside + min(max(qx, qy), 0) - radius
    }

    /// A turned card whose mask (in the card's own plane) keeps only its left half.
    static func maskedScene() -> [SceneSketch] {
        var card = SceneSketch(1, 24, 16, 80, 64, background: Palette.green)
        card.rotationY = -0.7
        card.perspective = 180
        card.sublayers = [SceneSketch(2, 50, 8, 24, 48, background: Palette.red)]
        card.mask = [SceneSketch(10, 0, 0, 40, 64, background: Palette.white)]
        return [card]
    }

    @Test func maskIsAppliedInTheLayersOwnPlane() throws {
        let harness = try render(Self.maskedScene())
        let card = Self.maskedScene()[0]
        let world = try #require(card.matrix3D(world: .translation(24, 16), local: .translation(24, 16), parent3D: nil))
        let background = harness.surface.pixel(x: 0, y: 0)
        var kept = 0, cut = 0
        // Sample the card's plane: points left of the mask edge (x < 40) keep the green, right of it nothing.
        for v in stride(from: 4.0, through: 60, by: 4) {
            for u in [6.0, 18, 30, 50, 62, 74] {
                let (x, y) = Self.project(u, v, through: world)
                let pixel = try #require(harness.surface.pixel(x: Int(x), y: Int(y)))
                if u < 40 {
                    #expect(pixel & 0xFF_FFFF == 0x40_AA5A, "plane point (\(u), \(v)) at (\(x), \(y)) should be green")
                    kept += 1
                } else {
                    #expect(pixel == background, "plane point (\(u), \(v)) at (\(x), \(y)) is masked out")
                    cut += 1
                }
            }
        }
        #expect(kept > 0 && cut > 0)
        try renderGolden(Self.maskedScene(), named: "perspective-masked")
    }

    /// (u, v, 0, 1) × m, divided by w.
    static func project(_ u: Double, _ v: Double, through m: ReferenceMatrix) -> (Double, Double) {
        let x = u * m[0][0] + v * m[1][0] + m[3][0], y = u * m[0][1] + v * m[1][1] + m[3][1]
        let w = u * m[0][3] + v * m[1][3] + m[3][3]
        return (x / w, y / w)
    }

    /// A turned panel holding a sublayer turned the other way with its own, stronger perspective.
    static func nestedScene() -> [SceneSketch] {
        var panel = SceneSketch(1, 14, 10, 100, 76, background: Palette.blue)
        panel.rotationY = 0.5
        panel.perspective = 300
        var leaf = SceneSketch(2, 30, 14, 44, 48, background: Palette.red)
        leaf.rotationY = -1.0
        leaf.perspective = 90
        leaf.sublayers = [SceneSketch(3, 4, 4, 12, 12, background: Palette.white)]
        panel.sublayers = [leaf]
        return [panel]
    }

    /// The flattening model in `Double`: the leaf's corners through its local matrix into the panel's plane
    /// (dropping z), then through the panel's world matrix.
    static func flattenedLeafCorners() -> [(Double, Double)] {
        let scene = nestedScene()
        let panel = scene[0], leaf = panel.sublayers[0]
        let panelWorld = panel.matrix3D(world: .translation(14, 10), local: .translation(14, 10), parent3D: nil)!
        let leafLocal = leaf.matrix3D(world: .translation(30, 14), local: .translation(30, 14), parent3D: nil)!
        return [(0.0, 0.0), (44, 0), (44, 48), (0, 48)].map { corner in
            let (x, y) = project(corner.0, corner.1, through: leafLocal)
            return project(x, y, through: panelWorld)
        }
    }

    @Test func nestedThreeDimensionalLayerIsFlattenedIntoItsSuperlayersPlane() throws {
        let harness = try render(Self.nestedScene())
        let corners = Self.flattenedLeafCorners()
        // The red leaf's pixels: their bounding box is the box of the flattened corners, ±1 pixel.
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in 0..<Self.canvas.height {
            for x in 0..<Self.canvas.width {
                let pixel = harness.surface.pixel(x: x, y: y)!
                let red = (pixel >> 16) & 0xFF, blue = pixel & 0xFF
                if red > 180 && blue < 80 { minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x + 1); maxY = max(maxY, y + 1) }
            }
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        print("flattened leaf corners \(corners); red pixels x \(minX) ..< \(maxX), y \(minY) ..< \(maxY)")
        #expect(abs(Double(minX) - xs.min()!) <= 1.5 && abs(Double(maxX) - xs.max()!) <= 1.5)
        #expect(abs(Double(minY) - ys.min()!) <= 1.5 && abs(Double(maxY) - ys.max()!) <= 1.5)
        try renderGolden(Self.nestedScene(), named: "perspective-nested")
    }

    @Test func planeMapOfANestedLayerMatchesTheLocalMatrix() throws {
        var generator = CompositorRandom(seed: 0x3D3D_2026)
        print("PlaneMap.relative seed 0x3D3D2026")
        for _ in 0..<40 {
            var parent = SceneSketch(1, .random(in: 0...60, using: &generator), .random(in: 0...40, using: &generator), 90, 70)
            parent.rotationY = .random(in: -1.2...1.2, using: &generator)
            parent.perspective = .random(in: 120...800, using: &generator)
            var child = SceneSketch(2, .random(in: -20...50, using: &generator), .random(in: -20...30, using: &generator), 40, 36)
            child.rotationY = .random(in: -1.2...1.2, using: &generator)
            child.perspective = .random(in: 80...600, using: &generator)
            let parentLocal = ReferenceAffine.translation(parent.frame.x, parent.frame.y)
            let childLocal = ReferenceAffine.translation(child.frame.x, child.frame.y)
            let parentWorld = parent.matrix3D(world: parentLocal, local: parentLocal, parent3D: nil)!
            let childWorld = child.matrix3D(world: parentLocal.concatenating(childLocal), local: childLocal,
                                            parent3D: parentWorld)!
            let local = child.matrix3D(world: childLocal, local: childLocal, parent3D: nil)!
            let map = try #require(PlaneMap.relative(child: try fixedTransform3D(childWorld),
                                                     parent: try fixedTransform3D(parentWorld)))
            for (u, v) in [(0.0, 0.0), (40, 0), (40, 36), (0, 36), (20, 18)] {
                let expected = Self.project(u, v, through: local)
                let w = u * Double(map.m[0][2]) + v * Double(map.m[1][2]) + Double(map.m[2][2])
                #expect(w > 0)
                let x = (u * Double(map.m[0][0]) + v * Double(map.m[1][0]) + Double(map.m[2][0])) / w
                let y = (u * Double(map.m[0][1]) + v * Double(map.m[1][1]) + Double(map.m[2][1])) / w
                #expect(abs(x - expected.0) < 1.0 / 64 && abs(y - expected.1) < 1.0 / 64,
                        "(\(u), \(v)) → (\(x), \(y)), expected \(expected)")
            }
            #expect(!map.isAffine(width: 40, height: 36))
        }
    }

    /// A push transition on a turned card at progress 0.4: the incoming side comes from the left.
    static func pushScene() throws -> [SceneSketch] {
        var pair = try CompositorGoldenTests.transitionPair(.push, .fromLeft, progress: 0.4)
        for index in pair.indices {
            pair[index].rotationY = 0.5
            pair[index].perspective = 250
        }
        return pair
    }

    @Test func threeDimensionalLayersSlideWithTheirTransition() throws {
        let harness = try render(try Self.pushScene())
        let card = try Self.pushScene()[1]
        let world = try #require(card.matrix3D(world: .translation(24, 16), local: .translation(24, 16), parent3D: nil))
        // Incoming content sits at layer x − 0.6 · 80 = x − 48; its red sublayer (layer x 20 … 60, y 20 … 44)
        // now spans −28 … 12, partly off the canvas.
        for (u, v) in [(0.0, 24.0), (5, 30), (10, 40)] {
            let (x, y) = Self.project(u, v, through: world)
            let pixel = try #require(harness.surface.pixel(x: Int(x), y: Int(y)))
            #expect(pixel & 0xFF_FFFF == 0xDC_322F, "incoming sublayer point (\(u), \(v)) at (\(x), \(y))")
        }
        // Outgoing content moved right by 0.4 · 80 = 32: its blue shows at layer x 60 + 32.
        let (x, y) = Self.project(60 + 32, 32, through: world)
        #expect(try #require(harness.surface.pixel(x: Int(x), y: Int(y))) & 0xFF_FFFF == 0x26_8BD2)
        try renderGolden(try Self.pushScene(), named: "perspective-push")
    }

    /// A turning card (its subtree with a nested 3-D leaf) in a corner of the canvas, at angle `angle`.
    static func turningScene(angle: Double, stamp: UInt32) -> [SceneSketch] {
        var still = SceneSketch(1, 70, 50, 40, 30, background: Palette.green)
        still.stamp = 1
        var card = SceneSketch(2, 8, 8, 48, 36, background: Palette.blue)
        card.rotationY = angle
        card.perspective = 160
        card.stamp = stamp
        var leaf = SceneSketch(3, 10, 6, 20, 20, background: Palette.red)
        leaf.rotationY = -angle
        leaf.perspective = 80
        leaf.stamp = stamp
        card.sublayers = [leaf]
        return [still, card]
    }

    /// Damage of a changing 3-D layer is its projected extent, not the canvas, and holds every changed pixel.
    @Test func turningLayerDamagesOnlyItsProjectedExtent() throws {
        var harness = try CompositorHarness(width: Self.canvas.width, height: Self.canvas.height)
        try harness.render(try snapshot(Self.turningScene(angle: 0.3, stamp: 1)))
        for (step, angle) in [0.5, 0.9, -0.6, 1.3].enumerated() {
            let tree = try snapshot(Self.turningScene(angle: angle, stamp: UInt32(step + 2)), frame: UInt32(step + 2))
            try harness.render(tree)
            let damaged = harness.damageRects
            #expect(!damaged.isEmpty)
            for rect in damaged {
                #expect(rect.maxX <= 64 && rect.maxY <= 52, "damage \(rect) reaches beyond the card's corner of the canvas")
            }
            var fresh = try CompositorHarness(width: Self.canvas.width, height: Self.canvas.height)
            try fresh.render(tree)
            #expect(harness.pixels == fresh.pixels, "frame at angle \(angle) equals a full redraw")
        }
    }
}

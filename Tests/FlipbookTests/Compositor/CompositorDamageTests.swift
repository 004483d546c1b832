import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Damage tracking: what a frame redraws, and that nothing outside it is touched.
@Suite struct CompositorDamageTests {
    static let card = SceneSketch(2, 40, 30, 60, 40, background: Palette.blue)

    static func scene(cardX: Double, stamp: UInt32) -> [SceneSketch] {
        var card = SceneSketch(2, cardX, 30, 20, 10, background: Palette.yellow)
        card.stamp = stamp
        var root = SceneSketch(1, 0, 0, 160, 120, background: Palette.green)
        root.sublayers = [SceneSketch(3, 100, 70, 40, 30, background: Palette.red), card]
        return [root]
    }

    @Test func firstFrameDamagesTheWholeCanvas() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        try harness.render(try snapshot(Self.scene(cardX: 10, stamp: 1)))
        #expect(harness.damageRects == [IntRect(x: 0, y: 0, width: 160, height: 120)])
    }

    @Test func staticSceneDamagesAndWritesNothing() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        let tree = try snapshot(Self.scene(cardX: 10, stamp: 1))
        try harness.render(tree)
        let before = harness.pixels
        harness.surface.fill(IntRect(x: 0, y: 0, width: 160, height: 120), color: Color(red: 1, green: 2, blue: 3).premultiplied())
        let sentinel = harness.pixels
        try fill(tree, with: Self.scene(cardX: 10, stamp: 1), frame: 2)
        try harness.render(tree)
        #expect(harness.damage.isEmpty)
        #expect(harness.pixels == sentinel)
        #expect(before != sentinel)
    }

    @Test func movingLayerDamagesItsOldAndNewPixelsOnly() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        let tree = try snapshot(Self.scene(cardX: 10.5, stamp: 1))
        try harness.render(tree)
        let first = harness.pixels
        try fill(tree, with: Self.scene(cardX: 50.25, stamp: 2), frame: 2)
        try harness.render(tree)
        // Old: x 10.5 … 30.5 → columns 10 ..< 31; new: 50.25 … 70.25 → 50 ..< 71; rows 30 ..< 40.
        #expect(harness.damageRects == [IntRect(x: 10, y: 30, width: 21, height: 10),
                                        IntRect(x: 50, y: 30, width: 21, height: 10)])
        let second = harness.pixels
        var reference = try CompositorHarness(width: 160, height: 120)
        try reference.render(try snapshot(Self.scene(cardX: 50.25, stamp: 2)))
        let fresh = reference.pixels
        for y in 0..<120 {
            for x in 0..<160 {
                let inside = harness.damageRects.contains { $0.contains(x: x, y: y) }
                if !inside { #expect(second[y * 160 + x] == first[y * 160 + x], "pixel (\(x), \(y)) outside damage changed") }
                #expect(second[y * 160 + x] == fresh[y * 160 + x], "pixel (\(x), \(y)) differs from a full redraw")
            }
        }
    }

    @Test func overlappingMovesMergeIntoOneRectangle() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        let tree = try snapshot(Self.scene(cardX: 10, stamp: 1))
        try harness.render(tree)
        try fill(tree, with: Self.scene(cardX: 14, stamp: 2), frame: 2)
        try harness.render(tree)
        #expect(harness.damageRects == [IntRect(x: 10, y: 30, width: 24, height: 10)])
    }

    @Test func hidingALayerDamagesWhereItWas() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        let tree = try snapshot(Self.scene(cardX: 10, stamp: 1))
        try harness.render(tree)
        var scene = Self.scene(cardX: 10, stamp: 1)
        scene[0].sublayers[0].isHidden = true
        scene[0].sublayers[0].stamp = 2
        try fill(tree, with: scene, frame: 2)
        try harness.render(tree)
        #expect(harness.damageRects == [IntRect(x: 100, y: 70, width: 40, height: 30)])
        #expect(harness.surface.color(x: 120, y: 85) == harness.surface.color(x: 5, y: 5))
    }

    @Test func parentOpacityChangeDamagesItsWholeSubtree() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        var parent = SceneSketch(5, 20, 20, 40, 40, background: Palette.blue)
        parent.sublayers = [SceneSketch(6, 50, 50, 30, 30, background: Palette.red)]  // reaches outside
        let tree = try snapshot([parent])
        try harness.render(tree)
        parent.opacity = 0.5
        parent.stamp = 2
        try fill(tree, with: [parent], frame: 2)
        try harness.render(tree)
        #expect(harness.damageRects.count == 2)
        #expect(harness.damageRects.contains(IntRect(x: 20, y: 20, width: 40, height: 40)))
        #expect(harness.damageRects.contains(IntRect(x: 70, y: 70, width: 30, height: 30)))
    }

    @Test func maskChangeDamagesTheMaskedSubtree() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        var masked = SceneSketch(5, 20, 20, 60, 40, background: Palette.blue)
        masked.sublayers = [SceneSketch(6, 50, 30, 40, 30, background: Palette.red)]  // reaches (70 … 110, 50 … 80)
        var capsule = SceneSketch(7, 0, 0, 60, 40, background: Palette.white)
        capsule.cornerRadius = 20
        masked.mask = [capsule]
        let tree = try snapshot([masked])
        try harness.render(tree)
        masked.mask[0].cornerRadius = 5
        masked.mask[0].stamp = 2  // only the mask changed
        try fill(tree, with: [masked], frame: 2)
        try harness.render(tree)
        #expect(harness.damageRects.count == 2)
        #expect(harness.damageRects.contains(IntRect(x: 20, y: 20, width: 60, height: 40)))
        #expect(harness.damageRects.contains(IntRect(x: 70, y: 50, width: 40, height: 30)))
    }

    @Test func transitionProgressDamagesBothSides() throws {
        var harness = try CompositorHarness(width: 160, height: 120)
        let tree = try snapshot(try CompositorGoldenTests.transitionPair(.fade, .fromLeft, progress: 0.25))
        try harness.render(tree)
        try fill(tree, with: try CompositorGoldenTests.transitionPair(.fade, .fromLeft, progress: 0.5), frame: 2)
        try harness.render(tree)  // same stamps, new progress
        #expect(harness.damageRects == [IntRect(x: 24, y: 16, width: 80, height: 64)])
    }
}


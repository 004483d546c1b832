import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Golden frames: one small scene per layer feature, compared byte for byte with committed PPMs
/// (`FLIPBOOK_REGENERATE_GOLDEN=1` rewrites them), in XRGB8888 and RGB565.
@Suite struct CompositorGoldenTests {
    static let layouts: [(String, PixelLayout)] = [("xrgb8888", .xrgb8888), ("rgb565", .rgb565)]

    func render(_ scene: [SceneSketch], named name: String) throws {
        for (suffix, layout) in Self.layouts {
            var harness = try CompositorHarness(width: 128, height: 96, layout: layout)
            try harness.render(try snapshot(scene))
            try expectGolden(harness.ppm, named: "\(name)-\(suffix)")
        }
    }

    @Test func roundedCornersAndBorders() throws {
        var plain = SceneSketch(1, 8, 8, 50, 36, background: Palette.blue)
        plain.cornerRadius = 10
        var bordered = SceneSketch(2, 66, 8, 54, 36, background: Palette.yellow)
        bordered.cornerRadius = 12
        bordered.borderWidth = 4
        bordered.borderColor = Palette.red
        var thick = SceneSketch(3, 8.5, 52.25, 40, 36, background: nil)
        thick.cornerRadius = 6
        thick.borderWidth = 9  // inner radius max(0, 6 − 9) = 0: square inner corners
        thick.borderColor = Palette.green
        var rotated = SceneSketch(4, 70, 54, 40, 28, background: Palette.translucentMagenta)
        rotated.rotation = 0.5
        rotated.cornerRadius = 8
        rotated.borderWidth = 2
        rotated.borderColor = Palette.white
        try render([plain, bordered, thick, rotated], named: "rounded-border")
    }

    @Test func groupOpacityFadesTheSubtreeAsOneImage() throws {
        var group = SceneSketch(1, 10, 10, 70, 60, background: Palette.blue)
        group.opacity = 0.5
        group.sublayers = [SceneSketch(2, 30, 20, 60, 50, background: Palette.red),
                           SceneSketch(3, 50, 40, 60, 40, background: Palette.yellow)]
        var single = SceneSketch(4, 96, 8, 24, 24, background: Palette.green)
        single.opacity = 0.4
        try render([group, single], named: "group-opacity")
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() throws {
        var clip = SceneSketch(1, 14, 12, 100, 72, background: Palette.blue)
        clip.cornerRadius = 24
        clip.masksToBounds = true
        var child = SceneSketch(2, -20, 30, 80, 60, background: Palette.yellow)
        child.rotation = 0.3
        clip.sublayers = [child, SceneSketch(3, 70, -10, 50, 40, background: Palette.red)]
        clip.borderWidth = 3
        clip.borderColor = Palette.white
        try render([clip], named: "masks-to-bounds")
    }

    @Test func maskLayerAlphaMultipliesTheLayer() throws {
        var masked = SceneSketch(1, 16, 8, 96, 80, background: Palette.red)
        masked.sublayers = [SceneSketch(2, 48, 0, 48, 80, background: Palette.blue)]
        // The mask: an opaque capsule, plus a faint bar (a sublayer of the mask) across the bottom.
        var capsule = SceneSketch(10, 8, 8, 80, 64, background: Color(red: 0, green: 0, blue: 0, alpha: 255))
        capsule.cornerRadius = 32
        capsule.sublayers = [SceneSketch(11, -8, 52, 96, 20, background: Color(red: 0, green: 0, blue: 0, alpha: 96))]
        masked.mask = [capsule]
        try render([masked], named: "mask-layer")
    }

    @Test func threeDimensionalRotationIsProjectedWithPerspective() throws {
        var card = SceneSketch(1, 24, 16, 80, 64, background: Palette.blue)
        card.cornerRadius = 10
        card.borderWidth = 3
        card.borderColor = Palette.white
        card.rotationY = 0.8
        card.perspective = 200
        card.sublayers = [SceneSketch(2, 10, 10, 30, 20, background: Palette.yellow)]
        try render([card], named: "perspective")
    }

    static func transitionPair(_ type: TransitionType, _ subtype: TransitionSubtype, progress: Double) throws -> [SceneSketch] {
        let p = Progress(raw: Int32((progress * 32768).rounded()))
        var old = SceneSketch(1, 24, 16, 80, 64, background: Palette.blue)
        old.transition = TransitionFrame(type: type, subtype: subtype, progress: p, role: .outgoing)
        var new = SceneSketch(1, 24, 16, 80, 64, background: Palette.yellow)
        new.cornerRadius = 12
        new.sublayers = [SceneSketch(2, 20, 20, 40, 24, background: Palette.red)]
        new.transition = TransitionFrame(type: type, subtype: subtype, progress: p, role: .incoming)
        return [old, new]
    }

    @Test(arguments: [(TransitionType.push, TransitionSubtype.fromLeft, "push-left"),
                      (.moveIn, .fromTop, "movein-top"), (.reveal, .fromRight, "reveal-right"),
                      (.fade, .fromLeft, "fade")])
    func transitionsAtThirtyPercent(type: TransitionType, subtype: TransitionSubtype, name: String) throws {
        try render(try Self.transitionPair(type, subtype, progress: 0.3), named: "transition-\(name)")
    }
}

import CMallocCounter
import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Zero heap allocations per rendered frame after warm-up, with every compositing path busy: groups,
/// clips, masks, borders, rotation, push and fade transitions, shapes with trimmed strokes, images, shadows
/// (rounded-bounds and silhouette), and 3-D layers drawn through perspective (inside a clip, masked, nested,
/// in a push transition).
@Suite struct CompositorAllocationTests {
    /// A scene that exercises groups, clips, masks, borders, rotation and a push transition; `step`
    /// moves and fades things so every frame has damage.
    static func scene(step: Int) throws -> [SceneSketch] {
        let t = Double(step % 120) / 120
        var group = SceneSketch(1, 10 + 40 * t, 10, 80, 60, background: Palette.blue)
        group.opacity = 0.5 + 0.4 * t
        group.cornerRadius = 12
        group.masksToBounds = true
        group.borderWidth = 2
        group.borderColor = Palette.white
        var spinner = SceneSketch(2, 20, 20, 50, 30, background: Palette.yellow)
        spinner.rotation = 6.28 * t
        group.sublayers = [spinner]
        group.stamp = UInt32(step + 1)
        var masked = SceneSketch(3, 120, 20, 60, 60, background: Palette.red)
        var capsule = SceneSketch(30, 0, 10 * t, 60, 40, background: Palette.white)
        capsule.cornerRadius = 20
        capsule.stamp = UInt32(step + 1)
        masked.mask = [capsule]
        let pair = try CompositorGoldenTests.transitionPair(.push, .fromBottom, progress: t)
        var moved = pair.map { side -> SceneSketch in
            var side = side
            side.frame.x += 100
            side.frame.y += 80
            side.stamp = UInt32(step + 1)
            return side
        }
        moved[1].sublayers[0].stamp = UInt32(step + 1)
        var fade = try CompositorGoldenTests.transitionPair(.fade, .fromLeft, progress: t)
        for index in fade.indices { fade[index].slot = 40; fade[index].frame.y += 90 }
        fade[1].sublayers[0].slot = 41
        var star = SceneSketch(50, 190, 100, 40, 40)
        star.kind = .shape
        star.shape.path = PathID(index: 0)
        star.shape.fillColor = Palette.yellow
        star.shape.strokeColor = Palette.red
        star.shape.lineWidth = Fixed(3)
        star.shape.strokeEnd = Fixed(raw: Int32(65_536 * (0.2 + 0.8 * t)))
        star.rotation = t
        star.stamp = UInt32(step + 1)
        var picture = SceneSketch(51, 190, 10, 40, 30, background: Palette.white)
        picture.kind = .image
        picture.image = ImageContent(image: ImageID(index: 0), gravity: .resizeAspectFill)
        picture.masksToBounds = true
        picture.shadow = (Color(red: 0, green: 0, blue: 0), 0.6, (2, 3), 4 + 4 * t)
        picture.stamp = UInt32(step + 1)
        var flip = SceneSketch(52, 150, 120, 40, 30, background: Palette.green)
        flip.rotationY = 0.2 + 1.2 * t
        flip.perspective = 300
        flip.sublayers = [SceneSketch(53, 5, 5, 12, 8, background: Palette.white)]
        flip.stamp = UInt32(step + 1)
        star.shadow = (Color(red: 0, green: 0, blue: 0), 0.7, (3, 4), 2 + 3 * t)  // a silhouette shadow
        // A 3-D card inside a rounded clip, masked in its plane, holding a 3-D sublayer of its own.
        var clip = SceneSketch(54, 10, 120, 70, 50, background: Palette.blue)
        clip.cornerRadius = 10
        clip.masksToBounds = true
        clip.stamp = UInt32(step + 1)
        var card = SceneSketch(55, -10, 5, 90, 40, background: Palette.yellow)
        card.rotationY = 0.3 + 0.6 * t
        card.perspective = 200
        card.mask = [SceneSketch(56, 0, 0, 60, 40, background: Palette.white)]
        var leaf = SceneSketch(57, 20, 5, 30, 30, background: Palette.red)
        leaf.rotationY = -0.4 - 0.5 * t
        leaf.perspective = 120
        leaf.shadow = (Color(red: 0, green: 0, blue: 0), 0.5, (2, 2), 3)
        leaf.sublayers = [SceneSketch(58, 4, 4, 10, 10, background: Palette.white)]
        card.sublayers = [leaf]
        clip.sublayers = [card]
        // A push transition between two 3-D sides.
        var turned = try CompositorGoldenTests.transitionPair(.push, .fromRight, progress: t)
        for index in turned.indices {
            turned[index].slot = 60
            turned[index].frame = (x: 130, y: 40, width: 60, height: 44)
            turned[index].rotationY = 0.5
            turned[index].perspective = 250
            turned[index].stamp = UInt32(step + 1)
        }
        turned[1].sublayers[0].slot = 61
        return [group, masked] + moved + fade + [star, picture, flip, clip] + turned
    }

    /// A tree with the star path and the test image registered (`PathID(0)`, `ImageID(0)`).
    static func tree() throws -> PresentationTree {
        let tree = try PresentationTree(capacity: 64)
        _ = try tree.resources.add(try SVGPathParser.parse("M20 1 L32 39 L1 15 L39 15 L8 39 Z"))
        _ = try tree.resources.add(try CompositorContentTests.testImage())
        return tree
    }

    /// 600 frames after warm-up, counted by the per-thread malloc counter, must allocate nothing.
    @Test func renderingAllocatesNothingAfterWarmUp() throws {
        var harness = try CompositorHarness(width: 240, height: 180)
        let frames = try (0..<120).map { step in
            let tree = try Self.tree()
            try fill(tree, with: try Self.scene(step: step), frame: UInt32(step + 1))
            return tree
        }
        for frame in frames.prefix(10) { try harness.render(frame) }
        var frameNumber: UInt32 = 10
        let before = cmc_allocation_count()
        for _ in 0..<5 {
            for index in 0..<frames.count {  // indexing: a debug-build `for in` over classes counts mallocs
                let frame = frames[index]
                frameNumber &+= 1
                frame.header.pointee.frameNumber = frameNumber
                try harness.render(frame)
            }
        }
        #expect(cmc_allocation_count() - before == 0, "allocations over 600 frames")
    }
}

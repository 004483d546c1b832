import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Bad setup and bad frames are typed errors naming the problem.
@Suite struct CompositorValidationTests {
    @Test(arguments: [
        (CompositorConfiguration(width: 0, height: 10, layout: .xrgb8888), CompositorError.invalidConfiguration(field: "width", value: 0, minimum: 1, maximum: Surface.maximumDimension)),
        (CompositorConfiguration(width: 10, height: 20_000, layout: .xrgb8888), .invalidConfiguration(field: "height", value: 20_000, minimum: 1, maximum: Surface.maximumDimension)),
        (CompositorConfiguration(width: 10, height: 10, layout: .xrgb8888, layerCapacity: 0), .invalidConfiguration(field: "layerCapacity", value: 0, minimum: 1, maximum: 65_535)),
        (CompositorConfiguration(width: 10, height: 10, layout: .xrgb8888, groupDepth: 17), .invalidConfiguration(field: "groupDepth", value: 17, minimum: 1, maximum: 16)),
        (CompositorConfiguration(width: 10, height: 10, layout: .xrgb8888, coverageDepth: 0), .invalidConfiguration(field: "coverageDepth", value: 0, minimum: 1, maximum: 16)),
        (CompositorConfiguration(width: 10, height: 10, layout: .a8), .unsupportedLayout(bitsPerPixel: 8)),
    ])
    func badConfigurationIsRefused(configuration: CompositorConfiguration, expected: CompositorError) {
        #expect(throws: expected) { _ = try Compositor(configuration: configuration) }
    }

    @Test func surfaceOfAnotherSizeOrLayoutIsRefused() throws {
        var compositor = try Compositor(configuration: CompositorConfiguration(width: 32, height: 24, layout: .xrgb8888))
        let tree = try snapshot([SceneSketch(1, 0, 0, 8, 8, background: Palette.red)])
        var damage = DamageList()
        let small = try SurfaceStorage(width: 16, height: 24, layout: .xrgb8888)
        #expect(throws: CompositorError.surfaceSizeMismatch(width: 16, height: 24, expectedWidth: 32, expectedHeight: 24)) {
            try compositor.render(tree, into: small.surface, damage: &damage)
        }
        let other = try SurfaceStorage(width: 32, height: 24, layout: .rgb565)
        #expect(throws: CompositorError.surfaceLayoutMismatch(bitsPerPixel: 16, expectedBitsPerPixel: 32)) {
            try compositor.render(tree, into: other.surface, damage: &damage)
        }
    }

    @Test func layerSlotBeyondTheCapacityIsRefused() throws {
        var compositor = try Compositor(configuration: CompositorConfiguration(
            width: 32, height: 24, layout: .xrgb8888, layerCapacity: 4))
        let storage = try SurfaceStorage(width: 32, height: 24, layout: .xrgb8888)
        var damage = DamageList()
        let tree = try snapshot([SceneSketch(9, 0, 0, 8, 8, background: Palette.red)])
        #expect(throws: CompositorError.layerSlotOutOfRange(slot: 9, capacity: 4)) {
            try compositor.render(tree, into: storage.surface, damage: &damage)
        }
    }

    @Test func groupsNestedDeeperThanThePoolAreATypedError() throws {
        var harness = try CompositorHarness(width: 64, height: 48, groupDepth: 1)
        var outer = SceneSketch(1, 0, 0, 40, 40, background: Palette.blue)
        outer.opacity = 0.5
        var inner = SceneSketch(2, 5, 5, 20, 20, background: Palette.red)
        inner.opacity = 0.5
        inner.sublayers = [SceneSketch(3, 2, 2, 8, 8, background: Palette.yellow)]
        outer.sublayers = [inner]
        #expect(throws: CompositorError.offscreenPoolExhausted(kind: .group, depth: 1)) {
            try harness.render(try snapshot([outer]))
        }
    }

    @Test func outlineBeyondTheRasterizerRangeIsATypedError() throws {
        var harness = try CompositorHarness(width: 64, height: 48)
        var huge = SceneSketch(1, 0, 0, 30_000, 30_000, background: Palette.blue)
        huge.rotation = 0.1
        var scaled = [huge]
        scaled[0].sublayers = [SceneSketch(2, 0, 0, 10, 10, background: Palette.red)]
        let tree = try snapshot(scaled)
        // Scale the world transform far past the rasterizer's ±4 194 304 px.
        tree.storage[0].transform.a = Fixed(raw: Int32.max)
        do {
            try harness.render(tree)
            Issue.record("an outline 983 million pixels wide was drawn")
        } catch let error as CompositorError {
            guard case .geometry(.coordinateOutOfRange) = error else {
                Issue.record("expected coordinateOutOfRange, got \(error)")
                return
            }
        }
    }
}

import CMallocCounter
import FlipbookScenes
import FlipbookSim
import ImageCodecs
import Raster
import Testing

/// `SceneRenderer.render(atMicros:into:damage:)`: drawing into a caller's surface (a display's back buffer).
@Suite("Scene rendering into a caller's surface")
struct SceneRendererSurfaceTests {
    /// A demo's scene and a renderer for it at the scene's size in `layout`.
    func makeRenderer(_ name: String, layout: PixelLayout = .xrgb8888) throws -> (SceneDescription, SceneRenderer) {
        let demo = try #require(DemoGallery.demo(named: name))
        let scene = try demo.makeScene()
        let renderer = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: layout,
                                         script: demo.makeScript?())
        return (scene, renderer)
    }

    /// After 60 warm-up frames, 300 frames of the wave-fill demo (a keyframed path, a moving layer, all
    /// animating) drawn into the caller's surface make no heap allocation on this thread.
    @Test func threeHundredFramesAllocateNothing() throws {
        let (scene, renderer) = try makeRenderer("wave-fill")
        let storage = try SurfaceStorage(width: scene.width, height: scene.height, layout: .xrgb8888)
        var damage = DamageList()
        var micros: Int64 = 0
        var damagedFrames = 0
        for _ in 0..<60 {
            micros += 16_667
            try renderer.render(atMicros: micros, into: storage.surface, damage: &damage)
        }
        let before = cmc_allocation_count()
        for _ in 0..<300 {
            micros += 13_333  // 300 frames cover 4 s of the 5 s scene: the waves ripple and rise
            try renderer.render(atMicros: micros, into: storage.surface, damage: &damage)
            if !damage.isEmpty { damagedFrames += 1 }
        }
        let allocations = cmc_allocation_count() - before
        #expect(allocations == 0)
        #expect(damagedFrames > 0)  // the frames really drew something…
        let (_, reference) = try makeRenderer("wave-fill")
        try reference.render(atMicros: micros)
        #expect(PixelImage(surface: storage.surface) == reference.capture())  // …and the right thing
    }

    /// Frames drawn into a caller's surface, each with only its damage redrawn, equal byte for byte the
    /// frames `render(atMicros:)` + `capture()` gives (through a fresh comparison renderer), in both formats.
    @Test(arguments: [("like-button", PixelLayout.xrgb8888), ("menu-morph", .rgb565), ("scrubbing", .xrgb8888)])
    func framesEqualCapture(name: String, layout: PixelLayout) throws {
        let (scene, direct) = try makeRenderer(name, layout: layout)
        let (_, captured) = try makeRenderer(name, layout: layout)
        let storage = try SurfaceStorage(width: scene.width, height: scene.height, layout: layout)
        var damage = DamageList()
        var partialFrames = 0
        for frame in 0..<Int64(40) {
            let micros = frame * 80_000
            try direct.render(atMicros: micros, into: storage.surface, damage: &damage)
            try captured.render(atMicros: micros)
            if frame > 0, !damage.isEmpty, damage.listedArea < scene.width * scene.height { partialFrames += 1 }
            let mine = PixelImage(surface: storage.surface)
            #expect(mine == captured.capture(), "frame \(frame) at \(micros) µs differs")
            if mine != captured.capture() { break }
        }
        #expect(partialFrames > 0)  // damage-only redraws were exercised, not just full frames
    }

    /// `invalidate()` makes the next frame redraw the whole canvas (for a surface that does not hold the last
    /// frame); without it an unchanged frame damages nothing.
    @Test func invalidateRedrawsWholeCanvas() throws {
        let (scene, renderer) = try makeRenderer("layer-basics")
        let first = try SurfaceStorage(width: scene.width, height: scene.height, layout: .xrgb8888)
        let second = try SurfaceStorage(width: scene.width, height: scene.height, layout: .xrgb8888)
        var damage = DamageList()
        try renderer.render(atMicros: 100_000, into: first.surface, damage: &damage)
        #expect(damage.count == 1 && damage[0] == first.surface.bounds)  // the first frame is whole
        try renderer.render(atMicros: 100_000, into: first.surface, damage: &damage)
        #expect(damage.isEmpty)  // same time: nothing changed
        renderer.invalidate()
        try renderer.render(atMicros: 100_000, into: second.surface, damage: &damage)
        #expect(damage.count == 1 && damage[0] == second.surface.bounds)
        #expect(PixelImage(surface: first.surface) == PixelImage(surface: second.surface))
    }

    /// Alternating between the renderer's own display and a caller's surface keeps both right (each switch
    /// redraws the whole canvas, since the compositor's damage is relative to the last frame drawn).
    @Test func alternatingTargetsStayCorrect() throws {
        let (scene, renderer) = try makeRenderer("springs")
        let (_, reference) = try makeRenderer("springs")
        let storage = try SurfaceStorage(width: scene.width, height: scene.height, layout: .xrgb8888)
        var damage = DamageList()
        for frame in 0..<Int64(12) {
            let micros = frame * 150_000
            try reference.render(atMicros: micros)
            if frame % 3 == 0 {
                try renderer.render(atMicros: micros)
                #expect(renderer.capture() == reference.capture(), "frame \(frame)")
            } else {
                try renderer.render(atMicros: micros, into: storage.surface, damage: &damage)
                #expect(PixelImage(surface: storage.surface) == reference.capture(), "frame \(frame)")
            }
        }
    }

    /// A surface of another size or layout is refused with the compositor's error, nothing drawn.
    @Test func wrongSurfaceIsRefused() throws {
        let (scene, renderer) = try makeRenderer("layer-basics")
        let small = try SurfaceStorage(width: scene.width - 1, height: scene.height, layout: .xrgb8888)
        let other = try SurfaceStorage(width: scene.width, height: scene.height, layout: .rgb565)
        var damage = DamageList()
        var sizeRefused = false, layoutRefused = false
        do {
            try renderer.render(atMicros: 0, into: small.surface, damage: &damage)
        } catch {
            if case .compositor(.surfaceSizeMismatch(let width, _, let expected, _)) = error {
                sizeRefused = width == scene.width - 1 && expected == scene.width
            }
        }
        do {
            try renderer.render(atMicros: 0, into: other.surface, damage: &damage)
        } catch {
            if case .compositor(.surfaceLayoutMismatch(16, 32)) = error { layoutRefused = true }
        }
        #expect(sizeRefused)
        #expect(layoutRefused)
    }
}

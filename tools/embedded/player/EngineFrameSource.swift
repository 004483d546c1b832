import FixedPoint
import Flipbook
import FlipbookScenes
import Motion
import Raster

/// Frames drawn by the real engine from a demo's JSON: `LoadedScene` decodes the scene text of
/// `FlipbookScenes`' gallery (the same text as `examples/<name>.json`) and builds it into an engine;
/// `Engine.advance(to:)` fills the presentation snapshot, and `Compositor.render` draws its damaged rectangles
/// into the player's surface (which keeps the previous frame, as a display's back buffer does). Each frame
/// follows `SceneRenderer`: script steps due, `advance`, `deliverCallbacks`, `render`.
struct EngineFrameSource: ~Copyable {
    /// The loaded scene; the source owns its engine for the process lifetime.
    let scene: LoadedScene
    var compositor: Compositor
    /// The demo's script (only `scrubbing` has one): steps allocate, so they run with the heap unsealed.
    var script: SceneScriptRunner?
    /// The rectangles the last frame redrew.
    var damage = DamageList()

    /// Builds demo `name` for a `width` × `height` XRGB8888 canvas (nil: the scene's own size), and the
    /// compositor's buffers (setup: allocates).
    init(demo name: String, width: Int?, height: Int?) throws(PlayerError) {
        guard let demo = DemoGallery.demo(named: name) else { throw .unknownDemo(name) }
        let description: SceneDescription
        do { description = try demo.makeScene() } catch { throw .scene(error.lines) }
        let loaded: LoadedScene
        do {
            loaded = try LoadedScene(scene: description, width: width, height: height)
        } catch {
            throw .scene(["demo \(name): \(error)"])
        }
        do {
            compositor = try Compositor(configuration: loaded.compositorConfiguration(layout: .xrgb8888))
        } catch {
            throw .compositor(error)
        }
        scene = loaded
        script = demo.makeScript.map { SceneScriptRunner(script: $0(), layers: loaded.layers) }
    }

    /// The scene's length in microseconds.
    var durationMicros: MediaTime { scene.durationMicros }

    /// Advances the engine to `time` and draws what changed. Allocates nothing, except in a script step.
    mutating func render(at time: MediaTime, into surface: Surface) -> Bool {
        if let due = script?.nextStepMicros, due <= time {
            sys_unsealHeap()
            defer { sys_sealHeap() }
            guard (try? script?.runSteps(through: time, engine: scene.engine)) != nil else { return false }
        }
        scene.engine.advance(to: time)
        _ = scene.engine.deliverCallbacks()
        return (try? compositor.render(scene.engine.presentation, into: surface, damage: &damage)) != nil
    }
}

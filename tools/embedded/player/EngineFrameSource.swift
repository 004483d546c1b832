import FixedPoint
import Flipbook
import FlipbookScenes
import Motion
import Raster

/// Frames drawn by the engine's run loop from a demo's JSON: `LoadedScene` decodes the scene text of
/// `FlipbookScenes`' gallery (the same text as `examples/<name>.json`) and builds it into an engine; each frame
/// is `RunLoop.drawFrame` (advance, then the compositor redraws the damaged rectangles into the player's
/// surface, which keeps the previous frame as a display's back buffer does) and `finishFrame` (callbacks), on a
/// virtual clock: the frame's time is the one asked for. Script steps due run first, as in `SceneRenderer`.
struct EngineFrameSource: ~Copyable {
    /// The loaded scene; the source owns its engine for the process lifetime.
    let scene: LoadedScene
    /// The scene's run loop (engine and compositor).
    var runLoop: RunLoop
    /// The demo's script (only `scrubbing` has one): steps allocate, so they run with the heap unsealed.
    var script: SceneScriptRunner?

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
            runLoop = try loaded.makeRunLoop(layout: .xrgb8888)
        } catch {
            throw .compositor(error)
        }
        scene = loaded
        script = demo.makeScript.map { SceneScriptRunner(script: $0(), layers: loaded.layers) }
    }

    /// The scene's length in microseconds.
    var durationMicros: MediaTime { scene.durationMicros }

    /// The rectangles the last frame redrew.
    var damage: DamageList { runLoop.damage }

    /// Draws the frame at `time` (what changed since the last one). Allocates nothing, except in a script step.
    mutating func render(at time: MediaTime, into surface: Surface) -> Bool {
        if let due = script?.nextStepMicros, due <= time {
            sys_unsealHeap()
            defer { sys_sealHeap() }
            guard (try? script?.runSteps(through: time, runLoop: &runLoop)) != nil else { return false }
        }
        guard (try? runLoop.drawFrame(at: time, into: surface)) != nil else { return false }
        runLoop.finishFrame(shownAt: time)
        return true
    }
}

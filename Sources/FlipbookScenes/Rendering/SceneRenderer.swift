// Full Swift only: it draws into FlipbookSim's SimulatorDisplay. The Embedded build uses `LoadedScene` and its own
// display (tools/embedded/player).
#if !hasFeature(Embedded)
import FixedPoint
import Flipbook
import FlipbookSim
import ImageCodecs
import Raster

/// Draws a validated scene: the scene is built into an ``Engine`` once, and each frame is the ``RunLoop``'s on a
/// virtual clock (advance the engine to the frame's media time, composite the damage, deliver callbacks), either into the renderer's own ``SimulatorDisplay``
/// (`render(atMicros:)`, then ``capture()``) or into a caller's surface (`render(atMicros:into:damage:)`, for a
/// real display's back buffer).
///
/// Times should not go backwards: animations removed on completion are gone for later frames (as in Core
/// Animation). Create a new renderer to start again.
public final class SceneRenderer {
    /// The scene being drawn.
    public let scene: SceneDescription
    /// The scene's engine, whose running property animators the renderer stops when it goes (they and the
    /// engine would otherwise keep each other alive).
    private let engine: Engine
    private var runLoop: RunLoop
    private var display: SimulatorDisplay
    private var damage = DamageList()
    private var scriptRunner: SceneScriptRunner?
    /// Whether the last frame went into the renderer's own display (true) or a caller's surface (false); the
    /// compositor's damage is relative to the last frame drawn, so a switch redraws the whole canvas.
    private var drewIntoOwnDisplay: Bool?

    /// Sets up the engine, the compositor and a `width × height` display in `layout` for `scene`, driven by
    /// `script` when one is given.
    public init(
        scene: SceneDescription, width: Int, height: Int, layout: PixelLayout, script: SceneScript? = nil
    ) throws(SceneRenderError) {
        self.scene = scene
        let loaded = try LoadedScene(scene: scene, width: width, height: height)
        engine = loaded.engine
        do {
            runLoop = try loaded.makeRunLoop(layout: layout)
        } catch {
            throw .compositor(error)
        }
        do {
            display = try SimulatorDisplay(
                width: width, height: height, layout: layout, clock: VirtualClock(framesPerSecond: 60))
        } catch {
            throw .simulator(error)
        }
        scriptRunner = script.map { SceneScriptRunner(script: $0, layers: loaded.layers) }
    }

    deinit {
        engine.stopRunningAnimators()
    }

    /// Draws the frame at `micros` (media time since the scene start) into the renderer's own simulator display
    /// and presents it there; ``capture()`` then returns it.
    public func render(atMicros micros: Int64) throws(SceneRenderError) {
        redrawWholeCanvas(ifSwitchingToOwnDisplay: true)
        try draw(atMicros: micros, into: display.backBuffer, damage: &damage)
        do {
            _ = try display.present(damage: damage)
        } catch {
            throw .simulator(error)
        }
    }

    /// Draws the frame at `micros` (media time in µs since the scene start) into `surface`, and sets `damage` to
    /// the canvas rectangles that changed (what a `Display`'s `present(damage:)` needs).
    ///
    /// `surface` must have the renderer's size and pixel layout, and hold the frame this renderer last drew into
    /// a caller's surface, as a `Display`'s back buffer does after `present` (its address may change between
    /// frames): only damaged rectangles are redrawn. Call ``invalidate()`` when that does not hold. Allocation-free
    /// after setup (a script step due at `micros` runs first and may allocate).
    ///
    /// - Throws: `.compositor(.surfaceSizeMismatch / .surfaceLayoutMismatch)` for a surface of another size or
    ///   layout; `.engine` when a script step is refused; `.compositor` when a frame cannot be drawn.
    public func render(atMicros micros: Int64, into surface: Surface,
                       damage: inout DamageList) throws(SceneRenderError) {
        redrawWholeCanvas(ifSwitchingToOwnDisplay: false)
        try draw(atMicros: micros, into: surface, damage: &damage)
    }

    /// Makes the next frame redraw the whole canvas (for a surface whose pixels were changed elsewhere, or one
    /// that does not hold the last frame).
    public func invalidate() {
        runLoop.invalidateDrawing()
    }

    /// Invalidates the compositor when the target changes between the own display and a caller's surface.
    private func redrawWholeCanvas(ifSwitchingToOwnDisplay ownDisplay: Bool) {
        if drewIntoOwnDisplay != ownDisplay {
            runLoop.invalidateDrawing()
            drewIntoOwnDisplay = ownDisplay
        }
    }

    /// Runs due script steps, then the run loop's frame at `micros` into `surface` (shown at `micros`: the
    /// virtual clock's time is the media time).
    private func draw(atMicros micros: Int64, into surface: Surface,
                      damage: inout DamageList) throws(SceneRenderError) {
        try scriptRunner?.runSteps(through: micros, runLoop: &runLoop)
        do {
            _ = try runLoop.drawFrame(at: micros, into: surface)
        } catch {
            throw .compositor(error)
        }
        damage = runLoop.damage
        runLoop.finishFrame(shownAt: micros)
    }

    /// The frame last drawn, as an opaque picture in the display's quantisation.
    public func capture() -> PixelImage {
        display.capture()
    }
}
#endif

import FixedPoint
import Flipbook
import FlipbookSim
import Raster

/// Draws a validated scene: the scene is built into an ``Engine`` once, and each `render(atMicros:)` advances
/// the engine to that media time, composites the presentation into a ``SimulatorDisplay`` and presents it.
///
/// Times should not go backwards: animations removed on completion are gone for later frames (as in Core
/// Animation). Create a new renderer to start again.
public final class SceneRenderer {
    /// The scene being drawn.
    public let scene: SceneDescription
    private let engine: Engine
    private var compositor: Compositor
    private var display: SimulatorDisplay
    private var damage = DamageList()
    private let script: SceneScript?
    private let layers: SceneLayers
    private var nextStep = 0

    /// Sets up the engine, the compositor and a `width × height` display in `layout` for `scene`, driven by
    /// `script` when one is given.
    public init(
        scene: SceneDescription, width: Int, height: Int, layout: PixelLayout, script: SceneScript? = nil
    ) throws(SceneRenderError) {
        self.scene = scene
        self.script = script
        let capacity = max(16, Self.layerCount(scene.layers) + 1)
        do {
            engine = try Engine(configuration: EngineConfiguration(
                canvasWidth: width, canvasHeight: height, layerCapacity: capacity))
        } catch {
            throw .engine(pointer: "", error)
        }
        do {
            compositor = try Compositor(configuration: CompositorConfiguration(
                width: width, height: height, layout: layout, layerCapacity: capacity,
                backgroundColor: SceneLoader.color(scene.background)))
        } catch {
            throw .compositor(error)
        }
        do {
            display = try SimulatorDisplay(
                width: width, height: height, layout: layout, clock: VirtualClock(framesPerSecond: 60))
        } catch {
            throw .simulator(error)
        }
        let loader = SceneLoader(engine: engine, resources: SceneResources(engine: engine))
        try loader.load(scene)
        layers = SceneLayers(byName: loader.namedLayers)
    }

    /// Draws the frame at `micros` (media time since the scene start) into the display. The three frame entry
    /// points it calls (`Engine.advance`, `Compositor.render`, `SimulatorDisplay.present`) carry
    /// `@_noAllocation`; this driver cannot, because `Engine.advance` is not `@inlinable` across the module
    /// boundary.
    public func render(atMicros micros: Int64) throws(SceneRenderError) {
        try runScript(through: micros)
        engine.advance(to: micros)
        engine.deliverCallbacks()
        do {
            try compositor.render(engine.presentation, into: display.backBuffer, damage: &damage)
        } catch {
            throw .compositor(error)
        }
        do {
            _ = try display.present(damage: damage)
        } catch {
            throw .simulator(error)
        }
    }

    /// Runs every script step due at or before `micros`, each at its own time.
    private func runScript(through micros: Int64) throws(SceneRenderError) {
        guard let steps = script?.steps else { return }
        while nextStep < steps.count, steps[nextStep].micros <= micros {
            let step = steps[nextStep]
            engine.advance(to: step.micros)
            engine.deliverCallbacks()
            do {
                try step.action(engine, layers)
            } catch {
                throw .engine(pointer: "script step at \(step.micros) µs", error)
            }
            nextStep += 1
        }
    }

    /// The frame last drawn, as an opaque picture in the display's quantisation.
    public func capture() -> PixelImage {
        display.capture()
    }

    private static func layerCount(_ layers: [LayerDescription]) -> Int {
        layers.reduce(0) { count, layer in
            count + 1 + layerCount(layer.sublayers) + (layer.mask.map { layerCount([$0]) } ?? 0)
        }
    }
}

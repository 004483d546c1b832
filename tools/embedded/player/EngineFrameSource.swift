import FixedPoint
import Flipbook
import Motion
import Raster

/// Frames drawn by the real engine: `Engine.advance(to:)` fills the presentation snapshot, and
/// `Compositor.render` draws its damaged rectangles into the player's surface (which keeps the previous
/// frame, as a display's back buffer does).
///
/// The scene is compiled in (`LayerBasicsScene`): `FlipbookScenes` and its JSON decoder are full Swift, so
/// the Embedded player builds the layer-basics demo through the engine's public API instead.
struct EngineFrameSource: ~Copyable, FrameSource {
    /// The engine; the source owns it for the process lifetime.
    let engine: Engine
    var compositor: Compositor
    /// The rectangles the last frame redrew.
    var damage = DamageList()

    /// Builds the scene for a `width` × `height` XRGB8888
    /// canvas, and the compositor's buffers (setup: allocates).
    init(width: Int, height: Int) throws(PlayerError) {
        let engine = try LayerBasicsScene.build(width: width, height: height)
        let configuration = CompositorConfiguration(
            width: width, height: height, layout: .xrgb8888, layerCapacity: engine.configuration.layerCapacity,
            backgroundColor: LayerBasicsScene.background)
        do { compositor = try Compositor(configuration: configuration) } catch { throw .compositor(error) }
        self.engine = engine
    }

    /// Advances the engine to `time` and draws what changed. Allocates nothing.
    mutating func render(at time: MediaTime, into surface: Surface) -> Bool {
        engine.advance(to: time)
        return (try? compositor.render(engine.presentation, into: surface, damage: &damage)) != nil
    }
}

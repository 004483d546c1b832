import FixedPoint
import Flipbook
import Raster

/// A validated scene built into an ``Engine`` through the engine's public API: what a player needs to draw
/// the scene's frames. Builds in full and in Embedded Swift, and needs no file system.
///
/// Setup-time code: parsing, decoding and building allocate. Frames are the run loop's, made with
/// ``makeRunLoop(layout:)``:
///
/// ```swift
/// let loaded = try LoadedScene(json: bytes, fileName: "scene.json")
/// var runLoop = try loaded.makeRunLoop(layout: .xrgb8888)
/// _ = try runLoop.drawFrame(at: micros, into: surface)   // or runLoop.run(on: &display, waiter: &waiter, span: …)
/// ```
public struct LoadedScene {
    /// The scene as decoded, every default filled in.
    public let scene: SceneDescription
    /// The engine holding the scene's layers and animations, for a `width` × `height` canvas.
    public let engine: Engine
    /// Canvas width in pixels.
    public let width: Int
    /// Canvas height in pixels.
    public let height: Int
    /// The engine's layer capacity: the scene's layers (masks included) plus the root, at least 16.
    public let layerCapacity: Int
    /// The engine layers of the scene's named layers.
    public let layers: SceneLayers

    /// Builds `scene` into a new engine with a `width` × `height` canvas (the scene's own size by default).
    ///
    /// - Throws: `.engine` naming the JSON pointer of a layer, value or animation the engine refuses (or `/`
    ///   for a canvas it refuses); `.unsupported` for an image layer whose picture cannot be read.
    public init(scene: SceneDescription, width: Int? = nil, height: Int? = nil) throws(SceneRenderError) {
        self.scene = scene
        self.width = width ?? scene.width
        self.height = height ?? scene.height
        layerCapacity = max(16, Self.layerCount(scene.layers) + 1)
        let engine: Engine
        do {
            engine = try Engine(configuration: EngineConfiguration(
                canvasWidth: self.width, canvasHeight: self.height, layerCapacity: layerCapacity,
                animationCapacity: ScenePoolSizes.animationRecords(scene.layers),
                keyframeSlotCapacity: ScenePoolSizes.keyframeSlots(scene.layers)))
        } catch {
            throw .engine(pointer: "", error)
        }
        let loader = SceneLoader(engine: engine, resources: SceneResources(engine: engine))
        try loader.load(scene)
        self.engine = engine
        layers = SceneLayers(byName: loader.namedLayers)
    }

    /// Decodes scene JSON given as UTF-8 bytes and builds it at the scene's size. `fileName` prefixes every
    /// message. Image layers are refused: bytes come with no folder to read pictures from.
    ///
    /// - Throws: `.invalid` with every problem of the text (the lines `SceneFile.load` would give), or
    ///   `.refused` when the engine refuses what the text describes.
    public init(json: [UInt8], fileName: String) throws(SceneLoadError) {
        let scene: SceneDescription
        do {
            scene = try SceneDecoder.decode(json, fileName: fileName)
        } catch {
            throw .invalid(error)
        }
        do {
            try self.init(scene: scene)
        } catch {
            throw .refused(fileName: fileName, error)
        }
    }

    /// The compositor settings for drawing this scene into surfaces of `layout`: the canvas size, the engine's
    /// layer capacity and the scene's background colour.
    public func compositorConfiguration(layout: PixelLayout) -> CompositorConfiguration {
        CompositorConfiguration(
            width: width, height: height, layout: layout, layerCapacity: layerCapacity,
            backgroundColor: SceneLoader.color(scene.background))
    }

    /// A run loop over the scene's engine with a compositor for `layout` (setup: allocates the compositor's
    /// buffers).
    ///
    /// - Throws: the compositor's error for a canvas or layout it refuses.
    public func makeRunLoop(layout: PixelLayout) throws(CompositorError) -> RunLoop {
        RunLoop(engine: engine, compositor: try Compositor(configuration: compositorConfiguration(layout: layout)))
    }

    /// The scene's length in microseconds (its `duration`, or the end of its last finite animation).
    public var durationMicros: Int64 {
        Int64((scene.durationSeconds * 1_000_000).rounded())
    }

    private static func layerCount(_ layers: [LayerDescription]) -> Int {
        layers.reduce(0) { count, layer in
            count + 1 + layerCount(layer.sublayers) + (layer.mask.map { layerCount([$0]) } ?? 0)
        }
    }
}

/// Why scene text could not be loaded: the text is refused (invalid JSON or problems), or the engine refused
/// what it describes.
public enum SceneLoadError: Error, CustomStringConvertible {
    /// The text is not a valid scene.
    case invalid(SceneError)
    /// The engine refused part of a valid scene.
    case refused(fileName: String, SceneRenderError)

    /// One line per problem, each starting with the file name.
    public var lines: [String] {
        switch self {
        case .invalid(let error): error.lines
        case .refused(let fileName, let error): ["\(fileName): \(error)"]
        }
    }

    /// The lines joined by newlines.
    public var description: String {
        lines.joined(separator: "\n")
    }
}

import FixedPoint
import Raster

/// The shape paths and images an engine's layers refer to by handle (`PathID`, `ImageID`), registered
/// at setup and read by the compositor through `PresentationTree.resources`.
public final class EngineResources {
    /// The most paths (and, separately, images) an engine holds.
    public static let capacity = 4096

    private(set) var paths: [Path] = []
    private var images: [ImageBox] = []
    private var surfaces: [ImageBox] = []

    init() {}

    /// The path of `id`, or nil for a handle that does not exist.
    public func path(for id: PathID) -> Path? {
        Int(id.index) < paths.count ? paths[Int(id.index)] : nil
    }

    /// The image of `id` (premultiplied pixels, owned by the engine), or nil for a handle that does not exist.
    public func image(for id: ImageID) -> Surface? {
        Int(id.index) < images.count ? images[Int(id.index)].storage.surface : nil
    }

    /// The backing surface of a custom-drawn layer, or nil for a handle that does not exist.
    public func surface(for id: SurfaceID) -> Surface? {
        Int(id.index) < surfaces.count ? surfaces[Int(id.index)].storage.surface : nil
    }

    /// The number of registered paths.
    public var pathCount: Int { paths.count }

    /// The number of registered images.
    public var imageCount: Int { images.count }

    func add(_ path: Path) throws(EngineError) -> PathID {
        guard paths.count < EngineResources.capacity else {
            throw .poolFull(.resources, capacity: EngineResources.capacity)
        }
        paths.append(path)
        return PathID(index: UInt16(paths.count - 1))
    }

    /// A path the engine rewrites each frame with the interpolation of `start` and `end`, or nil when
    /// the two do not have the same verbs (such a `path` animation switches at ½ instead).
    func makeScratchPath(from start: PathID, to end: PathID) throws(EngineError) -> PathID? {
        guard let first = path(for: start), let second = path(for: end) else {
            throw .unknownResource(.path, index: Int(path(for: start) == nil ? start.index : end.index))
        }
        var scratch = first
        do {
            try scratch.interpolate(from: first, to: second, by: .zero)   // makes its storage its own, now
        } catch {
            return nil
        }
        return try add(scratch)
    }

    /// Rewrites scratch path `scratch` in place as the interpolation of `start` and `end` (frame path:
    /// no allocation once the scratch path holds its points, which `makeScratchPath` ensured).
    func interpolatePath(_ scratch: PathID, from start: PathID, to end: PathID, by progress: Progress) {
        let first = paths[Int(start.index)], second = paths[Int(end.index)]
        try? paths[Int(scratch.index)].interpolate(from: first, to: second, by: progress)
    }

    func add(_ image: consuming SurfaceStorage) throws(EngineError) -> ImageID {
        guard images.count < EngineResources.capacity else {
            throw .poolFull(.resources, capacity: EngineResources.capacity)
        }
        images.append(ImageBox(image))
        return ImageID(index: UInt16(images.count - 1))
    }
}

extension EngineResources {
    func addBacking(_ surface: consuming SurfaceStorage) throws(EngineError) -> SurfaceID {
        guard surfaces.count < EngineResources.capacity else {
            throw .poolFull(.resources, capacity: EngineResources.capacity)
        }
        surfaces.append(ImageBox(surface))
        return SurfaceID(index: UInt16(surfaces.count - 1))
    }
}

/// Owns one image's (or backing surface's) pixels.
final class ImageBox {
    let storage: SurfaceStorage

    init(_ storage: consuming SurfaceStorage) {
        self.storage = storage
    }
}

extension Engine {
    /// Registers a shape path (copied; paths are values) for `setValue(.path(id), for: .path, of:)`.
    ///
    /// - Throws: `poolFull(.resources)` beyond `EngineResources.capacity` paths.
    public func addPath(_ path: Path) throws(EngineError) -> PathID {
        try presentation.resources.add(path)
    }

    /// Registers an image (premultiplied pixels; the engine takes ownership) for `setImage(_:gravity:of:)`.
    ///
    /// - Throws: `poolFull(.resources)` beyond `EngineResources.capacity` images.
    public func addImage(_ image: consuming SurfaceStorage) throws(EngineError) -> ImageID {
        try presentation.resources.add(image)
    }
}

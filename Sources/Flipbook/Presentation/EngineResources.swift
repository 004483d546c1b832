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
    /// Every path's points and structure class, by path index, for the engine's frame path (plain
    /// memory: no array, no copy on write). Allocated once, at creation.
    let pathPoints: UnsafeMutableBufferPointer<PathPoints>
    /// Scratch paths whose animation ended, free for the next morph of the same structure.
    private var freeScratchPaths: [Int32] = []

    init() {
        pathPoints = .allocate(capacity: EngineResources.capacity)
        pathPoints.initialize(repeating: PathPoints(buffer: nil, structure: -1))
    }

    deinit {
        pathPoints.deallocate()
    }

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

    /// Registers `path` (its storage made the engine's own, so its points stay where `pathPoints` says).
    func add(_ path: Path) throws(EngineError) -> PathID {
        guard paths.count < EngineResources.capacity else {
            throw .poolFull(.resources, capacity: EngineResources.capacity)
        }
        var owned = path
        let buffer = owned.exclusivePoints()
        let index = paths.count
        paths.append(owned)
        pathPoints[index] = PathPoints(buffer: buffer, structure: structureClass(of: owned, index: index))
        return PathID(index: UInt16(index))
    }

    /// The index of the first registered path with `path`'s verbs (`index` itself when none before it).
    private func structureClass(of path: Path, index: Int) -> Int32 {
        let hash = path.structureHash
        for other in 0 ..< index where pathPoints[other].buffer?.count == path.pointCount
            && paths[other].structureHash == hash && paths[other].hasSameStructure(as: path) {
            return pathPoints[other].structure
        }
        return Int32(index)
    }

    /// A path the engine rewrites each frame with morphs between paths of `model`'s structure: a
    /// released one of that structure, or a new copy of `model`.
    ///
    /// - Throws: `unknownResource(.path)` for a handle that does not exist; `poolFull(.resources)`.
    func makeScratchPath(like model: PathID) throws(EngineError) -> PathID {
        guard Int(model.index) < paths.count else { throw .unknownResource(.path, index: Int(model.index)) }
        let structure = pathPoints[Int(model.index)].structure
        if let position = freeScratchPaths.firstIndex(where: { pathPoints[Int($0)].structure == structure }) {
            let index = freeScratchPaths.remove(at: position)
            return PathID(index: UInt16(index))
        }
        return try add(paths[Int(model.index)])
    }

    /// Returns a scratch path (its animation ended) for reuse by `makeScratchPath(like:)`.
    func releaseScratchPath(_ index: Int32) {
        guard index >= 0, !freeScratchPaths.contains(index) else { return }
        freeScratchPaths.append(index)
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

/// One registered path's points and the class of paths it can be interpolated with (the index of the
/// first path registered with the same verbs), read by the frame path.
struct PathPoints {
    /// The points (nil for an index with no path).
    var buffer: PathPointBuffer?
    /// Paths with equal `structure` have the same verbs; −1 for no path.
    var structure: Int32
}

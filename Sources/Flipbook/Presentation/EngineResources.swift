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
    /// Text layers' texts, by `LayerNode.text` (made when a layer's font is set, never removed).
    var texts: [LayerText] = []
    /// Gradient layers' kinds and stops (by `LayerNode.gradient`, made by `setGradient`), the stops lists of
    /// `colors` and `locations` values (`addGradientStops`) and animations' scratch stops; never removed.
    /// Boxed, so the frame path rewrites scratch stops in place without the array's copy-on-write check.
    var gradients: [GradientBox] = []
    /// Scratch stops whose animation ended, free for the next stops animation.
    private var freeScratchGradients: [Int32] = []
    /// Every path's points and structure class, by path index, for the engine's frame path (plain
    /// memory: no array, no copy on write). Allocated once, at creation.
    let pathPoints: UnsafeMutableBufferPointer<PathPoints>
    /// Scratch paths whose animation ended, free for the next morph of the same structure.
    private var freeScratchPaths: [Int32] = []
    /// Whether the caller gave up each path (`Engine.releasePath`): reclaimed once nothing refers to it.
    private var isReleased: [Bool] = []
    /// Slots of reclaimed paths, reused by the next `add` (last freed first).
    private var reusableSlots: [Int32] = []
    /// The structure class the next path of new verbs gets (classes are never reused).
    private var nextStructure: Int32 = 0

    init() {
        pathPoints = .allocate(capacity: EngineResources.capacity)
        pathPoints.initialize(repeating: PathPoints(buffer: nil, structure: -1))
    }

    deinit {
        pathPoints.deallocate()
    }

    /// The path of `id`, or nil for a handle that does not exist (or whose path was reclaimed).
    public func path(for id: PathID) -> Path? {
        Int(id.index) < paths.count && pathPoints[Int(id.index)].buffer != nil ? paths[Int(id.index)] : nil
    }

    /// Whether the caller may still use `id`: it exists and was not released.
    func isUsable(_ id: PathID) -> Bool {
        path(for: id) != nil && !isReleased[Int(id.index)]
    }

    /// The image of `id` (premultiplied pixels, owned by the engine), or nil for a handle that does not exist.
    public func image(for id: ImageID) -> Surface? {
        Int(id.index) < images.count ? images[Int(id.index)].storage.surface : nil
    }

    /// The backing surface of a custom-drawn layer, or nil for a handle that does not exist.
    public func surface(for id: SurfaceID) -> Surface? {
        Int(id.index) < surfaces.count ? surfaces[Int(id.index)].storage.surface : nil
    }

    /// The number of path slots ever used (live, released or reusable).
    public var pathCount: Int { paths.count }

    /// Whether the next `add` needs a reclaimed slot.
    var isFull: Bool { paths.count >= EngineResources.capacity && reusableSlots.isEmpty }

    /// The number of registered images.
    public var imageCount: Int { images.count }

    /// Registers `path` (its storage made the engine's own, so its points stay where `pathPoints` says).
    func add(_ path: Path) throws(EngineError) -> PathID {
        var owned = path
        let buffer = owned.exclusivePoints()
        let index: Int
        if let reused = reusableSlots.popLast() {
            index = Int(reused)
            paths[index] = owned
            isReleased[index] = false
        } else {
            guard paths.count < EngineResources.capacity else {
                throw .poolFull(.resources, capacity: EngineResources.capacity)
            }
            index = paths.count
            paths.append(owned)
            isReleased.append(false)
        }
        pathPoints[index] = PathPoints(buffer: buffer, structure: structureClass(of: owned))
        return PathID(index: UInt16(index))
    }

    /// The structure class of the first live path with `path`'s verbs, or a new class.
    private func structureClass(of path: Path) -> Int32 {
        let hash = path.structureHash
        for other in 0 ..< paths.count where pathPoints[other].buffer?.count == path.pointCount
            && paths[other].structureHash == hash && paths[other].hasSameStructure(as: path) {
            return pathPoints[other].structure
        }
        nextStructure += 1
        return nextStructure - 1
    }

    /// Whether paths `a` and `b` exist and have the same verbs (so they interpolate point by point).
    func haveSameStructure(_ a: PathID, _ b: PathID) -> Bool {
        guard path(for: a) != nil, path(for: b) != nil else { return false }
        return pathPoints[Int(a.index)].structure == pathPoints[Int(b.index)].structure
    }

    /// Marks `id` released by the caller; false when it does not exist or was already released.
    func release(_ id: PathID) -> Bool {
        guard isUsable(id) else { return false }
        isReleased[Int(id.index)] = true
        return true
    }

    /// Frees every released path that `referenced` does not mark, for reuse by `add`.
    func reclaim(unless referenced: [Bool]) {
        for index in 0 ..< paths.count where isReleased[index] && !referenced[index] && pathPoints[index].buffer != nil {
            pathPoints[index] = PathPoints(buffer: nil, structure: -1)
            reusableSlots.append(Int32(index))
        }
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

    /// Registers a list of gradient stops (a `colors` or `locations` value, or an animation's scratch).
    ///
    /// - Throws: `poolFull(.resources)` beyond `EngineResources.capacity` gradients.
    func add(_ stops: Gradient) throws(EngineError) -> GradientStopsID {
        var index: Int32 = -1
        try EngineResources.store(GradientBox(stops), in: &gradients, slot: &index)
        return GradientStopsID(index: UInt16(index))
    }

    /// The gradient (or stops list) at `index`, or nil outside the table.
    func gradient(at index: Int32) -> Gradient? {
        index >= 0 && Int(index) < gradients.count ? gradients[Int(index)].gradient : nil
    }

    /// Rewrites the scratch stops at `scratch` as the stop-by-stop interpolation of the lists at `from` and
    /// `to` at `progress` (colours and locations); false for an index outside the table or different counts.
    func morphStops(_ scratch: Int32, from: Int32, to: Int32, progress: Progress) -> Bool {
        guard let start = gradient(at: from), let end = gradient(at: to), scratch >= 0,
              Int(scratch) < gradients.count else { return false }
        do throws(RasterError) {
            try gradients[Int(scratch)].gradient.setStops(interpolating: start, end, colors: progress, locations: progress)
        } catch {
            return false
        }
        return true
    }

    /// Stops the engine rewrites each frame with an animation's morph between two lists of `model`'s count:
    /// a released scratch, or a new copy of `model`.
    func makeScratchStops(like model: Gradient) throws(EngineError) -> Int32 {
        if let index = freeScratchGradients.popLast() { return index }
        return Int32(try add(model).index)
    }

    /// Returns scratch stops (their animation ended) for reuse by `makeScratchStops(like:)`.
    func releaseScratchStops(_ index: Int32) {
        guard index >= 0, !freeScratchGradients.contains(index) else { return }
        freeScratchGradients.append(index)
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
    /// Puts a layer's `resource` (its text or gradient) in `pool`: replaces the entry `slot` names, or, for a
    /// layer without one (`slot` −1), appends it and sets `slot` to its index.
    ///
    /// - Throws: `poolFull(.resources)` when a new entry does not fit.
    static func store<Resource>(_ resource: Resource, in pool: inout [Resource], slot: inout Int32) throws(EngineError) {
        if slot >= 0 {
            pool[Int(slot)] = resource
            return
        }
        guard pool.count < EngineResources.capacity else {
            throw .poolFull(.resources, capacity: EngineResources.capacity)
        }
        pool.append(resource)
        slot = Int32(pool.count - 1)
    }

    func addBacking(_ surface: consuming SurfaceStorage) throws(EngineError) -> SurfaceID {
        guard surfaces.count < EngineResources.capacity else {
            throw .poolFull(.resources, capacity: EngineResources.capacity)
        }
        surfaces.append(ImageBox(surface))
        return SurfaceID(index: UInt16(surfaces.count - 1))
    }
}

/// One entry of the gradient table (`EngineResources.gradients`).
final class GradientBox {
    var gradient: Gradient

    init(_ gradient: Gradient) {
        self.gradient = gradient
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
    /// When the store is full, paths released with `releasePath` that nothing refers to are reused.
    ///
    /// - Throws: `poolFull(.resources)` beyond `EngineResources.capacity` live paths.
    public func addPath(_ path: Path) throws(EngineError) -> PathID {
        if presentation.resources.isFull { reclaimReleasedPaths() }
        return try presentation.resources.add(path)
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

import Raster

/// A fixed stack of canvas-sized offscreen surfaces of one layout, allocated once at setup.
///
/// Groups nest, so buffers are taken and given back in stack order: `acquire` hands out the next free
/// buffer with its clip set to the requested region, `release` returns the most recent one. Offscreen
/// pixels use canvas coordinates (pixel (x, y) of a buffer lies under canvas pixel (x, y)), so nothing is
/// translated between a group and the surface it is composited onto.
struct OffscreenStack: ~Copyable {
    let kind: OffscreenKind
    let depth: Int
    let width: Int
    let height: Int
    let layout: PixelLayout
    let strideBytes: Int
    let memory: UnsafeMutableRawPointer
    /// One full-clip view per buffer, built (and validated) at setup.
    let views: UnsafeMutablePointer<Surface>
    private(set) var inUse = 0

    /// Allocates `depth` buffers of `width × height` pixels in `layout`, not written here: `acquire` zeroes
    /// the region it hands out and nothing reads a buffer outside it, so a buffer's pages are first touched
    /// (and become resident) only where a frame uses them — at 1024×768 the default depths are 15 MB, whose
    /// page faults and store pass came before the first frame (docs/control.md) and stayed resident
    /// (docs/boards.md).
    ///
    /// - Throws: `.raster` when `Surface` refuses the size or layout.
    init(kind: OffscreenKind, depth: Int, width: Int, height: Int, layout: PixelLayout) throws(CompositorError) {
        self.kind = kind
        self.depth = depth
        self.width = width
        self.height = height
        self.layout = layout
        strideBytes = (width &* layout.bytesPerPixel &+ 15) & ~15
        let bytes = strideBytes &* height &* depth
        memory = .allocate(byteCount: bytes, alignment: 16)
        views = .allocate(capacity: depth)
        for level in 0..<depth {
            do {
                let view = try Surface(baseAddress: memory + level * strideBytes * height, width: width,
                                       height: height, strideBytes: strideBytes, layout: layout)
                (views + level).initialize(to: view)
            } catch {
                views.deinitialize(count: level)
                views.deallocate()
                memory.deallocate()
                throw .raster(error)
            }
        }
    }

    deinit {
        views.deinitialize(count: depth)
        views.deallocate()
        memory.deallocate()
    }

    /// Bytes held by the pool.
    var byteCount: Int { strideBytes &* height &* depth }

    /// The next free buffer, clipped to `region` (canvas pixels), with `region` cleared to zero
    /// (transparent, or zero coverage).
    ///
    /// - Throws: `.offscreenPoolExhausted` when all `depth` buffers are taken.
    @_noAllocation
    mutating func acquire(region: IntRect) throws(CompositorError) -> Surface {
        guard inUse < depth else { throw .offscreenPoolExhausted(kind: kind, depth: depth) }
        let whole = views[inUse]
        inUse &+= 1
        let surface = whole.clipped(to: region)
        OffscreenStack.clear(surface)
        return surface
    }

    /// Gives back the most recently acquired buffer.
    @_noAllocation
    mutating func release() {
        if inUse > 0 { inUse &-= 1 }
    }

    /// Zeroes the clip rectangle of `surface`, row by row.
    @inline(__always)
    private static func clear(_ surface: Surface) {
        let clip = surface.clip
        if clip.isEmpty { return }
        let bytesPerPixel = surface.layout.bytesPerPixel
        for y in clip.y..<clip.maxY {
            (surface.rowAddress(y) + clip.x &* bytesPerPixel)
                .initializeMemory(as: UInt8.self, repeating: 0, count: clip.width &* bytesPerPixel)
        }
    }
}

import FixedPoint
import Raster

/// Turns presentation snapshots into pixels, redrawing only what changed.
///
/// Set up once for a canvas size and pixel layout: every buffer a frame needs (offscreen group surfaces,
/// A8 clip and mask buffers, the rasterizer's cells and edges, outline points, the damage records) is
/// allocated in `init`. `render` then compares the snapshot with the previous one, lists the changed
/// canvas rectangles in `damage`, and draws the tree into exactly those rectangles (nothing outside them
/// is written). Drawing follows Core Animation's order for each layer: shadow, background (rounded by
/// the corner radius), content, sublayers (clipped to the rounded bounds by `masksToBounds`), border;
/// group opacity, masks and transitions composite offscreen.
public struct Compositor: ~Copyable {
    /// What the compositor was set up for.
    public let configuration: CompositorConfiguration
    /// The canvas rectangle, (0, 0, width, height).
    let canvas: IntRect
    var background: PremultipliedColor
    var rasterizer: Rasterizer
    var outline: RoundedOutline
    var tracker: DamageTracker
    var plan: FramePlan
    var groups: OffscreenStack
    var coverage: OffscreenStack
    var shadows: ShadowRenderer
    var glyphCache: GlyphCoverageCache
    var warpRow: WarpRow

    /// Allocates every buffer for `configuration`.
    ///
    /// - Throws: `.invalidConfiguration` / `.unsupportedLayout` naming the bad field; `.geometry` or
    ///   `.raster` when a scratch buffer cannot be set up.
    public init(configuration: CompositorConfiguration) throws(CompositorError) {
        let checked = try configuration.validated()
        let rasterizer = try Compositor.makeRasterizer(width: checked.width)
        let groups = try OffscreenStack(kind: .group, depth: checked.groupDepth, width: checked.width,
                                       height: checked.height, layout: .argb8888Premultiplied)
        let coverage = try OffscreenStack(kind: .coverage, depth: checked.coverageDepth, width: checked.width,
                                         height: checked.height, layout: .a8)
        let shadows = try Compositor.makeShadowRenderer(width: checked.width, height: checked.height)
        self.configuration = checked
        canvas = IntRect(x: 0, y: 0, width: checked.width, height: checked.height)
        background = Compositor.opaque(checked.backgroundColor)
        self.rasterizer = rasterizer
        self.groups = groups
        self.coverage = coverage
        self.shadows = shadows
        glyphCache = GlyphCoverageCache(bytes: checked.glyphCacheBytes)
        outline = RoundedOutline()
        warpRow = WarpRow(width: checked.width)
        let treeCapacity = PresentationTree.capacity(forLayers: checked.layerCapacity)
        tracker = DamageTracker(layerCapacity: checked.layerCapacity, treeCapacity: treeCapacity)
        plan = FramePlan(capacity: treeCapacity)
    }

    /// Bytes of offscreen memory held (group and coverage buffers).
    public var offscreenByteCount: Int { groups.byteCount + coverage.byteCount }

    /// Changes the colour under every layer; the next frame redraws the whole canvas.
    public mutating func setBackgroundColor(_ color: Color) {
        background = Compositor.opaque(color)
        tracker.invalidate()
    }

    /// Makes the next frame redraw the whole canvas (after the target's pixels were changed elsewhere).
    public mutating func invalidate() { tracker.invalidate() }

    /// Draws `tree` into `surface`, which must hold the previous frame this compositor drew (as a
    /// `Display`'s back buffer does), and sets `damage` to the canvas rectangles that changed. A snapshot
    /// equal to the previous one gives empty damage and writes no pixel.
    ///
    /// - Throws: `.surfaceSizeMismatch` / `.surfaceLayoutMismatch` for a surface other than the one set
    ///   up; `.treeTooLarge`, `.layerSlotOutOfRange` for a snapshot beyond the configured capacity;
    ///   `.offscreenPoolExhausted` when groups or clips nest deeper than the pools; `.geometry` when a
    ///   layer's outline is out of the rasterizer's range. Damage already listed is still valid then, but
    ///   the frame may be partly drawn.
    @_noAllocation
    public mutating func render(_ tree: PresentationTree, into surface: Surface,
                                damage: inout DamageList) throws(CompositorError) {
        damage.removeAll()
        try check(surface)
        // The snapshot's memory, read through its stored pointers (no getter calls on the frame path).
        let header = tree.header.pointee
        let drawCount = header.drawCount
        let snapshot = Unmanaged.passUnretained(tree)
        let resources = _unsafePerformance { Unmanaged.passUnretained(snapshot.takeUnretainedValue().resources) }
        let entries = UnsafeBufferPointer(start: tree.storage.baseAddress, count: header.count)
        guard entries.count <= plan.capacity else {
            throw .treeTooLarge(entries: entries.count, capacity: plan.capacity)
        }
        plan.fill(entries, resources: resources, canvas: canvas)
        try tracker.collect(entries, drawCount: drawCount, plan: plan, canvas: canvas, into: &damage)
        for position in 0..<damage.count {
            let region = damage[position]
            try paint(entries, drawCount: drawCount, resources: resources, region: region, into: surface)
        }
    }

    /// Redraws `region` from the background up.
    @_noAllocation
    private mutating func paint(_ entries: UnsafeBufferPointer<PresentationLayer>, drawCount: Int,
                                resources: Unmanaged<EngineResources>, region: IntRect,
                                into surface: Surface) throws(CompositorError) {
        let target = surface.clipped(to: region)
        let color = background
        target.replace(region, with: color)
        let context = DrawContext(target: target, clip: nil, resources: resources, drawCount: drawCount,
                                  drawingMask: false)
        var index = 0
        while index < drawCount {
            index = try drawSubtree(entries, index, context)
        }
    }

    @_noAllocation
    private func check(_ surface: Surface) throws(CompositorError) {
        guard surface.width == configuration.width, surface.height == configuration.height else {
            throw .surfaceSizeMismatch(width: surface.width, height: surface.height,
                                       expectedWidth: configuration.width, expectedHeight: configuration.height)
        }
        guard Compositor.sameLayout(surface.layout, configuration.layout) else {
            throw .surfaceLayoutMismatch(bitsPerPixel: surface.layout.bitsPerPixel,
                                         expectedBitsPerPixel: configuration.layout.bitsPerPixel)
        }
    }

    /// Shadow scratch: a blurred shadow may reach 256 pixels beyond the canvas on each side.
    private static func makeShadowRenderer(width: Int, height: Int) throws(CompositorError) -> ShadowRenderer {
        do {
            return try ShadowRenderer(maximumWidth: min(width + 512, Surface.maximumDimension),
                                      maximumHeight: min(height + 512, Surface.maximumDimension))
        } catch { throw .raster(error) }
    }

    /// Whether two layouts describe the same bits (field by field: `PixelLayout`'s `==` is not inlinable).
    @inline(__always)
    @_noAllocation
    static func sameLayout(_ lhs: PixelLayout, _ rhs: PixelLayout) -> Bool {
        func same(_ a: ChannelField, _ b: ChannelField) -> Bool { a.offset == b.offset && a.length == b.length }
        return lhs.bitsPerPixel == rhs.bitsPerPixel && same(lhs.red, rhs.red) && same(lhs.green, rhs.green)
            && same(lhs.blue, rhs.blue) && same(lhs.alpha, rhs.alpha)
    }

    /// The rasterizer's scratch: room for a row of the canvas several times over, and edges for detailed
    /// paths.
    private static func makeRasterizer(width: Int) throws(CompositorError) -> Rasterizer {
        do {
            return try Rasterizer(capacity: RasterizerCapacity(
                edges: 16_384, cells: max(65_536, 4 * (width + 2)), polylinePoints: 8_192))
        } catch { throw .geometry(error) }
    }

    /// A straight-alpha colour as drawn under everything: composited over black (the canvas is opaque).
    static func opaque(_ color: Color) -> PremultipliedColor {
        let premultiplied = color.premultiplied()
        return (try? PremultipliedColor(red: premultiplied.red, green: premultiplied.green,
                                               blue: premultiplied.blue, alpha: 255)) ?? Color.black.premultiplied()
    }
}

/// Where a subtree draws: the target surface (its clip is the region being redrawn), an optional A8
/// buffer whose coverage multiplies everything (a `masksToBounds` clip), and what the pass draws.
struct DrawContext {
    var target: Surface
    var clip: Surface?
    /// The snapshot's paths and images (borrowed for the frame: no reference counting).
    let resources: Unmanaged<EngineResources>
    /// Entries `0 ..< drawCount` are the drawn tree; masks follow.
    let drawCount: Int
    /// Whether this pass draws a mask layer's alpha (mask entries are drawn only then).
    let drawingMask: Bool
    /// A transform applied after every world transform, or nil: a 3-D layer's subtree is drawn flat in
    /// the layer's own coordinates (`drawProjected`), where the frame plan's canvas bounds do not apply.
    var frame: Affine? = nil

    @_noAllocation
    init(target: Surface, clip: Surface?, resources: Unmanaged<EngineResources>, drawCount: Int, drawingMask: Bool) {
        self.target = target
        self.clip = clip
        self.resources = resources
        self.drawCount = drawCount
        self.drawingMask = drawingMask
    }
}

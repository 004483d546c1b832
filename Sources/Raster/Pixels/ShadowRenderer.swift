import FixedPoint

/// Layer shadows: a silhouette rendered into an A8 buffer, blurred by three box blurs each way (which
/// approximate Core Animation's Gaussian, σ = shadowRadius / 2), then composited in the shadow colour with
/// its offset and opacity. All buffers are allocated in `init`; drawing allocates nothing.
public struct ShadowRenderer: ~Copyable {
    /// Largest blurred area served, in pixels (silhouette plus 3σ on every side).
    public let maximumWidth: Int
    /// Largest blurred area served, in pixels.
    public let maximumHeight: Int
    let work: UnsafeMutablePointer<UInt8>
    let spare: UnsafeMutablePointer<UInt8>
    let columnSums: UnsafeMutablePointer<UInt32>
    var silhouettes: RoundedRectPainter

    /// Allocates two A8 buffers of `maximumWidth × maximumHeight` and the scratch rows.
    public init(maximumWidth: Int, maximumHeight: Int) throws(RasterError) {
        guard maximumWidth > 0, maximumHeight > 0, maximumWidth <= Surface.maximumDimension,
              maximumHeight <= Surface.maximumDimension else {
            throw .invalidSize(width: maximumWidth, height: maximumHeight)
        }
        let painter = try RoundedRectPainter(maximumWidth: maximumWidth)
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
        work = .allocate(capacity: maximumWidth * maximumHeight)
        spare = .allocate(capacity: maximumWidth * maximumHeight)
        columnSums = .allocate(capacity: maximumWidth)
        silhouettes = painter
    }

    deinit {
        work.deallocate()
        spare.deallocate()
        columnSums.deallocate()
    }

    /// Draws the shadow of `shape` (a layer's rounded bounds, in destination pixels): `color` faded by
    /// `opacity`, moved by (`offsetX`, `offsetY`), blurred with `radius` (Q16.16 pixels, σ = radius / 2),
    /// through the optional A8 `mask` (an enclosing clip, the size of `surface`).
    /// Throws `.invalidGeometry("shadowRadius")` for a negative radius, `.layoutMismatch` / `.sizeMismatch`
    /// for a bad mask and `.poolBufferTooSmall` when the blurred area exceeds the buffers.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public mutating func drawShadow(of shape: RoundedRect, color: PremultipliedColor, opacity: UInt8,
                                    offsetX: Fixed, offsetY: Fixed, radius: Fixed, into surface: Surface,
                                    mask: Surface? = nil) throws(RasterError) {
        guard radius.raw >= 0 else { throw .invalidGeometry(name: "shadowRadius", raw: radius.raw) }
        if opacity == 0 || color.alpha == 0 { return }
        let moved = try RoundedRect(rect: Rect(x: shape.rect.minX + offsetX, y: shape.rect.minY + offsetY,
                                               width: shape.rect.width, height: shape.rect.height),
                                    cornerRadius: shape.cornerRadius)
        let boxes = BoxBlurPlan(radius: radius)
        let area = moved.pixelBounds.insetBy(-boxes.reach)
        guard area.width <= maximumWidth, area.height <= maximumHeight else {
            throw .poolBufferTooSmall(requestedWidth: area.width, requestedHeight: area.height,
                                      availableWidth: maximumWidth, availableHeight: maximumHeight)
        }
        // Nothing to do when the blurred area misses the clip entirely.
        if area.intersection(surface.clip).isEmpty { return }
        let coverage = try Surface(baseAddress: UnsafeMutableRawPointer(work), width: area.width, height: area.height,
                               strideBytes: area.width, layout: .a8)
        coverage.replace(coverage.bounds, with: .clear)
        let local = try RoundedRect(rect: Rect(x: moved.rect.minX - Fixed(Int16(truncatingIfNeeded: area.x)),
                                               y: moved.rect.minY - Fixed(Int16(truncatingIfNeeded: area.y)),
                                               width: moved.rect.width, height: moved.rect.height),
                                    cornerRadius: moved.cornerRadius)
        var silhouette = SolidColorSink(alphaMask: coverage)
        try silhouettes.rasterize(outer: local, inner: nil, clip: coverage.bounds, into: &silhouette)
        blur(width: area.width, height: area.height, plan: boxes)
        var sink = try SolidColorSink(surface: surface, color: color, opacity: opacity, mask: mask)
        for row in 0..<area.height {
            sink.blendSpan(x: area.x, y: area.y &+ row,
                           coverage: UnsafeBufferPointer(start: work + row &* area.width, count: area.width))
        }
    }

    /// Draws the shadow of a silhouette: the alpha of `source` (32 bits per pixel with an 8-bit alpha field, premultiplied, or A8; its clip is
    /// the part that holds the silhouette) moved by whole pixels (`offsetX`, `offsetY`), blurred with
    /// `radius` (Q16.16 pixels, σ = radius / 2), in `color` faded by `opacity`, into `surface` through the
    /// optional A8 `mask` (an enclosing clip, the size of `surface`). Only the part of the silhouette whose
    /// blur can reach `surface.clip` is read. Throws `.invalidGeometry("shadowRadius")` for a negative
    /// radius, `.unsupportedBitsPerPixel` for a source of another depth, `.layoutMismatch` /
    /// `.sizeMismatch` for a bad mask and `.poolBufferTooSmall` when the blurred area exceeds the buffers.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public mutating func drawShadow(ofAlpha source: Surface, color: PremultipliedColor, opacity: UInt8,
                                    offsetX: Int, offsetY: Int, radius: Fixed, into surface: Surface,
                                    mask: Surface? = nil) throws(RasterError) {
        guard radius.raw >= 0 else { throw .invalidGeometry(name: "shadowRadius", raw: radius.raw) }
        let bytesPerPixel = source.layout.bytesPerPixel
        guard (bytesPerPixel == 4 && source.layout.alpha.length == 8) || source.layout == .a8 else {
            throw .unsupportedBitsPerPixel(source.layout.bitsPerPixel)
        }
        var sink = try SolidColorSink(surface: surface, color: color, opacity: opacity, mask: mask)
        if opacity == 0 || color.alpha == 0 { return }
        let boxes = BoxBlurPlan(radius: radius)
        // Source pixels whose blurred, moved image can reach the clip.
        let needed = surface.clip.insetBy(-boxes.reach).offsetBy(dx: 0 &- offsetX, dy: 0 &- offsetY)
        let silhouette = needed.intersection(source.clip)
        if silhouette.isEmpty { return }
        let area = silhouette.offsetBy(dx: offsetX, dy: offsetY).insetBy(-boxes.reach)
        guard area.width <= maximumWidth, area.height <= maximumHeight else {
            throw .poolBufferTooSmall(requestedWidth: area.width, requestedHeight: area.height,
                                      availableWidth: maximumWidth, availableHeight: maximumHeight)
        }
        work.update(repeating: 0, count: area.width &* area.height)
        let alphaOffset = UInt32(truncatingIfNeeded: source.layout.alpha.offset)
        for y in silhouette.y..<silhouette.maxY {
            let row: Int = (y &+ offsetY) &- area.y
            let column: Int = (silhouette.x &+ offsetX) &- area.x
            let to = work + (row &* area.width &+ column)
            if bytesPerPixel == 4 {
                let from = UnsafePointer(source.rowAddress(y).assumingMemoryBound(to: UInt32.self)) + silhouette.x
                for x in 0..<silhouette.width { to[x] = UInt8(truncatingIfNeeded: from[x] &>> alphaOffset) }
            } else {
                let from = UnsafePointer(source.rowAddress(y).assumingMemoryBound(to: UInt8.self)) + silhouette.x
                for x in 0..<silhouette.width { to[x] = from[x] }
            }
        }
        blur(width: area.width, height: area.height, plan: boxes)
        for row in 0..<area.height {
            sink.blendSpan(x: area.x, y: area.y &+ row,
                           coverage: UnsafeBufferPointer(start: work + row &* area.width, count: area.width))
        }
    }

    /// Three horizontal then three vertical box passes, ending in `work`.
    private func blur(width: Int, height: Int, plan: BoxBlurPlan) {
        if plan.reach == 0 { return }
        for pass in 0..<3 {
            BoxBlur.horizontal(from: work, to: spare, width: width, height: height, box: plan.box(pass))
            BoxBlur.vertical(from: spare, to: work, width: width, height: height, box: plan.box(pass), sums: columnSums)
        }
    }
}

extension SolidColorSink {
    /// A sink that writes opaque coverage into an A8 mask (silhouettes for shadows and clips).
    init(alphaMask: Surface) {
        self.surface = alphaMask
        self.color = .clear
        self.opacity = 255
        self.mask = nil
        self.hasMask = false
        self.argb = 0xFF00_0000
        self.blendsOpaqueOctets = false
    }
}

import FixedPoint
import Raster

/// How far a layer's own drawing reaches, in layer points and then in canvas pixels: the bounds (for the
/// background, border and image content), a shape's path grown by its stroke, and the shadow of all that.
enum LayerExtent {
    /// How far a shadow's blur spreads beyond the shape casting it, in layer points (raw Q16.16): twice
    /// the radius, which holds the whole support of the three-box-blur approximation of the Gaussian.
    @inline(__always)
    @_noAllocation
    static func shadowSpread(_ radius: Fixed) -> Int64 { Int64(max(radius.raw, 0)) &* 2 &+ Int64(Fixed.one.raw) }

    /// Whether the entry draws a shadow at all: not when it masks to its bounds, which clip the shadow
    /// with the content in Core Animation.
    @inline(__always)
    @_noAllocation
    static func hasShadow(_ entry: PresentationLayer) -> Bool {
        guard let color = entry.shadowColor, !entry.masksToBounds else { return false }
        return color.alpha > 0 && entry.shadowOpacity.raw > 0
    }

    /// Whether the entry's shadow is the shadow of its rounded bounds: it has an opaque background and
    /// draws nothing else but a border, so its alpha is exactly the rounded bounds.
    @inline(__always)
    @_noAllocation
    static func castsBoundsShadow(_ entry: PresentationLayer, hasSublayers: Bool) -> Bool {
        guard let color = entry.backgroundColor, color.alpha == 255, !entry.bounds.isEmpty else { return false }
        if hasSublayers { return false }
        switch entry.kind {
        case .shape: if case .some = entry.shape.path { return false }
        case .image: if case .some = entry.image.image { return false }
        case .custom: if case .some = entry.custom.surface { return false }
        case .text: if hasText(entry) { return false }
        case .gradient: if hasGradient(entry) { return false }
        case .plain, .replicator: break
        }
        return true
    }

    /// The shadow offset in canvas pixels through `world`'s linear part (raw Q16.16).
    @inline(__always)
    @_noAllocation
    static func shadowDeviceOffset(_ entry: PresentationLayer, world: Affine) -> (x: Int64, y: Int64) {
        let width = Int64(entry.shadowOffset.width.raw), height = Int64(entry.shadowOffset.height.raw)
        return ((Int64(world.a.raw) &* width &+ Int64(world.c.raw) &* height) &>> 16,
                (Int64(world.b.raw) &* width &+ Int64(world.d.raw) &* height) &>> 16)
    }

    /// How far, in whole canvas pixels, the shadow of anything the entry draws can land from it through
    /// `world`: the larger component of the device offset plus the blur's spread (twice the scaled radius),
    /// rounded up, plus one.
    @inline(__always)
    @_noAllocation
    static func shadowReach(_ entry: PresentationLayer, world: Affine) -> Int {
        let offset = shadowDeviceOffset(entry, world: world)
        let spread = (shadowSpread(entry.shadowRadius) &* SubpixelMapping(world).stretchBound()) &>> 16
        let larger = max(offset.x < 0 ? 0 &- offset.x : offset.x, offset.y < 0 ? 0 &- offset.y : offset.y)
        return Int(truncatingIfNeeded: ((larger &+ spread &+ 0xFFFF) &>> 16) &+ 1)
    }

    /// Whether the entry draws a background.
    @inline(__always)
    @_noAllocation
    static func hasBackground(_ entry: PresentationLayer) -> Bool {
        guard let color = entry.backgroundColor else { return false }
        return color.alpha > 0 && !entry.bounds.isEmpty
    }

    /// Whether the entry draws a border.
    @inline(__always)
    @_noAllocation
    static func hasBorder(_ entry: PresentationLayer) -> Bool {
        guard let color = entry.borderColor else { return false }
        return color.alpha > 0 && entry.borderWidth.raw > 0 && !entry.bounds.isEmpty
    }

    /// The layer-space box (raw Q16.16 min x, min y, max x, max y) of everything the entry draws itself,
    /// without its shadow; nil when it draws nothing.
    @inline(__always)
    @_noAllocation
    static func contentBox(_ entry: PresentationLayer) -> (Int64, Int64, Int64, Int64)? {
        let bounds = entry.bounds
        let boundsBox = (Int64(bounds.minX.raw), Int64(bounds.minY.raw), Int64(bounds.maxX.raw), Int64(bounds.maxY.raw))
        var box: (Int64, Int64, Int64, Int64)? = nil
        if hasBackground(entry) || hasBorder(entry) { box = boundsBox }
        switch entry.kind {
        case .image, .custom:
            if !bounds.isEmpty { box = union(box, boundsBox) }
        case .gradient:
            if hasGradient(entry) { box = union(box, boundsBox) }
        case .shape, .plain, .text, .replicator:
            break
        }
        return box
    }

    /// The canvas pixels the entry's own drawing can touch, moved by the device offset (Q16.16).
    @inline(__always)
    @_noAllocation
    static func ownPixels(_ entry: PresentationLayer, offsetX: Int64, offsetY: Int64,
                          shapeBox: (Int64, Int64, Int64, Int64)? = nil,
                          shadowPathBox: (Int64, Int64, Int64, Int64)? = nil) -> IntRect {
        var box = contentBox(entry)
        if let shapeBox { box = union(box, shapeBox) }
        // The shadow is cast by the shadow path when there is one, else by what the layer draws.
        var casts = box
        if case .some = entry.shadowPath { casts = shadowPathBox }
        if hasShadow(entry), let caster = casts {
            let spread = shadowSpread(entry.shadowRadius)
            let dx = Int64(entry.shadowOffset.width.raw), dy = Int64(entry.shadowOffset.height.raw)
            box = union(box, (caster.0 &+ dx &- spread, caster.1 &+ dy &- spread,
                              caster.2 &+ dx &+ spread, caster.3 &+ dy &+ spread))
        }
        guard let drawn = box else { return .empty }
        let transform = SubpixelMapping(entry.transform, offsetX: offsetX, offsetY: offsetY)
        return transform.pixelBounds(minX: drawn.0, minY: drawn.1, maxX: drawn.2, maxY: drawn.3)
    }

    /// The layer-space box (raw Q16.16) of a shape's path, grown by half its stroke width times the
    /// larger of the miter limit and 1.5 (miter joins and square caps reach that far), or nil without a
    /// visible path. Bézier control points bound their curves, so the box of the points is enough.
    @_noAllocation
    static func shapeBox(_ shape: ShapeContent, resources: Unmanaged<EngineResources>) -> (Int64, Int64, Int64, Int64)? {
        guard case .some(let id) = shape.path else { return nil }
        var stroked = false, filled = false
        if let color = shape.strokeColor, color.alpha > 0, shape.lineWidth.raw > 0 { stroked = true }
        if let color = shape.fillColor, color.alpha > 0 { filled = true }
        if !stroked && !filled { return nil }
        guard var grown = pathBox(id, resources: resources) else { return nil }
        if stroked {
            let reach = max(Int64(shape.miterLimit.raw), 3 &<< 15)
            let spread = ((Int64(shape.lineWidth.raw) &* reach) &>> 17) &+ Int64(Fixed.one.raw)
            grown = (grown.0 &- spread, grown.1 &- spread, grown.2 &+ spread, grown.3 &+ spread)
        }
        return grown
    }

    /// The layer-space box (raw Q16.16) of a path's points (which bound its curves), or nil for a missing or
    /// empty path.
    @_noAllocation
    static func pathBox(_ id: PathID, resources: Unmanaged<EngineResources>) -> (Int64, Int64, Int64, Int64)? {
        // Reading a path retains its storage, which the checker cannot tell from an allocation.
        _unsafePerformance { () -> (Int64, Int64, Int64, Int64)? in
            guard let path = resources.takeUnretainedValue().path(for: id), path.pointCount > 0 else { return nil }
            var box = (Int64.max, Int64.max, Int64.min, Int64.min)
            for index in 0..<path.pointCount {
                guard let point = path.point(at: index) else { continue }
                box = (min(box.0, Int64(point.x.raw)), min(box.1, Int64(point.y.raw)),
                       max(box.2, Int64(point.x.raw)), max(box.3, Int64(point.y.raw)))
            }
            return box
        }
    }

    /// The layer-space box (raw Q16.16) an image covers once placed by its gravity (beyond the bounds
    /// for `center` and `resizeAspectFill`), or nil without an image.
    @_noAllocation
    static func imageBox(_ entry: PresentationLayer, resources: Unmanaged<EngineResources>) -> (Int64, Int64, Int64, Int64)? {
        guard case .some(let id) = entry.image.image,
              let image = _unsafePerformance({ resources.takeUnretainedValue().image(for: id) }) else { return nil }
        let placement = ContentsPlacement.affine(gravity: entry.image.gravity, bounds: entry.bounds,
                                                 imageWidth: image.width, imageHeight: image.height)
        let minX = Int64(placement.tx.raw), minY = Int64(placement.ty.raw)
        let maxX = minX &+ ((Int64(placement.a.raw) &* Int64(image.width)) ), maxY = minY &+ (Int64(placement.d.raw) &* Int64(image.height))
        return (min(minX, maxX), min(minY, maxY), max(minX, maxX), max(minY, maxY))
    }

    @inline(__always)
    @_noAllocation
    static func union(_ a: (Int64, Int64, Int64, Int64)?, _ b: (Int64, Int64, Int64, Int64)) -> (Int64, Int64, Int64, Int64) {
        guard let a else { return b }
        return (min(a.0, b.0), min(a.1, b.1), max(a.2, b.2), max(a.3, b.3))
    }
}

extension LayerExtent {
    /// Whether a gradient layer has a gradient to draw (set, and bounds with area).
    @_noAllocation
    @inline(__always)
    static func hasGradient(_ entry: PresentationLayer) -> Bool {
        entry.gradient.storage >= 0 && !entry.bounds.isEmpty
    }
}

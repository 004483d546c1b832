import FixedPoint

/// Where `contentsGravity` puts an image of `imageWidth × imageHeight` pixels in a layer's bounds, as an
/// affine map from image pixels to layer points.
///
/// `resize` stretches the image over the bounds; `resizeAspect` scales it uniformly to fit inside, centred;
/// `resizeAspectFill` scales it uniformly to cover the bounds, centred (the overflow shows unless the layer
/// masks to its bounds); `center` keeps one image pixel per point, centred.
enum ContentsPlacement {
    @_noAllocation
    static func affine(gravity: ContentsGravity, bounds: Rect, imageWidth: Int, imageHeight: Int) -> Affine {
        affine(gravity: gravity, bounds: bounds, contentWidth: Fixed(raw: Int32(truncatingIfNeeded: imageWidth &<< 16)),
               contentHeight: Fixed(raw: Int32(truncatingIfNeeded: imageHeight &<< 16)))
    }

    /// The same for content of a fractional size in image pixels (the part of an image a `contentsRect`
    /// selects), mapping content coordinates (0 … width, 0 … height) to layer points.
    @_noAllocation
    static func affine(gravity: ContentsGravity, bounds: Rect, contentWidth imageW: Fixed, contentHeight imageH: Fixed) -> Affine {
        let width = bounds.width, height = bounds.height
        var scaleX = width / imageW, scaleY = height / imageH
        switch gravity {
        case .resize: break
        case .resizeAspect:
            let scale = scaleX < scaleY ? scaleX : scaleY
            scaleX = scale
            scaleY = scale
        case .resizeAspectFill:
            let scale = scaleX > scaleY ? scaleX : scaleY
            scaleX = scale
            scaleY = scale
        case .center:
            scaleX = .one
            scaleY = .one
        }
        let originX = bounds.minX + Fixed(raw: (width - scaleX * imageW).raw &>> 1)
        let originY = bounds.minY + Fixed(raw: (height - scaleY * imageH).raw &>> 1)
        return Affine(a: scaleX, b: .zero, c: .zero, d: scaleY, tx: originX, ty: originY)
    }
}

/// A reduction the inverse DCT makes by itself (libjpeg's `scale_num/scale_denom`, `djpeg -scale 1/N`): each
/// 8×8 block becomes 8, 4, 2 or 1 samples a side, so the picture is decoded at 1/1, 1/2, 1/4 or 1/8 of its width
/// and height (rounded up) for a fraction of the work and memory of the full picture.
public enum JPEGScale: Int, Sendable, CaseIterable {
    case full = 8
    case half = 4
    case quarter = 2
    case eighth = 1

    /// Samples a block side at this scale (libjpeg's `min_DCT_scaled_size`).
    var blockSize: Int { rawValue }

    /// `length` samples at this scale: ⌈length × blockSize / 8⌉.
    public func scaled(_ length: Int) -> Int { (length * blockSize + 7) / 8 }

    /// The smallest scale whose picture still covers `width` × `height` (the size it is reduced to next) from a
    /// `sourceWidth` × `sourceHeight` picture.
    static func covering(width: Int, height: Int, sourceWidth: Int, sourceHeight: Int) -> JPEGScale {
        for scale in [JPEGScale.eighth, .quarter, .half]
        where scale.scaled(sourceWidth) >= width && scale.scaled(sourceHeight) >= height {
            return scale
        }
        return .full
    }
}

/// The largest size, in pixels, a picture will be shown at. Decoding with a bound keeps no more pixels than
/// showing needs: a picture larger than the bound is reduced (exact-area) to the smallest size with its own
/// proportions that still covers the bound in both directions, so it is never magnified afterwards.
public struct ImageDisplayBound: Sendable, Equatable {
    /// Largest shown width and height in pixels, 1…65535 each.
    public let width: Int
    public let height: Int

    /// A bound of `width` × `height` pixels; refused outside 1…65535 a side.
    public init(width: Int, height: Int) throws(ImageSizeError) {
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw ImageSizeError(message: "display bound \(width)×\(height) is not within 1…65535 a side")
        }
        self.width = width
        self.height = height
    }

    /// The size a `sourceWidth` × `sourceHeight` picture is decoded at: the source size when it fits within
    /// the bound in one direction, else the bound's side in the direction that needs the larger scale and the
    /// other side scaled alike, rounded up (computed in 64 bits, exact on 32-bit boards too).
    public func reducedSize(sourceWidth: Int, sourceHeight: Int) -> (width: Int, height: Int) {
        guard sourceWidth > width, sourceHeight > height else { return (sourceWidth, sourceHeight) }
        let sourceW = UInt64(sourceWidth), sourceH = UInt64(sourceHeight)
        let boundW = UInt64(width), boundH = UInt64(height)
        if boundW * sourceH >= boundH * sourceW {
            return (width, Int((sourceH * boundW + sourceW - 1) / sourceW))
        }
        return (Int((sourceW * boundH + sourceH - 1) / sourceH), height)
    }
}

extension PixelImage {
    /// This picture reduced (exact-area) to the size `bound` keeps, or itself when it already fits.
    public func reduced(within bound: ImageDisplayBound) throws(ImageSizeError) -> PixelImage {
        let size = bound.reducedSize(sourceWidth: width, sourceHeight: height)
        guard size.width != width || size.height != height else { return self }
        var reduction = try AreaReduction(sourceWidth: width, sourceHeight: height, width: size.width, height: size.height)
        rgba.withUnsafeBufferPointer { pixels in
            for y in 0..<height { reduction.add(row: pixels.baseAddress! + y * width * 4) }
        }
        return reduction.image()!
    }
}

/// Images: premultiplied ARGB8888 storage filled from caller data at setup.
extension SurfaceStorage {
    /// A premultiplied ARGB8888 image copied from `pixels` (`0xAARRGGBB`, row-major, `width × height` of them).
    /// Throws `.invalidSize` for a zero or oversized size, `.imageDataMismatch` when the count differs from
    /// `width × height`, and `.imageNotPremultiplied` naming the first pixel with a colour byte above its alpha.
    public init(premultipliedARGB pixels: UnsafeBufferPointer<UInt32>, width: Int, height: Int) throws(RasterError) {
        guard width > 0, height > 0, width <= Surface.maximumDimension, height <= Surface.maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        guard pixels.count == width * height else {
            throw .imageDataMismatch(expectedPixels: width * height, actualPixels: pixels.count)
        }
        for (index, pixel) in pixels.enumerated() {
            let alpha = pixel >> 24
            if (pixel >> 16) & 0xFF > alpha || (pixel >> 8) & 0xFF > alpha || pixel & 0xFF > alpha {
                throw .imageNotPremultiplied(x: index % width, y: index / width)
            }
        }
        try self.init(width: width, height: height, layout: .argb8888Premultiplied)
        for y in 0..<height {
            let row = surface.rowAddress(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = pixels[y * width + x] }
        }
    }
}

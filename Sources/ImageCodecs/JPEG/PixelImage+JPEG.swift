/// JPEG reading: baseline and progressive Huffman-coded JPEG, 8-bit, greyscale, YCbCr and RGB, any integer
/// sampling factors, restart markers and EXIF orientation, with libjpeg-turbo's `djpeg` output (accurate
/// integer IDCT, fancy upsampling) reproduced exactly.
extension PixelImage {
    /// Decodes a JPEG file's bytes into RGBA (alpha 255), turned upright by its EXIF orientation. Refuses what it
    /// cannot decode (arithmetic coding, 12-bit, lossless, CMYK/YCCK) and damaged files with a `JPEGError`
    /// naming the segment and byte offset; sizes over `limits` are refused before anything is allocated.
    /// With a `bound`, a larger picture is reduced (exact-area, ``AreaReduction``) to the size the bound keeps,
    /// one row at a time, so its full-size RGBA is never held.
    public init(jpeg bytes: [UInt8], limits: JPEGDecodingLimits = JPEGDecodingLimits(),
                within bound: ImageDisplayBound? = nil) throws(JPEGError) {
        var decoder = JPEGDecoder(bytes: bytes, limits: limits)
        try decoder.readFile()
        self = try decoder.pixels(within: bound)
    }
}

/// JPEG reading: baseline and progressive Huffman-coded JPEG, 8-bit, greyscale, YCbCr and RGB, any integer
/// sampling factors, restart markers and EXIF orientation, with libjpeg-turbo's `djpeg` output (accurate
/// integer IDCT, fancy upsampling) reproduced exactly.
extension PixelImage {
    /// Decodes a JPEG file's bytes into RGBA (alpha 255), turned upright by its EXIF orientation. Refuses what it
    /// cannot decode (arithmetic coding, 12-bit, lossless, CMYK/YCCK) and damaged files with a `JPEGError`
    /// naming the segment and byte offset; sizes over `limits` are refused before anything is allocated.
    /// With a `bound`, a larger picture is decoded at the smallest ``JPEGScale`` that still covers the size the
    /// bound keeps, then reduced (exact-area, ``AreaReduction``) to that size one row at a time, so neither its
    /// full-size samples nor its full-size RGBA are ever held.
    public init(jpeg bytes: [UInt8], limits: JPEGDecodingLimits = JPEGDecodingLimits(),
                within bound: ImageDisplayBound? = nil) throws(JPEGError) {
        var decoder = JPEGDecoder(bytes: bytes, limits: limits, within: bound)
        try decoder.readFile()
        self = try decoder.pixels()
    }
}

extension PixelImage {
    /// Decodes a JPEG file's bytes at `scale` (the inverse DCT's own reduction, ``JPEGScale``): the picture is
    /// ⌈width × scale⌉ × ⌈height × scale⌉, equal to `djpeg -scale 1/N`'s, then turned upright by its EXIF
    /// orientation. Refusals as ``init(jpeg:limits:within:)``.
    public init(jpeg bytes: [UInt8], limits: JPEGDecodingLimits = JPEGDecodingLimits(), scale: JPEGScale) throws(JPEGError) {
        var decoder = JPEGDecoder(bytes: bytes, limits: limits, scale: scale)
        try decoder.readFile()
        self = try decoder.pixels()
    }
}

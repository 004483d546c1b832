/// Bounds checked against the frame header before anything is allocated for the picture.
///
/// Peak working memory of a sequential file with one scan is the RGBA result (4 bytes a pixel) plus a few MCU
/// rows (about 100 KB at 1920 wide). Progressive and multi-scan files keep a whole-image coefficient store: the
/// larger of (DCT coefficients + sample planes) = 3 bytes per component sample and (sample planes + RGBA
/// result) = 1 byte per sample + 4 a pixel: 5.5 bytes a pixel for 4:2:0 YCbCr (66 MB for a 12 MP photo), 9 for
/// 4:4:4, 5 for greyscale (blocks rounded up to whole MCUs).
public struct JPEGDecodingLimits: Sendable, Equatable {
    /// Largest width or height accepted, in pixels (JPEG's own limit is 65535).
    public var maximumSide: Int
    /// Largest width × height accepted.
    public var maximumPixelCount: Int

    /// Creates limits; the defaults accept a 16 MP picture of up to 16384 pixels a side.
    public init(maximumSide: Int = 16_384, maximumPixelCount: Int = 16 * 1024 * 1024) {
        self.maximumSide = maximumSide
        self.maximumPixelCount = maximumPixelCount
    }
}

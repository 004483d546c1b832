/// Bounds checked against the frame header before anything is allocated for the picture.
///
/// Working memory while decoding is about 4 bytes a pixel for the RGBA result plus 3 bytes per component
/// sample (2 for the DCT coefficients, 1 for the sample planes): 8.5 bytes a pixel for 4:2:0 YCbCr, 13 for
/// 4:4:4, 7 for greyscale — 100 MB for a 12 MP 4:2:0 photo at full size.
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

/// One bilinear sample of a premultiplied ARGB8888 image kept wide: each channel in Q24 (an 8-bit value
/// times 2^24, at most 255 × 2^24) in a 32-bit lane, in memory byte order (blue, green, red, alpha: the
/// bytes of a little-endian `0xAARRGGBB` word). Nothing is rounded to 8 bits until the blend that stores
/// it (`ImageBlend`).
struct WideTexel {
    /// Blue, green, red, alpha, Q24.
    let lanes: SIMD4<UInt32>

    /// The transparent sample (every channel 0).
    static var transparent: WideTexel { WideTexel(lanes: SIMD4<UInt32>()) }

    @inline(__always) var blue: Int64 { Int64(lanes[0]) }
    @inline(__always) var green: Int64 { Int64(lanes[1]) }
    @inline(__always) var red: Int64 { Int64(lanes[2]) }
    @inline(__always) var alpha: Int64 { Int64(lanes[3]) }
}

/// Where an image row loop takes its wide samples from (`AffineRowSampler`, `PerspectiveRowSampler`).
/// Index 0 is the first pixel of the row segment.
protocol ImageSampleSource {
    /// The sample for pixel `index` of the segment.
    func sample(_ index: Int) -> WideTexel
    /// The source with its first `count` pixels skipped.
    func advanced(by count: Int) -> Self
    /// Whether 5-6-5 targets get ordered dithering (`DitheredBlend565`) instead of rounding to nearest.
    static var dithers565: Bool { get }
}

extension ImageSampleSource {
    /// Images round to nearest.
    static var dithers565: Bool { false }
}

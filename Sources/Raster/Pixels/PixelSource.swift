/// Where a row loop takes its source pixels from: premultiplied 8888 words in the destination's byte order
/// (canonical `0xAARRGGBB` for every non-8888 destination). Index 0 is the first pixel of the row segment.
protocol PixelSource {
    /// The source pixel at `index`.
    func pixel(_ index: Int) -> UInt32
    /// The source with its first `count` pixels skipped (used when clipping the segment's start).
    func advanced(by count: Int) -> Self
}

/// Per-pixel coverage (0 ... 255) multiplied into the source. Index 0 is the first pixel of the segment.
protocol CoverageSource {
    /// Coverage at `index`.
    func coverage(_ index: Int) -> UInt32
    /// The coverage with its first `count` pixels skipped.
    func advanced(by count: Int) -> Self
}

/// One colour for the whole segment.
struct UniformSource: PixelSource {
    let value: UInt32
    @inline(__always) func pixel(_ index: Int) -> UInt32 { value }
    @inline(__always) func advanced(by count: Int) -> UniformSource { self }
}

/// Consecutive pixels of a row of premultiplied words.
struct RowSource: PixelSource {
    let pixels: UnsafePointer<UInt32>
    @inline(__always) func pixel(_ index: Int) -> UInt32 { pixels[index] }
    @inline(__always) func advanced(by count: Int) -> RowSource { RowSource(pixels: pixels + count) }
}

/// A canonical ARGB source re-ordered into an 8888 destination's byte order.
struct SwizzledSource<Inner: PixelSource>: PixelSource {
    let inner: Inner
    let order: ByteOrder8888
    @inline(__always) func pixel(_ index: Int) -> UInt32 { order.arrange(inner.pixel(index)) }
    @inline(__always) func advanced(by count: Int) -> SwizzledSource { SwizzledSource(inner: inner.advanced(by: count), order: order) }
}

/// The same coverage for the whole segment.
struct UniformCoverage: CoverageSource {
    let value: UInt32
    @inline(__always) func coverage(_ index: Int) -> UInt32 { value }
    @inline(__always) func advanced(by count: Int) -> UniformCoverage { self }
}

/// One coverage byte per pixel.
struct SpanCoverage: CoverageSource {
    let values: UnsafePointer<UInt8>
    @inline(__always) func coverage(_ index: Int) -> UInt32 { UInt32(values[index]) }
    @inline(__always) func advanced(by count: Int) -> SpanCoverage { SpanCoverage(values: values + count) }
}

/// Coverage multiplied by a row of an A8 mask (rounded to nearest).
struct MaskedCoverage<Inner: CoverageSource>: CoverageSource {
    let inner: Inner
    let mask: UnsafePointer<UInt8>
    @inline(__always) func coverage(_ index: Int) -> UInt32 {
        ChannelMath.multiply(inner.coverage(index), UInt32(mask[index]))
    }
    @inline(__always) func advanced(by count: Int) -> MaskedCoverage {
        MaskedCoverage(inner: inner.advanced(by: count), mask: mask + count)
    }
}

/// Byte positions of an 8888 layout, for moving canonical ARGB words into it.
struct ByteOrder8888: Hashable, Sendable {
    let redShift: UInt32, greenShift: UInt32, blueShift: UInt32, alphaShift: UInt32

    init(red: ChannelField, green: ChannelField, blue: ChannelField, alpha: ChannelField) {
        redShift = UInt32(red.offset)
        greenShift = UInt32(green.offset)
        blueShift = UInt32(blue.offset)
        // Without alpha, alpha travels in the byte no colour uses (it keeps an X byte at 0xFF, harmlessly).
        let used = red.mask | green.mask | blue.mask
        var freeByte: UInt32 = 24
        while freeByte > 0 && used & (0xFF &<< freeByte) != 0 { freeByte -= 8 }
        alphaShift = alpha.length > 0 ? UInt32(alpha.offset) : freeByte
    }

    /// Moves the bytes of a canonical `0xAARRGGBB` word to this order.
    @inline(__always)
    func arrange(_ argb: UInt32) -> UInt32 {
        ((argb &>> 16) & 0xFF) &<< redShift | ((argb &>> 8) & 0xFF) &<< greenShift
            | (argb & 0xFF) &<< blueShift | (argb &>> 24) &<< alphaShift
    }
}

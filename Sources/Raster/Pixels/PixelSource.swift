/// Where a row loop takes its source pixels from: premultiplied 8888 words in the destination's byte order
/// (canonical `0xAARRGGBB` for every non-8888 destination). Index 0 is the first pixel of the row segment.
@usableFromInline
protocol PixelSource {
    /// The source pixel at `index`.
    func pixel(_ index: Int) -> UInt32
    /// The source with its first `count` pixels skipped (used when clipping the segment's start).
    func advanced(by count: Int) -> Self
}

/// One colour for the whole segment.
@usableFromInline
struct UniformSource: PixelSource {
    @usableFromInline let value: UInt32
    @inlinable init(value: UInt32) { self.value = value }
    @inlinable @inline(__always) func pixel(_ index: Int) -> UInt32 { value }
    @inlinable @inline(__always) func advanced(by count: Int) -> UniformSource { self }
}

/// Consecutive pixels of a row of premultiplied words.
@usableFromInline
struct RowSource: PixelSource {
    @usableFromInline let pixels: UnsafePointer<UInt32>
    @inlinable init(pixels: UnsafePointer<UInt32>) { self.pixels = pixels }
    @inlinable @inline(__always) func pixel(_ index: Int) -> UInt32 { pixels[index] }
    @inlinable @inline(__always) func advanced(by count: Int) -> RowSource { RowSource(pixels: pixels + count) }
}

/// A canonical ARGB source re-ordered into an 8888 destination's byte order.
@usableFromInline
struct SwizzledSource<Inner: PixelSource>: PixelSource {
    @usableFromInline let inner: Inner
    @usableFromInline let order: ByteOrder8888
    @inlinable init(inner: Inner, order: ByteOrder8888) {
        self.inner = inner
        self.order = order
    }
    @inlinable @inline(__always) func pixel(_ index: Int) -> UInt32 { order.arrange(inner.pixel(index)) }
    @inlinable @inline(__always) func advanced(by count: Int) -> SwizzledSource { SwizzledSource(inner: inner.advanced(by: count), order: order) }
}

/// Byte positions of an 8888 layout, for moving canonical ARGB words into it.
@usableFromInline
struct ByteOrder8888: Hashable, Sendable {
    @usableFromInline let redShift: UInt32, greenShift: UInt32, blueShift: UInt32, alphaShift: UInt32

    @inlinable
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
    @inlinable @inline(__always)
    func arrange(_ argb: UInt32) -> UInt32 {
        ((argb &>> 16) & 0xFF) &<< redShift | ((argb &>> 8) & 0xFF) &<< greenShift
            | (argb & 0xFF) &<< blueShift | (argb &>> 24) &<< alphaShift
    }
}

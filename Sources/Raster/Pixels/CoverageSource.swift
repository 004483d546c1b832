/// Per-pixel blend weight of a row segment, what the row loops multiply a source by. Index 0 is the first
/// pixel of the segment. A source states either an 8-bit coverage (`coverage`, 0 ... 255) or the Q16 weight
/// of coverage × opacity × mask (`weight`, `ChannelMath.weight`); each has a default from the other, so a
/// conforming type implements one of them.
@usableFromInline
protocol CoverageSource {
    /// 8-bit coverage at `index` (0 ... 255).
    func coverage(_ index: Int) -> UInt32
    /// Q16 blend weight at `index` (0 ... 65536).
    func weight(_ index: Int) -> UInt32
    /// The coverage with its first `count` pixels skipped.
    func advanced(by count: Int) -> Self
}

extension CoverageSource {
    /// The weight of an 8-bit coverage.
    @inlinable @inline(__always)
    func weight(_ index: Int) -> UInt32 { ChannelMath.weight(byte: coverage(index)) }

    /// The 8-bit coverage nearest to the weight.
    @inlinable @inline(__always)
    func coverage(_ index: Int) -> UInt32 { (weight(index) &* 255 &+ 32_768) &>> 16 }
}

/// The same weight for the whole segment.
@usableFromInline
struct UniformCoverage: CoverageSource {
    @usableFromInline let value: UInt32
    /// An 8-bit coverage (or opacity), 0 ... 255.
    @inlinable init(value: UInt32) { self.value = ChannelMath.weight(byte: value) }
    /// A Q16 weight (`ChannelMath.weight`).
    @inlinable init(weight: UInt32) { self.value = weight }
    @inlinable @inline(__always) func weight(_ index: Int) -> UInt32 { value }
    @inlinable @inline(__always) func advanced(by count: Int) -> UniformCoverage { self }
}

/// Wide coverage values (`WideCoverage`, Q8.7) along a segment, before opacity and mask.
@usableFromInline
protocol WideCoverageValues {
    /// The wide coverage (0 ... 32640) at `index`.
    func value(_ index: Int) -> UInt32
    /// The values with the first `count` skipped.
    func advanced(by count: Int) -> Self
}

/// One wide coverage for the whole segment.
@usableFromInline
struct UniformWideCoverage: WideCoverageValues {
    @usableFromInline let coverage: UInt32
    @inlinable init(_ coverage: UInt16) { self.coverage = UInt32(coverage) }
    @inlinable @inline(__always) func value(_ index: Int) -> UInt32 { coverage }
    @inlinable @inline(__always) func advanced(by count: Int) -> UniformWideCoverage { self }
}

/// One wide coverage per pixel.
@usableFromInline
struct WideCoverageRow: WideCoverageValues {
    @usableFromInline let values: UnsafePointer<UInt16>
    @inlinable init(_ values: UnsafePointer<UInt16>) { self.values = values }
    @inlinable @inline(__always) func value(_ index: Int) -> UInt32 { UInt32(values[index]) }
    @inlinable @inline(__always) func advanced(by count: Int) -> WideCoverageRow { WideCoverageRow(values + count) }
}

/// One 8-bit coverage per pixel (blurred shadow silhouettes), as wide values (exact: byte × 128).
@usableFromInline
struct ByteCoverageRow: WideCoverageValues {
    @usableFromInline let values: UnsafePointer<UInt8>
    @inlinable init(_ values: UnsafePointer<UInt8>) { self.values = values }
    @inlinable @inline(__always) func value(_ index: Int) -> UInt32 { UInt32(values[index]) &<< 7 }
    @inlinable @inline(__always) func advanced(by count: Int) -> ByteCoverageRow { ByteCoverageRow(values + count) }
}

/// Wide coverage × a scale (opacity × 255, 0 ... 65025) as one weight.
@usableFromInline
struct ScaledCoverage<Values: WideCoverageValues>: CoverageSource {
    @usableFromInline let values: Values
    @usableFromInline let scale: UInt32
    @inlinable init(_ values: Values, scale: UInt32) {
        self.values = values
        self.scale = scale
    }
    @inlinable @inline(__always) func weight(_ index: Int) -> UInt32 {
        ChannelMath.weight(coverage: values.value(index), scale: scale)
    }
    @inlinable @inline(__always) func advanced(by count: Int) -> ScaledCoverage {
        ScaledCoverage(values.advanced(by: count), scale: scale)
    }
}

/// Wide coverage × opacity × a row of an A8 mask as one weight (no rounding between the three factors).
@usableFromInline
struct MaskedCoverage<Values: WideCoverageValues>: CoverageSource {
    @usableFromInline let values: Values
    @usableFromInline let opacity: UInt32
    @usableFromInline let mask: UnsafePointer<UInt8>
    @inlinable init(_ values: Values, opacity: UInt32, mask: UnsafePointer<UInt8>) {
        self.values = values
        self.opacity = opacity
        self.mask = mask
    }
    @inlinable @inline(__always) func weight(_ index: Int) -> UInt32 {
        ChannelMath.weight(coverage: values.value(index), scale: opacity &* UInt32(mask[index]))
    }
    @inlinable @inline(__always) func advanced(by count: Int) -> MaskedCoverage {
        MaskedCoverage(values.advanced(by: count), opacity: opacity, mask: mask + count)
    }
}

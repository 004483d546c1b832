/// A fill rule as a type, so that the row sweep is specialised per rule (`Rasterizer.sweepRow`) and
/// tests no rule per cell.
@usableFromInline
protocol CoverageRule {
    /// The covered part (0 … `SubpixelGrid.fullDoubledArea`) of a doubled winding-weighted area.
    static func coveredArea(_ doubledArea: Int32) -> Int32
    /// Wide coverage (`WideCoverage`, 0 … 32640) of a pixel whose summed cover (the row's so far and its
    /// own, 1/4096 px) is `cover` and whose doubled area is `area`: of `cover · doubleOne − area`,
    /// truncated, so that its 8-bit rounding (`WideCoverage.byte`) is round(255 × area) exactly.
    static func coverage(cover: Int32, area: Int32) -> Int32
}

extension CoverageRule {
    /// Wide coverage of a doubled winding-weighted area that fits 32 bits.
    @inlinable @inline(__always)
    static func coverage(_ doubledArea: Int32) -> Int32 {
        WideCoverage.of(area: Int64(coveredArea(doubledArea)), bits: Int64(SubpixelGrid.fullDoubledAreaBits))
    }
}

/// Non-zero: the absolute area, clamped to a full pixel.
@usableFromInline
struct NonZeroCoverage: CoverageRule {
    @inlinable
    init() {}

    @inlinable @inline(__always)
    static func coveredArea(_ doubledArea: Int32) -> Int32 {
        min(doubledArea < 0 ? 0 &- doubledArea : doubledArea, SubpixelGrid.fullDoubledArea)
    }

    /// In 64 bits: a winding of 64 or more (2^25 per full pixel) would wrap 32 — at 128, to exactly 0.
    @inlinable @inline(__always)
    static func coverage(cover: Int32, area: Int32) -> Int32 {
        let doubled = Int64(cover) &* Int64(SubpixelGrid.doubleOne) &- Int64(area)
        let covered = min(doubled < 0 ? 0 &- doubled : doubled, Int64(SubpixelGrid.fullDoubledArea))
        return WideCoverage.of(area: covered, bits: Int64(SubpixelGrid.fullDoubledAreaBits))
    }
}

/// Even-odd: the absolute area folded modulo two full pixels.
@usableFromInline
struct EvenOddCoverage: CoverageRule {
    @inlinable
    init() {}

    @inlinable @inline(__always)
    static func coveredArea(_ doubledArea: Int32) -> Int32 {
        let full = SubpixelGrid.fullDoubledArea
        let area = (doubledArea < 0 ? 0 &- doubledArea : doubledArea) & (2 &* full &- 1)
        return area > full ? 2 &* full &- area : area
    }

    /// In 32 bits: a wrapped product is still right modulo 2^32, so modulo the 2^26 of two full pixels.
    @inlinable @inline(__always)
    static func coverage(cover: Int32, area: Int32) -> Int32 {
        coverage(cover &* SubpixelGrid.doubleOne &- area)
    }
}

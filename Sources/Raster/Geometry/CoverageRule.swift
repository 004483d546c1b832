/// A fill rule as a type, so that the row sweep is specialised per rule (`Rasterizer.sweepRow`) and
/// tests no rule per cell.
@usableFromInline
protocol CoverageRule {
    /// The covered part (0 … `SubpixelGrid.fullDoubledArea`) of a doubled winding-weighted area.
    static func coveredArea(_ doubledArea: Int32) -> Int32
}

extension CoverageRule {
    /// Wide coverage (`WideCoverage`, 0 … 32640) of a doubled winding-weighted area, truncated: its
    /// 8-bit rounding (`WideCoverage.byte`) is round(255 × area) exactly.
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
}

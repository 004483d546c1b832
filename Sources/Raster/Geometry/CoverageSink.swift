/// Receives anti-aliased coverage, one row at a time, left to right, rows in increasing y.
///
/// Coverage is wide (`WideCoverage`): the exact area of the pixel inside the shape in 1/32640 of a pixel
/// (Q8.7 of the 8-bit scale, 32640 = fully inside), truncated. Rasterizers never emit values below
/// `WideCoverage.visible` (half an 8-bit step, which cannot change a pixel).
public protocol CoverageSink {
    /// Blends a run of `count` pixels at (x, y) that all have the same coverage (0 ... 32640).
    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16)
    /// Blends pixels x ..< x + coverage.count on row y with per-pixel coverage (0 ... 32640 each).
    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>)
}

/// Which points count as inside a path whose edges wind around them.
public enum FillRule: Sendable {
    /// Inside where the sum of signed edge crossings is not zero.
    case nonZero
    /// Inside where the number of edge crossings is odd.
    case evenOdd
}

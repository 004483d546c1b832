/// Receives anti-aliased coverage, one row at a time, left to right, rows in increasing y.
public protocol CoverageSink {
    /// Blends a run of `count` pixels at (x, y) that all have the same coverage (0...255; 255 = fully inside).
    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8)
    /// Blends pixels x ..< x + coverage.count on row y with per-pixel coverage.
    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt8>)
}

/// Which points count as inside a path whose edges wind around them.
public enum FillRule: Sendable {
    /// Inside where the sum of signed edge crossings is not zero.
    case nonZero
    /// Inside where the number of edge crossings is odd.
    case evenOdd
}

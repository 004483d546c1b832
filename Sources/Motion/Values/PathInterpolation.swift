import FixedPoint

/// Interpolation between paths of equal structure, given as their points (control and end points in
/// command order). Motion does not know path commands: the caller (the engine, which owns `Raster`
/// paths) checks that the command lists match and hands over the point spans.
public enum PathInterpolation {
    /// Writes `from[i]` interpolated toward `to[i]` by `progress` into `result[i]` for every point.
    ///
    /// Allocation-free; writes only inside `result`.
    /// - Throws: `MotionError.mismatchedStructure` (field `pathPoints`) when the three spans do not have
    ///   the same number of points; nothing is written then.
    @inlinable
    @_noAllocation @_noLocks
    public static func interpolate(
        from: borrowing Span<Point>, to: borrowing Span<Point>, by progress: Progress, into result: inout MutableSpan<Point>
    ) throws(MotionError) {
        guard to.count == from.count else {
            throw .mismatchedStructure(field: .pathPoints, index: 1, count: to.count, expected: from.count)
        }
        guard result.count == from.count else {
            throw .mismatchedStructure(field: .pathPoints, index: 2, count: result.count, expected: from.count)
        }
        var index = 0
        while index < from.count {
            result[index] = from[index].interpolated(to: to[index], by: progress)
            index &+= 1
        }
    }
}

import FixedPoint
import Motion
import Raster

/// Path morphs on the frame path: the points of an engine-owned scratch path rewritten in place.
extension Engine {
    /// The `path` slot value (path index + 1, 0 = none) to present for a morph from slot value `from` to
    /// `to` at `progress` (may overshoot: extrapolates). When the scratch path `scratch` (index) and both
    /// ends have one structure, the scratch path's points become the pointwise interpolation (Motion's
    /// `PathInterpolation`, straight into its memory) and its slot value is returned; otherwise the value
    /// switches from `from` to `to` at progress ½, as for every value that cannot be interpolated.
    @_noAllocation
    func morphPath(scratch: Int32, from: Int32, to: Int32, progress: Progress) -> Int32 {
        let switched = progress.raw >= Progress.one.raw &>> 1 ? to : from
        let table = pathPoints
        guard scratch >= 0, Int(scratch) < table.count, from > 0, Int(from) <= table.count,
              to > 0, Int(to) <= table.count else { return switched }
        let start = table[Int(from &- 1)], end = table[Int(to &- 1)], target = table[Int(scratch)]
        guard start.structure >= 0, start.structure == end.structure, end.structure == target.structure,
              let first = start.buffer, let second = end.buffer, let result = target.buffer else { return switched }
        let firstPoints = UnsafeBufferPointer(start: UnsafePointer(first.base), count: first.count)
        let secondPoints = UnsafeBufferPointer(start: UnsafePointer(second.base), count: second.count)
        let resultPoints = UnsafeMutableBufferPointer(start: result.base, count: result.count)
        var output = resultPoints.mutableSpan
        do throws(MotionError) {
            try PathInterpolation.interpolate(from: firstPoints.span, to: secondPoints.span, by: progress, into: &output)
        } catch {
            return switched
        }
        return scratch &+ 1
    }
}

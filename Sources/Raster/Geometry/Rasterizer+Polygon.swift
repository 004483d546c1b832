extension Rasterizer {
    /// Adds the closed polygon through the `count` points `xs`, `ys` (20.12 subpixels) exactly as `addLine`
    /// adds its segments one by one: from the last point to the first, then from each point to the next
    /// (`reversed`: every segment backwards, in the same order).
    ///
    /// When every point lies strictly inside the clip's columns and within its rows, each segment takes
    /// `addLine`'s unclipped path; the clip test is then made once for the polygon, not once per segment
    /// (a rounded outline has 16 chords a corner).
    ///
    /// - Throws: as `addLine`.
    @inlinable
    mutating func addClosedPolygon(
        xs: UnsafePointer<Int64>, ys: UnsafePointer<Int64>, count: Int, reversed: Bool
    ) throws(GeometryError) {
        if count < 1 { return }
        var minX = xs[0], maxX = xs[0], minY = ys[0], maxY = ys[0]
        for index in 1..<count {
            minX = min(minX, xs[index])
            maxX = max(maxX, xs[index])
            minY = min(minY, ys[index])
            maxY = max(maxY, ys[index])
        }
        let left = Int64(clip.x) &<< SubpixelGrid.bits, right = Int64(clip.maxX) &<< SubpixelGrid.bits
        let top = Int64(clip.y) &<< SubpixelGrid.bits, bottom = Int64(clip.maxY) &<< SubpixelGrid.bits
        let inside = minX > left && maxX < right && minY >= top && maxY <= bottom
        var previous = count &- 1
        for index in 0..<count {
            let (ax, ay) = reversed ? (xs[index], ys[index]) : (xs[previous], ys[previous])
            let (bx, by) = reversed ? (xs[previous], ys[previous]) : (xs[index], ys[index])
            if inside {
                try storeInsideClip(x0: ax, y0: ay, x1: bx, y1: by)
            } else {
                try addLine(x0: ax, y0: ay, x1: bx, y1: by)
            }
            previous = index
        }
    }
}

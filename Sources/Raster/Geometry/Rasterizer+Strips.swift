extension Rasterizer {
    /// Stores the part of every edge that crosses the current row in `rowPieces`, in the refinement's row
    /// coordinates (`RowPiece`, `scale` sub-cells per pixel side); returns how many.
    @inlinable
    mutating func collectRowPieces(scale: Int64) -> Int {
        let rowTop = Int64(sweep.row) &<< SubpixelGrid.bits, rowBottom = rowTop &+ SubpixelGrid.one
        let originX = Int64(sweep.regionX) &<< SubpixelGrid.bits
        var count = 0
        for index in 0..<edgeCount {
            let edge = edges[index]
            let top = max(Int64(edge.y0), rowTop), bottom = min(Int64(edge.y1), rowBottom)
            if top >= bottom { continue }
            rowPieces[count] = RowPiece(
                x0: Rasterizer.scaledX(of: edge, at: top, originX: originX, scale: scale),
                y0: Int32(truncatingIfNeeded: (top &- rowTop) &* scale),
                x1: Rasterizer.scaledX(of: edge, at: bottom, originX: originX, scale: scale),
                y1: Int32(truncatingIfNeeded: (bottom &- rowTop) &* scale), winding: edge.winding)
            count &+= 1
        }
        return count
    }

    /// The x where `edge` crosses `y` (subpixels, within its rows), from `originX` and times `scale`,
    /// rounded to nearest: exact at the edge's ends, within half a unit of the true line elsewhere.
    @inlinable
    static func scaledX(of edge: Edge, at y: Int64, originX: Int64, scale: Int64) -> Int32 {
        let x0 = Int64(edge.x0) &- originX
        if y == Int64(edge.y0) { return Int32(truncatingIfNeeded: x0 &* scale) }
        if y == Int64(edge.y1) { return Int32(truncatingIfNeeded: (Int64(edge.x1) &- originX) &* scale) }
        let height = Int64(edge.y1) &- Int64(edge.y0)
        let run = (y &- Int64(edge.y0)) &* (Int64(edge.x1) &- Int64(edge.x0))
        let whole = run / height
        let fraction = IntegerMath.roundedQuotient((run &- whole &* height) &* scale, height)
        return Int32(truncatingIfNeeded: (x0 &+ whole) &* scale &+ fraction)
    }

    /// Cuts the row (`pieceCount` pieces, `SubpixelGrid.one` · `scale` high) into horizontal strips at every end of a
    /// piece and every crossing of two pieces, so that inside a strip no two pieces cross and their left
    /// to right order is fixed. In each strip the fill rule's inside is then a set of disjoint trapezoids
    /// between consecutive pieces; their sides go into the sub-rows of `target` with winding ±1, and each
    /// sub-row is swept (`sweepSubRow`) once the strips have reached its bottom.
    ///
    /// Crossings are found between neighbours in the order, as a sweep line meets them (the first
    /// crossing below a strip's top is always between two pieces adjacent there), so the scratch holds
    /// one entry per piece and never overflows.
    @inlinable
    mutating func accumulateStrips(pieceCount: Int, scale: Int32, into target: CellTarget) {
        let height = Int32(truncatingIfNeeded: SubpixelGrid.one) &* scale
        var activeCount = 0
        var top: Int32 = 0
        while top < height {
            var bottom = height
            activeCount = updateStripOrder(at: top, activeCount: activeCount, pieceCount: pieceCount, bottom: &bottom)
            var position = 1
            while position < activeCount {
                let left = rowPieces[Int(stripOrder[position &- 1])]
                bottom = top &+ left.meeting(rowPieces[Int(stripOrder[position])], within: bottom &- top)
                position &+= 1
            }
            for position in 0..<activeCount {
                let index = Int(stripOrder[position])
                rowPieces[index].xBottom = rowPieces[index].x(at: bottom)
            }
            accumulateStrip(top: top, bottom: bottom, activeCount: activeCount, scale: scale, into: target)
            top = bottom
        }
    }

    /// Makes `stripOrder` the pieces crossing the strip that starts at `top`, left to right: keeps the
    /// previous strip's pieces that go on (their `xTop` is the previous `xBottom`), adds those starting
    /// here, and re-sorts by insertion (the order changes only where pieces crossed). Lowers `bottom` to
    /// the nearest end or start of a piece below `top`; returns the number of pieces.
    @inlinable
    mutating func updateStripOrder(at top: Int32, activeCount: Int, pieceCount: Int, bottom: inout Int32) -> Int {
        var count = 0
        for position in 0..<activeCount {
            let index = Int(stripOrder[position])
            if rowPieces[index].y1 > top {
                rowPieces[index].xTop = rowPieces[index].xBottom
                bottom = min(bottom, rowPieces[index].y1)
                stripOrder[count] = Int32(truncatingIfNeeded: index)
                count &+= 1
            }
        }
        for index in 0..<pieceCount {
            let start = rowPieces[index].y0
            if start == top {
                rowPieces[index].xTop = rowPieces[index].x0
                bottom = min(bottom, rowPieces[index].y1)
                stripOrder[count] = Int32(truncatingIfNeeded: index)
                count &+= 1
            } else if start > top {
                bottom = min(bottom, start)
            }
        }
        var position = 1
        while position < count {
            let moving = stripOrder[position]
            let piece = rowPieces[Int(moving)]
            var slot = position
            while slot > 0 && piece.precedes(rowPieces[Int(stripOrder[slot &- 1])]) {
                stripOrder[slot] = stripOrder[slot &- 1]
                slot &-= 1
            }
            stripOrder[slot] = moving
            position &+= 1
        }
        return count
    }

    /// Adds the strip `top ..< bottom` (row units) to every sub-row it overlaps, sweeping each sub-row
    /// whose bottom the strip reaches.
    @inlinable
    mutating func accumulateStrip(top: Int32, bottom: Int32, activeCount: Int, scale: Int32, into target: CellTarget) {
        let subRowHeight = Int32(truncatingIfNeeded: SubpixelGrid.one)
        var subRowTop = top & ~SubpixelGrid.mask32
        while subRowTop < bottom {
            if activeCount > 0 {
                accumulateInsideBoundaries(
                    top: top &- subRowTop, bottom: bottom &- subRowTop, activeCount: activeCount, into: target)
            }
            if subRowTop &+ subRowHeight <= bottom { sweepSubRow(scale: scale) }
            subRowTop &+= subRowHeight
        }
    }

    /// Walks the strip's pieces left to right, summing their windings, and adds each piece where the fill
    /// rule's inside begins (winding +1) or ends (−1) to the sub-row, clipped to it (`top`, `bottom`: the
    /// strip relative to the sub-row's top). The inside is then winding 1, the outside 0, so every
    /// sub-cell's summed area is exact whatever the original windings were.
    @inlinable
    mutating func accumulateInsideBoundaries(top: Int32, bottom: Int32, activeCount: Int, into target: CellTarget) {
        let partTop = Int64(max(top, 0)), partBottom = min(Int64(bottom), SubpixelGrid.one)
        var winding: Int32 = 0
        var inside = false
        for position in 0..<activeCount {
            let piece = rowPieces[Int(stripOrder[position])]
            winding &+= piece.winding
            let nowInside = sweep.evenOdd ? winding & 1 != 0 : winding != 0
            if nowInside == inside { continue }
            inside = nowInside
            let side = Edge(
                x0: piece.xTop, y0: top, x1: piece.xBottom, y1: bottom, winding: inside ? 1 : -1, chainStart: 0)
            accumulate(side, top: partTop, bottom: partBottom, tag: 0, into: target)
        }
    }
}

/// One edge of an `ImageQuad` clipped to a pixel row: Q16 endpoints with `topY < bottomY` (both inside the
/// row, so `bottomY − topY ≤ 65,536`).
struct QuadRowEdge {
    let topX: Int64, topY: Int64, bottomX: Int64, bottomY: Int64
    /// True for an edge running down, which bounds the quad on the left (its area counts positively).
    let isLeft: Bool

    /// The first pixel column the edge passes through and the column after the last.
    var columns: (first: Int, end: Int) {
        (Int(Swift.min(topX, bottomX) &>> 16), Int((Swift.max(topX, bottomX) &+ 0xFFFF) &>> 16))
    }

    /// The area (Q32, 2^32 = the whole pixel) between the edge and the right side of pixel column
    /// `column`, inside the column: ∫ (R − clamp(x(y), L, R)) dy over the edge, R = L + 1. Exact but for the
    /// two crossings of the column's sides, truncated to 1/65,536 px (an area error below 2^-16 of the pixel).
    @inline(__always)
    func areaRightOf(column: Int) -> Int64 {
        let left = Int64(column) &<< 16, right = left &+ 65_536
        let height = bottomY &- topY
        if topX == bottomX { return (right &- Swift.min(Swift.max(topX, left), right)) &* height }
        // Endpoints ordered by x.
        let (x0, y0, x1, y1) = topX < bottomX ? (topX, topY, bottomX, bottomY) : (bottomX, bottomY, topX, topY)
        if x1 <= left { return height &<< 16 }
        if x0 >= right { return 0 }
        // |enter − x0| < 2^40 and |y1 − y0| ≤ 2^16: the products stay below 2^56.
        let enter = Swift.max(left, x0), leave = Swift.min(right, x1)
        let enterY = y0 &+ (enter &- x0) &* (y1 &- y0) / (x1 &- x0)
        let leaveY = y0 &+ (leave &- x0) &* (y1 &- y0) / (x1 &- x0)
        // Left of the column the edge counts in full; inside it, a trapezoid up to the right side.
        let leftPart = (enterY &- y0).magnitude &<< 16
        let insidePart = (leaveY &- enterY).magnitude &* UInt64(2 &* right &- enter &- leave) / 2
        return Int64(leftPart &+ insidePart)
    }
}

/// The exact-area coverage of an `ImageQuad` along one pixel row (up to four clipped edges), times an
/// opacity, as the Q24 factor `ImageBlend` takes. Index 0 is pixel column `firstColumn`.
struct QuadRowCoverage: ImageCoverageSource {
    private(set) var edges: [4 of QuadRowEdge] = .init(repeating: QuadRowEdge(topX: 0, topY: 0, bottomX: 0, bottomY: 0,
                                                                              isLeft: true))
    private(set) var count = 0
    /// `opacity / 255` in Q24, rounded to nearest (2^24 for 255).
    let opacityFactor: Int64
    var firstColumn = 0

    init(opacity: UInt32) { opacityFactor = UniformImageCoverage(opacity: opacity).value }

    mutating func append(_ edge: QuadRowEdge) {
        edges[count] = edge
        count &+= 1
    }

    /// The columns the quad touches on this row (empty when no edge crosses it).
    var columns: Range<Int> {
        if count == 0 { return 0..<0 }
        var first = Int.max, end = Int.min
        for i in 0..<count {
            let (edgeFirst, edgeEnd) = edges[i].columns
            first = Swift.min(first, edgeFirst)
            end = Swift.max(end, edgeEnd)
        }
        return first..<end
    }

    /// The columns right of every left edge and left of every right edge: covered uniformly.
    var interior: Range<Int> {
        var first = Int.min, end = Int.max
        for i in 0..<count {
            let (edgeFirst, edgeEnd) = edges[i].columns
            if edges[i].isLeft { first = Swift.max(first, edgeEnd) } else { end = Swift.min(end, edgeFirst) }
        }
        return first < end ? first..<end : 0..<0
    }

    /// The quad's area inside pixel column `column` of this row, Q32 (0 ... 2^32), before opacity.
    @inline(__always)
    func area(column: Int) -> Int64 {
        var total: Int64 = 0
        for i in 0..<count {
            let part = edges[i].areaRightOf(column: column)
            total = edges[i].isLeft ? total &+ part : total &- part
        }
        return Swift.min(Swift.max(total, 0), 1 &<< 32)
    }

    /// Area × opacity for pixel `index`, Q24 rounded to nearest (2^24 for a whole pixel at opacity 255).
    @inline(__always)
    func factor(_ index: Int) -> Int64 {
        (area(column: firstColumn &+ index) &* opacityFactor &+ (1 &<< 31)) &>> 32
    }

    @inline(__always)
    func advanced(by count: Int) -> QuadRowCoverage {
        var copy = self
        copy.firstColumn &+= count
        return copy
    }
}

@testable import Raster
/// The exact coverage of polygons with any self-intersections, by a fill rule, computed in `Double`
/// independently of the rasterizer: each pixel row is cut into horizontal strips at every vertex and
/// every crossing of two edges (found from exact integer cross products), the edges in a strip are
/// ordered by x at its middle, and the inside trapezoids between consecutive edges are integrated
/// analytically over each pixel column (the clamped sides are linear between the heights where they
/// meet a column boundary, so the midpoint rule is exact on each piece).
///
/// Vertices are given in 22.10 subpixels (what `Rasterizer.addLine` takes), so both sides see the same
/// polygon; every product of coordinates below stays far inside the 2^53 of exact `Double` integers.
struct ArrangementReference {
    struct Segment {
        var x0, y0, x1, y1: Int64
    }

    /// Edges as given (direction kept), horizontal ones included (they only matter for the counts).
    let segments: [Segment]
    let evenOdd: Bool
    let width: Int
    let height: Int

    init(contours: [[(x: Int64, y: Int64)]], evenOdd: Bool, width: Int, height: Int) {
        var segments: [Segment] = []
        for contour in contours {
            for index in contour.indices {
                let a = contour[index], b = contour[(index + 1) % contour.count]
                segments.append(Segment(x0: a.x, y0: a.y, x1: b.x, y1: b.y))
            }
        }
        self.segments = segments
        self.evenOdd = evenOdd
        self.width = width
        self.height = height
    }

    init(segments: [Segment], evenOdd: Bool, width: Int, height: Int) {
        self.segments = segments
        self.evenOdd = evenOdd
        self.width = width
        self.height = height
    }

    static let unit = Double(SubpixelGrid.one)

    /// Covered area (0 ... 1) of every pixel, row by row.
    func areas() -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        for row in 0..<height {
            let top = Double(row), bottom = Double(row + 1)
            let crossing = segments.filter { s in
                s.y0 != s.y1 && Double(min(s.y0, s.y1)) / Self.unit < bottom && Double(max(s.y0, s.y1)) / Self.unit > top
            }
            var cuts: Set<Double> = [top, bottom]
            for s in crossing {
                for y in [Double(s.y0) / Self.unit, Double(s.y1) / Self.unit] where y > top && y < bottom { cuts.insert(y) }
            }
            for i in crossing.indices {
                for j in crossing.indices where j > i {
                    if let point = Self.crossing(crossing[i], crossing[j]), point.y > top, point.y < bottom { cuts.insert(point.y) }
                }
            }
            let sortedCuts = cuts.sorted()
            for (upper, lower) in zip(sortedCuts, sortedCuts.dropFirst()) {
                addStrip(crossing, top: upper, bottom: lower, row: row, into: &result)
            }
        }
        return result
    }

    /// Adds the inside of the strip `top ..< bottom` (no vertex or crossing inside it) to the row's pixels.
    private func addStrip(_ crossing: [Segment], top: Double, bottom: Double, row: Int, into result: inout [Double]) {
        let middle = (top + bottom) / 2
        let active = crossing.filter { s in
            Double(min(s.y0, s.y1)) / Self.unit <= middle && Double(max(s.y0, s.y1)) / Self.unit >= middle
        }
        let ordered = active.map { (x: Self.x(of: $0, at: middle), segment: $0) }.sorted { $0.x < $1.x }
        var winding = 0
        var insideFrom: Segment?
        for entry in ordered {
            winding += entry.segment.y1 > entry.segment.y0 ? 1 : -1
            let inside = evenOdd ? winding & 1 != 0 : winding != 0
            if inside, insideFrom == nil {
                insideFrom = entry.segment
            } else if !inside, let left = insideFrom {
                for column in columns(from: left, to: entry.segment, top: top, bottom: bottom) {
                    let covered = Self.clampedIntegral(entry.segment, column: column, top: top, bottom: bottom)
                        - Self.clampedIntegral(left, column: column, top: top, bottom: bottom)
                    result[row * width + column] += covered
                }
                insideFrom = nil
            }
        }
        // Still inside right of every edge (edges right of a clip are dropped): inside to the image's end.
        if let left = insideFrom {
            for column in 0..<width {
                result[row * width + column] += bottom - top - Self.clampedIntegral(left, column: column, top: top, bottom: bottom)
            }
        }
    }

    /// The columns where the trapezoid between `left` and `right` over `top ... bottom` can cover
    /// something (elsewhere both clamped sides are equal).
    private func columns(from left: Segment, to right: Segment, top: Double, bottom: Double) -> Range<Int> {
        let lowest = min(Self.x(of: left, at: top), Self.x(of: left, at: bottom))
        let highest = max(Self.x(of: right, at: top), Self.x(of: right, at: bottom))
        let first = max(Int(lowest.rounded(.down)), 0), last = min(Int(highest.rounded(.down)) + 1, width)
        return first..<max(first, last)
    }

    /// x (px) of a segment's line at y (px).
    static func x(of s: Segment, at y: Double) -> Double {
        let x0 = Double(s.x0) / unit, y0 = Double(s.y0) / unit, x1 = Double(s.x1) / unit, y1 = Double(s.y1) / unit
        return x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    }

    /// ∫ clamp(x(y), column, column + 1) − column dy over top ... bottom.
    static func clampedIntegral(_ s: Segment, column: Int, top: Double, bottom: Double) -> Double {
        let left = Double(column), right = Double(column + 1)
        var cuts = [top, bottom]
        let x0 = Double(s.x0) / unit, y0 = Double(s.y0) / unit, x1 = Double(s.x1) / unit, y1 = Double(s.y1) / unit
        if x0 != x1 {
            for boundary in [left, right] {
                let y = y0 + (boundary - x0) * (y1 - y0) / (x1 - x0)
                if y > top && y < bottom { cuts.append(y) }
            }
        }
        cuts.sort()
        var total = 0.0
        for (upper, lower) in zip(cuts, cuts.dropFirst()) {
            let x = x(of: s, at: (upper + lower) / 2)
            total += (min(max(x, left), right) - left) * (lower - upper)
        }
        return total
    }

    /// The point (px) where two segments cross strictly inside both, from exact integer cross products.
    static func crossing(_ a: Segment, _ b: Segment) -> (x: Double, y: Double)? {
        let adx = a.x1 - a.x0, ady = a.y1 - a.y0, bdx = b.x1 - b.x0, bdy = b.y1 - b.y0
        let denominator = adx * bdy - ady * bdx
        if denominator == 0 { return nil }
        let ex = b.x0 - a.x0, ey = b.y0 - a.y0
        let tNumerator = ex * bdy - ey * bdx, uNumerator = ex * ady - ey * adx
        let sign: Int64 = denominator > 0 ? 1 : -1
        let d = denominator * sign, t = tNumerator * sign, u = uNumerator * sign
        guard t > 0, t < d, u > 0, u < d else { return nil }
        let fraction = Double(t) / Double(d)
        return ((Double(a.x0) + fraction * Double(adx)) / unit, (Double(a.y0) + fraction * Double(ady)) / unit)
    }

    /// Per pixel: edges that meet its closed square, and crossings of two edges inside it (a crossing on
    /// a pixel's side counts for both pixels).
    func counts() -> (edges: [Int], crossings: [Int]) {
        var edges = [Int](repeating: 0, count: width * height)
        var crossings = [Int](repeating: 0, count: width * height)
        for s in segments {
            let minX = Int((Double(min(s.x0, s.x1)) / Self.unit).rounded(.down)) - 1
            let maxX = Int((Double(max(s.x0, s.x1)) / Self.unit).rounded(.down)) + 1
            let minY = Int((Double(min(s.y0, s.y1)) / Self.unit).rounded(.down)) - 1
            let maxY = Int((Double(max(s.y0, s.y1)) / Self.unit).rounded(.down)) + 1
            for row in stride(from: max(minY, 0), to: min(maxY + 1, height), by: 1) {
                for column in stride(from: max(minX, 0), to: min(maxX + 1, width), by: 1) where Self.meets(s, column: column, row: row) {
                    edges[row * width + column] += 1
                }
            }
        }
        for i in segments.indices {
            for j in segments.indices where j > i {
                guard let point = Self.crossing(segments[i], segments[j]) else { continue }
                for row in Int(point.y.rounded(.up)) - 1...Int(point.y.rounded(.down)) where row >= 0 && row < height {
                    for column in Int(point.x.rounded(.up)) - 1...Int(point.x.rounded(.down)) where column >= 0 && column < width {
                        crossings[row * width + column] += 1
                    }
                }
            }
        }
        return (edges, crossings)
    }

    /// Whether a segment meets the closed pixel square (Liang–Barsky).
    static func meets(_ s: Segment, column: Int, row: Int) -> Bool {
        let x0 = Double(s.x0) / unit, y0 = Double(s.y0) / unit
        let dx = Double(s.x1 - s.x0) / unit, dy = Double(s.y1 - s.y0) / unit
        var low = 0.0, high = 1.0
        for (p, q) in [(-dx, x0 - Double(column)), (dx, Double(column + 1) - x0),
                       (-dy, y0 - Double(row)), (dy, Double(row + 1) - y0)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let r = q / p
                if p < 0 { low = max(low, r) } else { high = min(high, r) }
            }
        }
        return low <= high
    }
}

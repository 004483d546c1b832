import Foundation

/// The reference coverage of an outline: curves flattened into chords of at most 1/4 px (Double), each pixel row
/// sampled by 128 horizontal lines whose non-zero spans add their exact length to the pixels they cross.
struct AreaCoverageModel {
    let width: Int
    let height: Int
    private(set) var coverage: [Double]
    private var edgesByRow: [[(x0: Double, y0: Double, x1: Double, y1: Double)]]
    private var start = (0.0, 0.0), current = (0.0, 0.0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        coverage = [Double](repeating: 0, count: width * height)
        edgesByRow = Array(repeating: [], count: height)
    }

    mutating func move(_ x: Double, _ y: Double) {
        close()
        start = (x, y)
        current = (x, y)
    }

    mutating func line(_ x: Double, _ y: Double) {
        let (x0, y0) = current
        current = (x, y)
        guard y0 != y else { return }
        let low = max(0, Int(min(y0, y).rounded(.down))), high = min(height - 1, Int(max(y0, y).rounded(.down)))
        if low <= high { for row in low...high { edgesByRow[row].append((x0, y0, x, y)) } }
    }

    /// A Bézier of degree `points.count − 1` (control points after the current point).
    mutating func curve(_ points: [(Double, Double)]) {
        let all = [current] + points
        var length = 0.0
        for index in 1..<all.count { length += hypot(all[index].0 - all[index - 1].0, all[index].1 - all[index - 1].1) }
        let steps = max(4, Int((length / 0.25).rounded(.up)))
        for step in 1...steps {
            var level = all
            let t = Double(step) / Double(steps)
            while level.count > 1 {
                level = (1..<level.count).map { (level[$0 - 1].0 + (level[$0].0 - level[$0 - 1].0) * t,
                                                   level[$0 - 1].1 + (level[$0].1 - level[$0 - 1].1) * t) }
            }
            line(level[0].0, level[0].1)
        }
    }

    mutating func close() { line(start.0, start.1) }

    /// Samples every row (call once, after the last contour).
    mutating func render() {
        close()
        let samples = 128
        for row in 0..<height {
            for sample in 0..<samples {
                let y = Double(row) + (Double(sample) + 0.5) / Double(samples)
                var crossings: [(x: Double, winding: Int)] = []
                for edge in edgesByRow[row] where (edge.y0 <= y) != (edge.y1 <= y) {
                    let t = (y - edge.y0) / (edge.y1 - edge.y0)
                    crossings.append((edge.x0 + (edge.x1 - edge.x0) * t, edge.y1 > edge.y0 ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for index in 0..<crossings.count {
                    let before = winding
                    winding += crossings[index].winding
                    if before != 0, index > 0 { addSpan(row, crossings[index - 1].x, crossings[index].x, 1 / Double(samples)) }
                }
            }
        }
    }

    private mutating func addSpan(_ row: Int, _ from: Double, _ to: Double, _ weight: Double) {
        let first = max(0, Int(from.rounded(.down))), last = min(width - 1, Int(to.rounded(.down)))
        guard first <= last else { return }
        for column in first...last {
            let overlap = min(to, Double(column + 1)) - max(from, Double(column))
            if overlap > 0 { coverage[row * width + column] += overlap * weight }
        }
    }
}

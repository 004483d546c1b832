import Raster

/// A test sink: an 8-bit coverage image with a guard band of `border` pixels on every side.
///
/// Runs and spans are combined with the existing value by "max" so overlapping draws show; every write
/// outside the image (guard band included) is counted in `outsideWrites` instead of being made, and
/// writes into the guard band are recorded as such. Zero-coverage runs are counted as protocol violations.
struct CoverageCanvas: CoverageSink {
    let width: Int
    let height: Int
    let border: Int
    var pixels: [UInt8]
    var outsideWrites = 0
    var zeroRuns = 0
    var rowOrderViolations = 0
    /// The sum of every wide coverage value received (`WideCoverage.full` per covered pixel).
    var wideTotal = 0
    var lastRow = Int.min
    var lastX = Int.min

    init(width: Int, height: Int, border: Int = 8) {
        self.width = width
        self.height = height
        self.border = border
        pixels = [UInt8](repeating: 0, count: (width + 2 * border) * (height + 2 * border))
    }

    /// The pixel at (x, y) of the visible image (x in 0..<width).
    func value(x: Int, y: Int) -> UInt8 { pixels[(y + border) * (width + 2 * border) + x + border] }

    /// Whether every guard-band byte is still zero.
    var guardBandIsClean: Bool {
        let fullWidth = width + 2 * border
        for row in 0..<(height + 2 * border) {
            for column in 0..<fullWidth {
                let inside = row >= border && row < border + height && column >= border && column < border + width
                if !inside && pixels[row * fullWidth + column] != 0 { return false }
            }
        }
        return true
    }

    /// The visible image, row by row.
    var image: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { result.append(value(x: x, y: y)) } }
        return result
    }

    mutating func checkOrder(x: Int, y: Int) {
        if y < lastRow || (y == lastRow && x < lastX) { rowOrderViolations += 1 }
        lastRow = y
        lastX = x
    }

    mutating func write(x: Int, y: Int, _ value: UInt8) {
        let fullWidth = width + 2 * border
        let column = x + border, row = y + border
        guard column >= 0, column < fullWidth, row >= 0, row < height + 2 * border else {
            outsideWrites += 1
            return
        }
        let index = row * fullWidth + column
        pixels[index] = max(pixels[index], value)
    }

    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
        checkOrder(x: x, y: y)
        if Int32(coverage) < WideCoverage.visible || count <= 0 { zeroRuns += 1 }
        for offset in 0..<max(count, 0) { write(x: x + offset, y: y, WideCoverage.byte(coverage)) }
        wideTotal += Int(coverage) * max(count, 0)
        lastX = x + count
    }

    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        checkOrder(x: x, y: y)
        for (offset, value) in coverage.enumerated() {
            write(x: x + offset, y: y, WideCoverage.byte(value))
            wideTotal += Int(value)
        }
        lastX = x + coverage.count
    }
}

/// Exact-area reduction, fed one source row at a time: each output pixel is the area-weighted mean of the source
/// pixels its rectangle covers, computed from exact integer sums and rounded once (half up). Colour is averaged
/// weighted by alpha (the mean of premultiplied colour, divided by the mean alpha), so transparent pixels lend
/// no colour. Only two rows of accumulators and the reduced picture are held, never the full-size one.
///
/// Coordinates are integers in units where a source column is `width` wide and an output column `sourceWidth`
/// wide (rows likewise), so every overlap is an exact integer; all sums are `UInt64` (≤ 2⁴⁸ for 65535-pixel
/// sides), the same on 32-bit boards.
public struct AreaReduction {
    /// Source size in pixels.
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// Reduced size in pixels (at most the source size, at least 1).
    public let width: Int
    public let height: Int
    /// Per output column of the output row being filled, and of the row after it: Σ wt·r·a, Σ wt·g·a, Σ wt·b·a, Σ wt·a.
    private var current: [UInt64]
    private var next: [UInt64]
    /// The horizontal sums of one source row, same layout.
    private var rowSums: [UInt64]
    private var output: [UInt8]
    private var sourceRow = 0
    private var outputRow = 0

    /// A reduction from `sourceWidth` × `sourceHeight` to `width` × `height`; refused unless
    /// 1 ≤ width ≤ sourceWidth ≤ 65535 and the same for heights.
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) throws(ImageSizeError) {
        guard sourceWidth >= 1, sourceHeight >= 1, sourceWidth <= 65_535, sourceHeight <= 65_535 else {
            throw ImageSizeError(message: "source size \(sourceWidth)×\(sourceHeight) is not within 1…65535 a side")
        }
        guard (1...sourceWidth).contains(width), (1...sourceHeight).contains(height) else {
            throw ImageSizeError(message: "reduced size \(width)×\(height) is not within 1×1…\(sourceWidth)×\(sourceHeight)")
        }
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        current = [UInt64](repeating: 0, count: width * 4)
        next = current
        rowSums = current
        output = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// True once every source row has been added.
    public var isComplete: Bool { sourceRow == sourceHeight }

    /// Adds the next source row: `sourceWidth` RGBA pixels at `row`, `step` bytes apart (4 when packed). Rows past
    /// the last are ignored.
    public mutating func add(row: UnsafePointer<UInt8>, step: Int = 4) {
        guard sourceRow < sourceHeight else { return }
        let sourceW = UInt64(sourceWidth), outputW = UInt64(width)
        for index in rowSums.indices { rowSums[index] = 0 }
        var pixel = row
        for x in 0..<sourceWidth {
            let alpha = UInt64(pixel[3])
            let red = UInt64(pixel[0]) * alpha, green = UInt64(pixel[1]) * alpha, blue = UInt64(pixel[2]) * alpha
            pixel += step
            // Column x spans [x·W, (x+1)·W); output column X spans [X·w, (X+1)·w).
            let start = UInt64(x) * outputW, end = start + outputW
            let column = Int(start / sourceW)
            let boundary = UInt64(column + 1) * sourceW
            let first = min(end, boundary) - start
            Self.accumulate(&rowSums, column, first, red, green, blue, alpha)
            if end > boundary { Self.accumulate(&rowSums, column + 1, end - boundary, red, green, blue, alpha) }
        }
        let sourceH = UInt64(sourceHeight), outputH = UInt64(height)
        let start = UInt64(sourceRow) * outputH, end = start + outputH
        let boundary = UInt64(outputRow + 1) * sourceH
        let first = min(end, boundary) - start
        for index in rowSums.indices { current[index] += rowSums[index] * first }
        if end > boundary {
            for index in rowSums.indices { next[index] += rowSums[index] * (end - boundary) }
        }
        sourceRow += 1
        if end >= boundary { finishOutputRow() }
    }

    @inline(__always)
    private static func accumulate(_ sums: inout [UInt64], _ column: Int, _ weight: UInt64,
                                   _ red: UInt64, _ green: UInt64, _ blue: UInt64, _ alpha: UInt64) {
        sums[column * 4] += weight * red
        sums[column * 4 + 1] += weight * green
        sums[column * 4 + 2] += weight * blue
        sums[column * 4 + 3] += weight * alpha
    }

    /// Turns the completed row's sums into pixels and starts the next row from the carried-over sums.
    private mutating func finishOutputRow() {
        let area = UInt64(sourceWidth) * UInt64(sourceHeight)
        let base = outputRow * width * 4
        for column in 0..<width {
            let alphaSum = current[column * 4 + 3]
            for channel in 0..<3 {
                let value = alphaSum == 0 ? 0 : (current[column * 4 + channel] + alphaSum / 2) / alphaSum
                output[base + column * 4 + channel] = UInt8(truncatingIfNeeded: value)
            }
            output[base + column * 4 + 3] = UInt8(truncatingIfNeeded: (alphaSum + area / 2) / area)
        }
        swap(&current, &next)
        for index in next.indices { next[index] = 0 }
        outputRow += 1
    }

    /// The reduced picture once every source row has been added; `nil` before.
    public func image() -> PixelImage? {
        guard isComplete else { return nil }
        return PixelImage(width: width, height: height, rgba: output)
    }
}

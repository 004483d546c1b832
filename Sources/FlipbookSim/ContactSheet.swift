import ImageCodecs

/// Several frames side by side in one picture, for looking at a whole animation at once.
public enum ContactSheet {
    /// Frames laid out left to right, top to bottom, `columns` to a row, each shrunk by `shrink` (every
    /// `shrink`-th pixel, nearest neighbour) and separated by a 2-pixel grey gap. All frames must have the size
    /// of the first; `nil` when there are none or sizes differ.
    public static func make(frames: [PixelImage], columns: Int, shrink: Int) -> PixelImage? {
        guard let first = frames.first, columns > 0, shrink > 0,
              frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else { return nil }
        let gap = 2
        let cellWidth = (first.width + shrink - 1) / shrink
        let cellHeight = (first.height + shrink - 1) / shrink
        let rows = (frames.count + columns - 1) / columns
        let usedColumns = min(columns, frames.count)
        var sheet = PixelImage(
            width: usedColumns * cellWidth + (usedColumns + 1) * gap, height: rows * cellHeight + (rows + 1) * gap,
            fill: (64, 64, 64, 255))
        for (index, frame) in frames.enumerated() {
            let originX = gap + (index % columns) * (cellWidth + gap)
            let originY = gap + (index / columns) * (cellHeight + gap)
            for y in 0..<cellHeight {
                for x in 0..<cellWidth {
                    let source = ((y * shrink) * frame.width + x * shrink) * 4
                    let target = ((originY + y) * sheet.width + originX + x) * 4
                    sheet.rgba[target..<target + 4] = frame.rgba[source..<source + 4]
                }
            }
        }
        return sheet
    }
}

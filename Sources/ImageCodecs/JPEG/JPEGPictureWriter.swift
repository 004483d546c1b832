/// Where converted rows go, in order: the RGBA picture, each pixel put where the EXIF orientation turns it,
/// or — when the picture is larger than the size shown — an exact-area reduction fed one row at a time, so
/// that only one row of the larger picture is ever held in RGBA.
struct JPEGPictureWriter {
    private let width: Int
    private let height: Int
    private let orientation: Int
    /// The whole picture, or one row when reducing.
    private var rgba: [UInt8]
    private var reduction: AreaReduction?
    /// The next row to write.
    private(set) var row = 0

    /// A `width` × `height` picture (stored orientation) shown at `shown` when that is smaller; `fileSize` is
    /// the offset a reduction's refusal names.
    init(width: Int, height: Int, orientation: Int, shown: (width: Int, height: Int)?, fileSize: Int) throws(JPEGError) {
        self.width = width
        self.height = height
        self.orientation = orientation
        if let shown, shown.width < width || shown.height < height {
            do {
                reduction = try AreaReduction(sourceWidth: width, sourceHeight: height, width: shown.width, height: shown.height)
            } catch {
                throw JPEGError(marker: 0xD9, offset: fileSize, message: error.message)
            }
            rgba = [UInt8](repeating: 0, count: width * 4)
        } else {
            reduction = nil
            // Every pixel is written exactly once (the orientation is a bijection) before the picture is
            // returned, so it starts uninitialized.
            let count = width * height * 4
            rgba = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
    }

    /// Converts and writes the rows from `row` up to `end` (at most `height`).
    mutating func write(_ rows: inout JPEGRowSource, upTo end: Int) {
        let width = self.width, height = self.height, orientation = self.orientation
        var row = self.row
        let end = min(end, height)
        guard row < end else { return }
        // Taken out of `self` (and put back) so that the loop holds no access to it; neither is copied.
        var reducing = reduction, rgba: [UInt8] = []
        reduction = nil
        swap(&rgba, &self.rgba)
        rgba.withUnsafeMutableBufferPointer { rgba in
            while row < end {
                if reducing != nil {
                    rows.convert(row: row, into: UnsafeMutableRawPointer(rgba.baseAddress!), step: 4)
                    reducing!.add(row: UnsafePointer(rgba.baseAddress!))
                } else {
                    // Orientation maps a row to a line of the output: a start and a step, in pixels.
                    let start = JPEGOrientation.destination(x: 0, y: row, width: width, height: height, orientation: orientation)
                    let step = JPEGOrientation.destination(x: 1, y: row, width: width, height: height, orientation: orientation) - start
                    rows.convert(row: row, into: UnsafeMutableRawPointer(rgba.baseAddress! + start * 4), step: step * 4)
                }
                row += 1
            }
        }
        swap(&rgba, &self.rgba)
        reduction = reducing
        self.row = row
    }

    /// The picture once every row is written, turned upright.
    func image(fileSize: Int) throws(JPEGError) -> PixelImage {
        guard row == height else {
            throw JPEGError(marker: 0xD9, offset: fileSize, message: "picture ends after \(row) of \(height) rows")
        }
        if let reduction { return JPEGOrientation.turned(reduction.image()!, orientation: orientation) }
        let swapped = JPEGOrientation.swapsAxes(orientation)
        guard let image = PixelImage(width: swapped ? height : width, height: swapped ? width : height, rgba: rgba) else {
            throw JPEGError(marker: 0xD9, offset: fileSize, message: "picture of \(rgba.count) bytes does not match \(width)×\(height)")
        }
        return image
    }
}

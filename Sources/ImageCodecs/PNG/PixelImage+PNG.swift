/// PNG reading (ISO/IEC 15948, PNG §§5–13) with the project's own inflate: every colour type and bit depth,
/// palettes with `tRNS`, the `tRNS` colour of grey and RGB images, Adam7 interlacing, all five filters. Chunk
/// CRCs, the zlib Adler-32 and the chunk order are checked; ancillary chunks (`gAMA`, `sRGB`, `iCCP`, `cHRM`,
/// text, …) are skipped, so colours are the file's samples as stored, not colour-managed.
extension PixelImage {
    /// Reads a PNG file's bytes into 8-bit straight RGBA (16-bit samples rounded to nearest, as libpng's
    /// `png_set_scale_16`). `limits` are checked against `IHDR` before anything is allocated; the filtered
    /// data must also be no more than deflate's 1032:1 expansion of the `IDAT` bytes present. Memory: the
    /// RGBA image plus the filtered rows (1 + width × bytes a pixel, a row).
    ///
    /// With a `bound`, a larger picture is reduced (exact-area) to the size the bound keeps: a non-interlaced
    /// file row by row as its rows are unfiltered (one RGBA row instead of the RGBA image), an interlaced one
    /// after decoding (Adam7 completes no row before its last pass).
    public init(png bytes: [UInt8], limits: PNGLimits = PNGLimits(), within bound: ImageDisplayBound? = nil) throws(PNGError) {
        let decoded: Result<PixelImage, PNGError> = bytes.withUnsafeBufferPointer { file in
            do throws(PNGError) {
                return .success(try Self.decodePNG(file, limits: limits, bound: bound))
            } catch {
                return .failure(error)
            }
        }
        self = try decoded.get()
    }

    /// Adam7's passes as (first column, first row, column step, row step) (PNG §8.2).
    private static let adam7: [(Int, Int, Int, Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    private static func decodePNG(_ file: UnsafeBufferPointer<UInt8>, limits: PNGLimits,
                                  bound: ImageDisplayBound?) throws(PNGError) -> PixelImage {
        let chunks = try PNGChunks(file, limits: limits)
        let header = chunks.header
        let passes = header.interlaced ? adam7 : [(0, 0, 1, 1)]
        // Each pass's size in pixels and where its filtered rows start.
        var layout: [(width: Int, height: Int, start: Int)] = []
        var filteredCount = 0
        for (column, row, columnStep, rowStep) in passes {
            let width = (header.width - column + columnStep - 1) / columnStep
            let height = (header.height - row + rowStep - 1) / rowStep
            layout.append((width, height, filteredCount))
            if width > 0 && height > 0 { filteredCount += height * (1 + header.rowBytes(pixels: width)) }
        }
        let compressedCount = chunks.imageData.count
        guard (filteredCount + 1031) / 1032 <= compressedCount else {
            throw PNGError(message: "IDAT: \(compressedCount) bytes cannot hold the \(filteredCount) bytes of a \(header.width)×\(header.height) image (deflate expands at most 1032 times)")
        }
        var filtered = [UInt8](repeating: 0, count: filteredCount)
        do throws(InflateError) {
            try chunks.imageData.withUnsafeBufferPointer { compressed throws(InflateError) in
                try filtered.withUnsafeMutableBufferPointer { target throws(InflateError) in
                    try ZLib.decompress(compressed, into: target)
                }
            }
        } catch {
            throw PNGError(message: "IDAT: \(error.description)")
        }
        // A reduced non-interlaced picture goes through one RGBA row; anything else through the whole image.
        var reduction: AreaReduction? = nil
        if let bound {
            let size = bound.reducedSize(sourceWidth: header.width, sourceHeight: header.height)
            if size.width != header.width || size.height != header.height {
                do { reduction = try AreaReduction(sourceWidth: header.width, sourceHeight: header.height, width: size.width, height: size.height) } catch {
                    throw PNGError(message: "IHDR: \(error.message)")
                }
            }
        }
        let rowByRow = reduction != nil && !header.interlaced
        var rgba = [UInt8](repeating: 0, count: header.width * (rowByRow ? 1 : header.height) * 4)
        let expansion = PNGRowExpansion(header: header, palette: chunks.palette, transparentColor: chunks.transparentColor)
        let zeros = [UInt8](repeating: 0, count: header.rowBytes(pixels: header.width))
        let problem: PNGError? = filtered.withUnsafeMutableBufferPointer { filteredRows in
            rgba.withUnsafeMutableBufferPointer { image in
                zeros.withUnsafeBufferPointer { zeroRow in
                    for (pass, (column, row, columnStep, rowStep)) in passes.enumerated() {
                        let (width, height, start) = layout[pass]
                        guard width > 0 && height > 0 else { continue }
                        let rowBytes = header.rowBytes(pixels: width)
                        for y in 0..<height {
                            let line = filteredRows.baseAddress! + start + y * (rowBytes + 1)
                            let previous = y == 0 ? zeroRow.baseAddress! : UnsafePointer(line - rowBytes)
                            guard PNGFilters.unfilter(type: line[0], row: line + 1, previous: previous, count: rowBytes, stride: header.filterStride) else {
                                let place = header.interlaced ? "row \(y) of Adam7 pass \(pass + 1)" : "row \(y)"
                                return PNGError(message: "IDAT: filter type \(line[0]) on \(place) is not 0…4")
                            }
                            let imageRow = row + y * rowStep
                            let target = image.baseAddress! + ((rowByRow ? 0 : imageRow) * header.width + column) * 4
                            if let pixel = expansion.expand(line + 1, pixels: width, into: target, step: columnStep * 4) {
                                return PNGError(message: "IDAT: palette index at pixel (\(column + pixel * columnStep), \(imageRow)) is outside the \(chunks.palette.count / 4)-entry PLTE")
                            }
                            if rowByRow { reduction!.add(row: UnsafePointer(image.baseAddress!)) }
                        }
                    }
                    return nil
                }
            }
        }
        if let problem { throw problem }
        guard var reduction else { return PixelImage(width: header.width, height: header.height, rgba: rgba)! }
        if !rowByRow {
            rgba.withUnsafeBufferPointer { image in
                for y in 0..<header.height { reduction.add(row: image.baseAddress! + y * header.width * 4) }
            }
        }
        return reduction.image()!
    }
}

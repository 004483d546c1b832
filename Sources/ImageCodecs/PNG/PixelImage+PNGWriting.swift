/// PNG output with no compression library, for `flipbook render`, contact sheets and stills: 8 bits a channel,
/// RGB (colour type 2) when every pixel is opaque, else RGBA (colour type 6), not interlaced. Each row takes
/// the filter (None, Sub, Up or Paeth) whose bytes have the smallest sum as signed values, libpng's heuristic;
/// the rows are deflated by ``DeflateEncoder``; CRC-32 comes from ``Checksum``, shared with the reader.
extension PixelImage {
    /// The picture as a PNG file.
    public var pngBytes: [UInt8] {
        let channels = isOpaque ? 3 : 4
        var file = PNGWriting.signature
        PNGWriting.appendChunk(PNGWriting.header(width: width, height: height, channels: channels), type: PNGWriting.headerType, to: &file)
        PNGWriting.appendChunk(DeflateEncoder.zlibStream(PNGWriting.filteredRows(of: self, channels: channels)), type: PNGWriting.dataType, to: &file)
        PNGWriting.appendChunk([], type: PNGWriting.endType, to: &file)
        return file
    }

    /// Whether every pixel's alpha is 255.
    var isOpaque: Bool {
        var index = 3
        while index < rgba.count {
            if rgba[index] != 255 { return false }
            index += 4
        }
        return true
    }
}

/// The pieces of a PNG file: chunks, the header, and the filtered rows.
enum PNGWriting {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let headerType: [UInt8] = [0x49, 0x48, 0x44, 0x52]
    static let dataType: [UInt8] = [0x49, 0x44, 0x41, 0x54]
    static let endType: [UInt8] = [0x49, 0x45, 0x4E, 0x44]

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// Length, type, data and the CRC-32 of type and data (PNG §5.3).
    static func appendChunk(_ data: [UInt8], type: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let typed = type + data
        file += typed
        appendBigEndian(Checksum.crc32(typed), to: &file)
    }

    /// IHDR's 13 bytes: size, depth 8, colour type 2 (3 channels) or 6 (4), deflate, adaptive filtering, no
    /// interlace.
    static func header(width: Int, height: Int, channels: Int) -> [UInt8] {
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        return header
    }

    /// Every row as a filter type byte and the filtered samples: RGB (`channels` 3, alpha dropped) or RGBA (4).
    static func filteredRows(of image: PixelImage, channels: Int) -> [UInt8] {
        let rowBytes = image.width * channels
        var output: [UInt8] = []
        output.reserveCapacity(image.height * (rowBytes + 1))
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var candidates = [UInt8](repeating: 0, count: 4 * rowBytes)
        for y in 0..<image.height {
            for x in 0..<image.width {
                for channel in 0..<channels { current[x * channels + channel] = image.rgba[(y * image.width + x) * 4 + channel] }
            }
            var bestFilter = 0, bestCost = Int.max
            for filter in 0..<4 {
                var cost = 0
                for index in 0..<rowBytes {
                    let left = index >= channels ? current[index - channels] : 0
                    let aboveLeft = index >= channels ? previous[index - channels] : 0
                    let predictor: UInt8
                    switch filter {
                    case 0: predictor = 0
                    case 1: predictor = left
                    case 2: predictor = previous[index]
                    default: predictor = PNGFilters.paeth(left: left, above: previous[index], aboveLeft: aboveLeft)
                    }
                    let value = current[index] &- predictor
                    candidates[filter * rowBytes + index] = value
                    cost += value < 128 ? Int(value) : 256 - Int(value)
                }
                if cost < bestCost { bestCost = cost; bestFilter = filter }
            }
            // PNG filter types: None 0, Sub 1, Up 2, Paeth 4.
            output.append(bestFilter == 3 ? 4 : UInt8(bestFilter))
            output += candidates[(bestFilter * rowBytes)..<((bestFilter + 1) * rowBytes)]
            swap(&previous, &current)
        }
        return output
    }
}

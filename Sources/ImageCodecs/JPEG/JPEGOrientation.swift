/// EXIF orientation (TIFF tag 0x0112 in IFD0 of an `Exif\0\0` APP1 segment): how the stored picture is turned
/// for display. 1 upright, 2 mirrored left–right, 3 turned 180°, 4 mirrored top–bottom, 5 transposed (mirrored
/// about the main diagonal), 6 turned 90° clockwise, 7 transversed, 8 turned 90° counter-clockwise.
enum JPEGOrientation {
    /// The orientation in the TIFF structure at `tiff`, or 1 when it is absent, out of 1…8 or the structure is
    /// malformed (libjpeg ignores EXIF entirely; a broken EXIF block is not a reason to refuse the picture).
    static func exifOrientation(_ bytes: [UInt8], _ tiff: Range<Int>) -> Int {
        guard tiff.count >= 8 else { return 1 }
        let start = tiff.lowerBound
        let bigEndian: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return 1
        }
        func read16(_ at: Int) -> Int? {
            guard at >= start, at + 2 <= tiff.upperBound else { return nil }
            let a = Int(bytes[at]), b = Int(bytes[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        func read32(_ at: Int) -> Int? {
            guard let high = read16(bigEndian ? at : at + 2), let low = read16(bigEndian ? at + 2 : at) else { return nil }
            return high << 16 | low
        }
        guard read16(start + 2) == 42, let ifd = read32(start + 4), ifd >= 8, ifd < tiff.count,
              let entries = read16(start + ifd) else { return 1 }
        for entry in 0..<entries {
            let at = start + ifd + 2 + 12 * entry
            guard let tag = read16(at) else { return 1 }
            if tag == 0x0112 {
                guard read16(at + 2) == 3, let value = read16(at + 8), (1...8).contains(value) else { return 1 }
                return value
            }
        }
        return 1
    }

    /// Whether the displayed picture is the stored one with width and height exchanged.
    static func swapsAxes(_ orientation: Int) -> Bool { orientation >= 5 }

    /// Where stored pixel (x, y) of a `width`×`height` picture goes in the displayed one: its pixel index.
    @inline(__always)
    static func destination(x: Int, y: Int, width: Int, height: Int, orientation: Int) -> Int {
        switch orientation {
        case 2: return y * width + (width - 1 - x)
        case 3: return (height - 1 - y) * width + (width - 1 - x)
        case 4: return (height - 1 - y) * width + x
        case 5: return x * height + y
        case 6: return x * height + (height - 1 - y)
        case 7: return (width - 1 - x) * height + (height - 1 - y)
        case 8: return (width - 1 - x) * height + y
        default: return y * width + x
        }
    }

    /// `image` (stored orientation) as displayed: each pixel moved to its `destination`.
    static func turned(_ image: PixelImage, orientation: Int) -> PixelImage {
        guard orientation != 1 else { return image }
        let swapped = swapsAxes(orientation)
        var rgba = [UInt8](repeating: 0, count: image.rgba.count)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let from = (y * image.width + x) * 4
                let to = destination(x: x, y: y, width: image.width, height: image.height, orientation: orientation) * 4
                for channel in 0..<4 { rgba[to + channel] = image.rgba[from + channel] }
            }
        }
        return PixelImage(width: swapped ? image.height : image.width, height: swapped ? image.width : image.height, rgba: rgba)!
    }
}

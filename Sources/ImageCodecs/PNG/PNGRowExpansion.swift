/// Turns unfiltered PNG rows into 8-bit straight RGBA pixels: low bit depths widened exactly (×255, ×85, ×17),
/// 16-bit samples rounded to the nearest 8-bit value (what libpng's `png_set_scale_16` gives), palette entries
/// looked up, and the `tRNS` colour of grey and RGB images made transparent (compared at full depth).
struct PNGRowExpansion {
    let header: PNGHeader
    /// RGBA palette entries (see ``PNGChunks``).
    let palette: [UInt8]
    let transparentColor: (UInt16, UInt16, UInt16)?

    /// Writes `pixels` pixels of `row` to `target`, `step` bytes apart; returns the index of the first pixel
    /// whose palette index has no `PLTE` entry, or `nil`.
    func expand(_ row: UnsafePointer<UInt8>, pixels: Int, into target: UnsafeMutablePointer<UInt8>, step: Int) -> Int? {
        switch (header.colorType, header.bitDepth) {
        case (6, 8):
            if step == 4 {
                target.update(from: row, count: pixels * 4)
            } else {
                for pixel in 0..<pixels { (target + pixel * step).update(from: row + pixel * 4, count: 4) }
            }
        case (2, 8) where transparentColor == nil:
            for pixel in 0..<pixels {
                let out = target + pixel * step, source = row + pixel * 3
                out[0] = source[0]
                out[1] = source[1]
                out[2] = source[2]
                out[3] = 255
            }
        case (3, _):
            return palette.withUnsafeBufferPointer { entries in
                let entryCount = entries.count / 4
                for pixel in 0..<pixels {
                    let index = Int(sample(row, pixel))
                    guard index < entryCount else { return pixel }
                    (target + pixel * step).update(from: entries.baseAddress! + index * 4, count: 4)
                }
                return nil
            }
        default:
            expandDirect(row, pixels: pixels, into: target, step: step)
        }
        return nil
    }

    /// Grey, grey-alpha, RGB and 16-bit RGBA rows.
    private func expandDirect(_ row: UnsafePointer<UInt8>, pixels: Int, into target: UnsafeMutablePointer<UInt8>, step: Int) {
        let channels = header.channels
        let hasAlpha = header.colorType == 4 || header.colorType == 6
        let colorChannels = hasAlpha ? channels - 1 : channels
        let key = transparentColor
        for pixel in 0..<pixels {
            let out = target + pixel * step
            let first = pixel * channels
            let red = sample(row, first)
            if colorChannels == 1 {
                let grey = eightBit(red)
                out[0] = grey
                out[1] = grey
                out[2] = grey
            } else {
                out[0] = eightBit(red)
                out[1] = eightBit(sample(row, first + 1))
                out[2] = eightBit(sample(row, first + 2))
            }
            if hasAlpha {
                out[3] = eightBit(sample(row, first + colorChannels))
            } else if let key, red == key.0,
                      colorChannels == 1 || (sample(row, first + 1) == key.1 && sample(row, first + 2) == key.2) {
                out[3] = 0
            } else {
                out[3] = 255
            }
        }
    }

    /// Sample `index` of `row` at the header's bit depth, as stored.
    @inline(__always)
    private func sample(_ row: UnsafePointer<UInt8>, _ index: Int) -> UInt16 {
        switch header.bitDepth {
        case 8: return UInt16(row[index])
        case 16: return UInt16(row[index * 2]) << 8 | UInt16(row[index * 2 + 1])
        default:
            let bit = index * header.bitDepth
            let shift = 8 - header.bitDepth - bit % 8
            return UInt16((row[bit / 8] >> UInt8(shift)) & UInt8((1 << header.bitDepth) - 1))
        }
    }

    /// A sample at the header's bit depth as 8 bits.
    @inline(__always)
    private func eightBit(_ value: UInt16) -> UInt8 {
        switch header.bitDepth {
        case 1: UInt8(value) * 255
        case 2: UInt8(value) * 85
        case 4: UInt8(value) * 17
        case 8: UInt8(value)
        default: UInt8((UInt32(value) * 255 + 32_767) / 65_535)
        }
    }
}

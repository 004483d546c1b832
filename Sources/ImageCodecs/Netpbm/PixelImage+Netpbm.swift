/// Netpbm files: binary PPM (P6), PGM (P5), plain PPM (P3) and PAM (P7: `RGB`, `RGB_ALPHA`, `GRAYSCALE`,
/// `GRAYSCALE_ALPHA`), maxval up to 65535 (16-bit samples are scaled to 8 bits, rounded to nearest).
extension PixelImage {
    /// Largest width or height read, in pixels.
    public static let maximumNetpbmSide = 16_384

    /// Binary PPM (P6, maxval 255): what the simulator writes. Alpha is composited over black.
    public var ppmBytes: [UInt8] {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for index in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = UInt32(rgba[index + 3])
            for channel in 0..<3 {
                bytes.append(UInt8((UInt32(rgba[index + channel]) * alpha + 127) / 255))
            }
        }
        return bytes
    }

    /// PAM (P7, `RGB_ALPHA`, maxval 255), keeping alpha.
    public var pamBytes: [UInt8] {
        Array("P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8) + rgba
    }

    /// Reads a Netpbm file's bytes.
    public init(netpbm bytes: [UInt8]) throws(NetpbmError) {
        var reader = NetpbmHeaderReader(bytes: bytes)
        let magic = reader.magic()
        let header: NetpbmHeader
        switch magic {
        case "P6": header = try reader.classicHeader(channels: 3, binary: true)
        case "P5": header = try reader.classicHeader(channels: 1, binary: true)
        case "P3": header = try reader.classicHeader(channels: 3, binary: false)
        case "P7": header = try reader.pamHeader()
        default: throw NetpbmError(message: "unsupported magic number \"\(magic)\" (expected P3, P5, P6 or P7)")
        }
        let samples = try reader.samples(for: header)
        self = Self.expand(samples, header: header)
    }

    private static func expand(_ samples: [UInt32], header: NetpbmHeader) -> PixelImage {
        let pixelCount = header.width * header.height
        var rgba = [UInt8](repeating: 255, count: pixelCount * 4)
        let maxval = UInt32(header.maxval)
        func scaled(_ sample: UInt32) -> UInt8 { UInt8((sample * 255 + maxval / 2) / maxval) }
        for pixel in 0..<pixelCount {
            let base = pixel * header.channels
            let out = pixel * 4
            if header.channels >= 3 {
                rgba[out] = scaled(samples[base])
                rgba[out + 1] = scaled(samples[base + 1])
                rgba[out + 2] = scaled(samples[base + 2])
            } else {
                let grey = scaled(samples[base])
                rgba[out] = grey
                rgba[out + 1] = grey
                rgba[out + 2] = grey
            }
            if header.hasAlpha { rgba[out + 3] = scaled(samples[base + header.channels - 1]) }
        }
        return PixelImage(width: header.width, height: header.height, rgba: rgba)!
    }
}

/// The chunks of a PNG file that decoding needs, read in one pass that checks every chunk's CRC and the order
/// rules of PNG §5.6: `IHDR` first, at most one `PLTE` and one `tRNS`, both before the first `IDAT`, `IDAT`s
/// consecutive, `IEND` last. Ancillary chunks are skipped (their CRC still checked), unknown critical chunks
/// refused.
struct PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let header: PNGHeader
    /// `PLTE` entries as RGBA (alpha from `tRNS`, else 255); empty when there is no `PLTE`.
    private(set) var palette: [UInt8] = []
    /// The `tRNS` colour of a grey or RGB image, in raw samples (grey in all three), or `nil`.
    private(set) var transparentColor: (UInt16, UInt16, UInt16)?
    /// The `IDAT` contents, concatenated.
    private(set) var imageData: [UInt8] = []

    /// Reads the chunks of `file`.
    init(_ file: UnsafeBufferPointer<UInt8>, limits: PNGLimits) throws(PNGError) {
        guard file.count >= 8, Array(file[0..<8]) == Self.signature else {
            throw PNGError(message: "not a PNG file (the signature is missing)")
        }
        var offset = 8
        var chunk = try Self.chunk(in: file, at: offset)
        guard chunk.type == "IHDR" else { throw PNGError(message: "the first chunk is \"\(chunk.type)\", not IHDR") }
        header = try PNGHeader(UnsafeBufferPointer(rebasing: file[chunk.data]), limits: limits)
        var seenImageData = false, imageDataEnded = false, seenTransparency = false
        while true {
            offset = chunk.data.upperBound + 4
            chunk = try Self.chunk(in: file, at: offset)
            let data = UnsafeBufferPointer(rebasing: file[chunk.data])
            if chunk.type != "IDAT" && seenImageData { imageDataEnded = true }
            switch chunk.type {
            case "IHDR": throw PNGError(message: "IHDR: a second IHDR at byte \(offset)")
            case "PLTE":
                guard palette.isEmpty else { throw PNGError(message: "PLTE: a second PLTE at byte \(offset)") }
                guard !seenImageData else { throw PNGError(message: "PLTE: comes after IDAT (at byte \(offset))") }
                guard !seenTransparency else { throw PNGError(message: "PLTE: comes after tRNS (at byte \(offset))") }
                try readPalette(data)
            case "tRNS":
                guard !seenTransparency else { throw PNGError(message: "tRNS: a second tRNS at byte \(offset)") }
                guard !seenImageData else { throw PNGError(message: "tRNS: comes after IDAT (at byte \(offset))") }
                seenTransparency = true
                try readTransparency(data)
            case "IDAT":
                guard !imageDataEnded else { throw PNGError(message: "IDAT: not consecutive (another IDAT at byte \(offset))") }
                if header.colorType == 3 && palette.isEmpty { throw PNGError(message: "IDAT: a palette image has no PLTE before it") }
                seenImageData = true
                imageData.append(contentsOf: data)
            case "IEND":
                guard chunk.data.isEmpty else { throw PNGError(message: "IEND: length \(chunk.data.count), expected 0") }
                guard seenImageData else { throw PNGError(message: "IEND: no IDAT before it") }
                let end = chunk.data.upperBound + 4
                guard end == file.count else { throw PNGError(message: "\(file.count - end) bytes follow IEND") }
                return
            default:
                guard file[chunk.data.lowerBound - 4] & 0x20 != 0 else {
                    throw PNGError(message: "chunk \"\(chunk.type)\" at byte \(offset): unknown critical chunk")
                }
            }
        }
    }

    /// The chunk at `offset`: its type and the range of its data, after checking its length, type and CRC.
    private static func chunk(in file: UnsafeBufferPointer<UInt8>, at offset: Int) throws(PNGError) -> (type: String, data: Range<Int>) {
        guard offset + 8 <= file.count else { throw PNGError(message: "file is truncated at byte \(offset) (no IEND)") }
        let storedLength = PNGHeader.bigEndian(file, at: offset)
        let typeBytes = file[(offset + 4)..<(offset + 8)]
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard typeBytes.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
            throw PNGError(message: "chunk at byte \(offset): type bytes are not letters")
        }
        guard storedLength <= 0x7FFF_FFFF else {
            throw PNGError(message: "chunk \"\(type)\" at byte \(offset): length \(storedLength) exceeds 2³¹ − 1")
        }
        let length = Int(storedLength)
        guard length <= file.count - offset - 12 else {
            throw PNGError(message: "chunk \"\(type)\" at byte \(offset): length \(length) runs past the end of the file (\(file.count - offset - 12) bytes left)")
        }
        let stored = PNGHeader.bigEndian(file, at: offset + 8 + length)
        let computed = Checksum.crc32(UnsafeBufferPointer(rebasing: file[(offset + 4)..<(offset + 8 + length)]))
        guard stored == computed else {
            throw PNGError(message: "chunk \"\(type)\" at byte \(offset): CRC mismatch (stored \(hex(stored)), computed \(hex(computed)))")
        }
        return (type, (offset + 8)..<(offset + 8 + length))
    }

    private mutating func readPalette(_ data: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        guard header.colorType != 0 && header.colorType != 4 else {
            throw PNGError(message: "PLTE: not allowed in a grey image")
        }
        let entries = data.count / 3
        guard data.count % 3 == 0, entries >= 1, entries <= 256 else {
            throw PNGError(message: "PLTE: length \(data.count) is not 3 × 1…256 entries")
        }
        if header.colorType == 3 && entries > 1 << header.bitDepth {
            throw PNGError(message: "PLTE: \(entries) entries exceed the \(1 << header.bitDepth) of bit depth \(header.bitDepth)")
        }
        palette = [UInt8](repeating: 255, count: entries * 4)
        for entry in 0..<entries {
            for channel in 0..<3 { palette[entry * 4 + channel] = data[entry * 3 + channel] }
        }
    }

    private mutating func readTransparency(_ data: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        let maximum = UInt16(truncatingIfNeeded: (1 << header.bitDepth) - 1)
        func sample(_ index: Int) throws(PNGError) -> UInt16 {
            let value = UInt16(data[index * 2]) << 8 | UInt16(data[index * 2 + 1])
            guard value <= maximum else {
                throw PNGError(message: "tRNS: sample \(value) exceeds the \(maximum) of bit depth \(header.bitDepth)")
            }
            return value
        }
        switch header.colorType {
        case 0:
            guard data.count == 2 else { throw PNGError(message: "tRNS: length \(data.count), expected 2 for a grey image") }
            let grey = try sample(0)
            transparentColor = (grey, grey, grey)
        case 2:
            guard data.count == 6 else { throw PNGError(message: "tRNS: length \(data.count), expected 6 for an RGB image") }
            transparentColor = (try sample(0), try sample(1), try sample(2))
        case 3:
            guard !palette.isEmpty else { throw PNGError(message: "tRNS: comes before PLTE") }
            guard data.count <= palette.count / 4 else {
                throw PNGError(message: "tRNS: \(data.count) alpha values for a \(palette.count / 4)-entry palette")
            }
            for entry in 0..<data.count { palette[entry * 4 + 3] = data[entry] }
        default:
            throw PNGError(message: "tRNS: not allowed in an image with an alpha channel")
        }
    }
}

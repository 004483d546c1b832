/// Walks a JPEG file's segments (ITU T.81 Annex B), keeping the tables and the frame. A sequential frame's
/// scan of every component is decoded straight to pixels (`JPEGDecoder+Streaming`); other scans add to the
/// DCT coefficients of the whole image, turned into pixels at the end (`JPEGDecoder+Output`).
struct JPEGDecoder {
    let bytes: [UInt8]
    let limits: JPEGDecodingLimits
    /// The scale asked for, and the bound the picture is reduced within (which picks the scale when given).
    let scale: JPEGScale
    let bound: ImageDisplayBound?
    /// Quantization tables 0…3 in natural (row-major) order, as DQT defines them.
    var quantizationTables: [[UInt16]?] = [nil, nil, nil, nil]
    /// Each component's table, copied at its first scan (libjpeg's latching: a later DQT does not change it).
    var componentQuantization: [[UInt16]?] = []
    var dcTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    var acTables: [JPEGHuffmanTable?] = [nil, nil, nil, nil]
    var frame: JPEGFrame? = nil
    /// The whole-image coefficient store, allocated at the first scan that adds to it.
    var coefficients: [Int16] = []
    /// The picture, once a streamed scan has written it.
    var picture: PixelImage? = nil
    var restartInterval = 0
    var scanCount = 0
    var sawJFIF = false
    /// The Adobe APP14 colour transform (0 none, 1 YCbCr, 2 YCCK), if the file has that segment.
    var adobeTransform: UInt8? = nil
    /// EXIF orientation 1…8 from APP1 (1 when absent).
    var orientation = 1

    init(bytes: [UInt8], limits: JPEGDecodingLimits, scale: JPEGScale = .full, within bound: ImageDisplayBound? = nil) {
        self.bytes = bytes
        self.limits = limits
        self.scale = scale
        self.bound = bound
    }

    /// Reads every segment up to EOI (or the end of the data after a scan) and decodes every scan.
    mutating func readFile() throws(JPEGError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw JPEGError(marker: 0, offset: 0, message: "not a JPEG file (no SOI marker 0xFFD8)")
        }
        var offset = 2
        while true {
            guard offset < bytes.count else {
                if scanCount > 0 { return }
                throw JPEGError(marker: 0xD9, offset: offset, message: "file ends before any scan")
            }
            guard bytes[offset] == 0xFF else {
                throw JPEGError(marker: 0, offset: offset, message: "expected a marker, found byte 0x\(JPEGError.hex(bytes[offset]))")
            }
            while offset + 1 < bytes.count, bytes[offset + 1] == 0xFF { offset += 1 }
            guard offset + 1 < bytes.count else {
                throw JPEGError(marker: 0, offset: offset, message: "file ends inside a marker")
            }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xD9:
                guard scanCount > 0 else { throw JPEGError(marker: marker, offset: offset, message: "image ends before any scan") }
                return
            case 0xD8, 0xD0...0xD7, 0x01, 0x00:
                throw JPEGError(marker: marker, offset: offset, message: "unexpected marker outside a scan")
            default:
                break
            }
            let payload = try segmentPayload(marker: marker, at: offset)
            switch marker {
            case 0xC0, 0xC1, 0xC2: try readFrame(payload, marker: marker)
            case 0xC3, 0xC5, 0xC6, 0xC7:
                throw JPEGError(marker: marker, offset: offset, message: "lossless and hierarchical JPEG are not supported")
            case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF, 0xCC:
                throw JPEGError(marker: marker, offset: offset, message: "arithmetic coding is not supported")
            case 0xC4: try readHuffmanTables(payload)
            case 0xDB: try readQuantizationTables(payload)
            case 0xDD: try readRestartInterval(payload)
            case 0xDA:
                offset = try readScan(payload)
                continue
            case 0xE0: sawJFIF = sawJFIF || startsWith(payload, "JFIF\0")
            case 0xE1: if startsWith(payload, "Exif\0\0") { orientation = JPEGOrientation.exifOrientation(bytes, payload.dropFirst(6)) }
            case 0xEE: readAdobe(payload)
            case 0xDC:
                throw JPEGError(marker: marker, offset: offset, message: "DNL (height given after the scan) is not supported")
            default: break  // APPn, COM and reserved segments carry nothing the pixels need
            }
            offset = payload.upperBound
        }
    }

    /// The byte range of the segment at `offset` after its marker and length, checked against the file.
    private func segmentPayload(marker: UInt8, at offset: Int) throws(JPEGError) -> Range<Int> {
        guard offset + 4 <= bytes.count else {
            throw JPEGError(marker: marker, offset: offset, message: "file ends before the segment length")
        }
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard length >= 2 else {
            throw JPEGError(marker: marker, offset: offset + 2, message: "segment length \(length) is less than 2")
        }
        guard offset + 2 + length <= bytes.count else {
            throw JPEGError(marker: marker, offset: offset + 2,
                            message: "segment of \(length) bytes is truncated (\(bytes.count - offset - 2) left in the file)")
        }
        return (offset + 4)..<(offset + 2 + length)
    }

    private func startsWith(_ payload: Range<Int>, _ text: String) -> Bool {
        let signature = Array(text.utf8)
        guard payload.count >= signature.count else { return false }
        for index in signature.indices where bytes[payload.lowerBound + index] != signature[index] { return false }
        return true
    }

    private mutating func readAdobe(_ payload: Range<Int>) {
        if payload.count >= 12, startsWith(payload, "Adobe") { adobeTransform = bytes[payload.lowerBound + 11] }
    }

    private mutating func readRestartInterval(_ payload: Range<Int>) throws(JPEGError) {
        guard payload.count == 2 else {
            throw JPEGError(marker: 0xDD, offset: payload.lowerBound - 2, message: "length \(payload.count + 2) is not 4")
        }
        restartInterval = Int(bytes[payload.lowerBound]) << 8 | Int(bytes[payload.lowerBound + 1])
    }

    private mutating func readQuantizationTables(_ payload: Range<Int>) throws(JPEGError) {
        var offset = payload.lowerBound
        while offset < payload.upperBound {
            let precision = Int(bytes[offset] >> 4), index = Int(bytes[offset] & 15)
            guard precision <= 1, index <= 3 else {
                throw JPEGError(marker: 0xDB, offset: offset, message: "table precision \(precision) / index \(index) is not 0…1 / 0…3")
            }
            let size = 64 << precision
            guard offset + 1 + size <= payload.upperBound else {
                throw JPEGError(marker: 0xDB, offset: offset, message: "table \(index) needs \(size) bytes, the segment has \(payload.upperBound - offset - 1)")
            }
            var table = [UInt16](repeating: 0, count: 64)
            for zigzag in 0..<64 {
                let at = offset + 1 + (zigzag << precision)
                let value = precision == 0 ? UInt16(bytes[at]) : UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
                table[Int(JPEGZigzag.natural[zigzag])] = value
            }
            quantizationTables[index] = table
            offset += 1 + size
        }
    }

    private mutating func readHuffmanTables(_ payload: Range<Int>) throws(JPEGError) {
        var offset = payload.lowerBound
        while offset < payload.upperBound {
            let tableClass = Int(bytes[offset] >> 4), index = Int(bytes[offset] & 15)
            guard tableClass <= 1, index <= 3 else {
                throw JPEGError(marker: 0xC4, offset: offset, message: "table class \(tableClass) / index \(index) is not 0…1 / 0…3")
            }
            guard offset + 17 <= payload.upperBound else {
                throw JPEGError(marker: 0xC4, offset: offset, message: "segment ends inside the code counts")
            }
            let counts = Array(bytes[(offset + 1)..<(offset + 17)])
            let total = counts.reduce(0) { $0 + Int($1) }
            let name = tableClass == 0 ? "DC table \(index)" : "AC table \(index)"
            guard total <= 256 else {
                throw JPEGError(marker: 0xC4, offset: offset, message: "\(name) has \(total) codes (at most 256)")
            }
            guard offset + 17 + total <= payload.upperBound else {
                throw JPEGError(marker: 0xC4, offset: offset, message: "\(name) needs \(total) symbols, the segment has \(payload.upperBound - offset - 17)")
            }
            let values = Array(bytes[(offset + 17)..<(offset + 17 + total)])
            guard let table = JPEGHuffmanTable(counts: counts, values: values) else {
                throw JPEGError(marker: 0xC4, offset: offset, message: "\(name) has more codes than its lengths allow")
            }
            if tableClass == 0 {
                guard table.isValidForDC else {
                    throw JPEGError(marker: 0xC4, offset: offset, message: "\(name) has a symbol over 15")
                }
                dcTables[index] = table
            } else {
                acTables[index] = table
            }
            offset += 17 + total
        }
    }
}

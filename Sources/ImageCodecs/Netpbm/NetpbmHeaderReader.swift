/// The header fields of a Netpbm file.
struct NetpbmHeader {
    var width: Int
    var height: Int
    var maxval: Int
    var channels: Int
    var hasAlpha: Bool
    var binary: Bool
}

/// Tokenises Netpbm headers (whitespace-separated, `#` comments) and reads the samples that follow.
struct NetpbmHeaderReader {
    let bytes: [UInt8]
    var index = 0

    mutating func magic() -> String {
        guard bytes.count >= 2 else { return String(decoding: bytes, as: UTF8.self) }
        index = 2
        return String(decoding: bytes[0..<2], as: UTF8.self)
    }

    private mutating func skipSpaceAndComments() {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            } else if [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[index]) {
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func token() -> String {
        skipSpaceAndComments()
        let start = index
        while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func integer(_ what: String, range: ClosedRange<Int>) throws(NetpbmError) -> Int {
        let text = token()
        guard let value = Int(text) else { throw NetpbmError(message: "expected the \(what), found \"\(text)\"") }
        guard range.contains(value) else {
            throw NetpbmError(message: "\(what) \(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    mutating func classicHeader(channels: Int, binary: Bool) throws(NetpbmError) -> NetpbmHeader {
        let side = 1...PixelImage.maximumNetpbmSide
        let width = try integer("width", range: side)
        let height = try integer("height", range: side)
        let maxval = try integer("maxval", range: 1...65_535)
        if binary { index += 1 }
        return NetpbmHeader(width: width, height: height, maxval: maxval, channels: channels, hasAlpha: false, binary: binary)
    }

    mutating func pamHeader() throws(NetpbmError) -> NetpbmHeader {
        var width = 0, height = 0, depth = 0, maxval = 0
        var tupleType = ""
        let side = 1...PixelImage.maximumNetpbmSide
        while true {
            let keyword = token()
            switch keyword {
            case "WIDTH": width = try integer("width", range: side)
            case "HEIGHT": height = try integer("height", range: side)
            case "DEPTH": depth = try integer("depth", range: 1...4)
            case "MAXVAL": maxval = try integer("maxval", range: 1...65_535)
            case "TUPLTYPE": tupleType = token()
            case "ENDHDR":
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                index += 1
                return try pamHeader(width: width, height: height, depth: depth, maxval: maxval, tupleType: tupleType)
            case "": throw NetpbmError(message: "PAM header ends before ENDHDR")
            default: throw NetpbmError(message: "unknown PAM header keyword \"\(keyword)\"")
            }
        }
    }

    private func pamHeader(width: Int, height: Int, depth: Int, maxval: Int, tupleType: String) throws(NetpbmError) -> NetpbmHeader {
        guard width > 0, height > 0, maxval > 0 else { throw NetpbmError(message: "PAM header lacks WIDTH, HEIGHT or MAXVAL") }
        let expectedDepth: [String: Int] = ["GRAYSCALE": 1, "GRAYSCALE_ALPHA": 2, "RGB": 3, "RGB_ALPHA": 4]
        guard let expected = expectedDepth[tupleType] else {
            throw NetpbmError(message: "unsupported PAM tuple type \"\(tupleType)\"")
        }
        guard expected == depth else {
            throw NetpbmError(message: "PAM tuple type \(tupleType) needs depth \(expected), found \(depth)")
        }
        return NetpbmHeader(width: width, height: height, maxval: maxval, channels: depth,
                            hasAlpha: tupleType.hasSuffix("_ALPHA"), binary: true)
    }

    mutating func samples(for header: NetpbmHeader) throws(NetpbmError) -> [UInt32] {
        let count = header.width * header.height * header.channels
        // The file must hold the samples before they are allocated: a header alone cannot claim gigabytes.
        let remaining = max(0, bytes.count - index)
        if !header.binary {
            // Each plain sample is at least one digit, and samples are separated by whitespace.
            guard remaining >= 2 * count - 1 else {
                throw NetpbmError(message: "pixel data is truncated (\(remaining) bytes, need at least \(2 * count - 1))")
            }
            var samples = [UInt32](repeating: 0, count: count)
            for sample in 0..<count {
                samples[sample] = UInt32(try integer("sample", range: 0...header.maxval))
            }
            return samples
        }
        let bytesPerSample = header.maxval > 255 ? 2 : 1
        guard remaining >= count * bytesPerSample else {
            throw NetpbmError(message: "pixel data is truncated (\(remaining) bytes, need \(count * bytesPerSample))")
        }
        var samples = [UInt32](repeating: 0, count: count)
        for sample in 0..<count {
            let value = bytesPerSample == 2
                ? UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1]) : UInt32(bytes[index])
            guard value <= UInt32(header.maxval) else {
                throw NetpbmError(message: "sample \(value) exceeds maxval \(header.maxval)")
            }
            samples[sample] = value
            index += bytesPerSample
        }
        return samples
    }
}

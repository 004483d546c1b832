/// One Huffman table from a DHT segment (ITU T.81 Annex C): canonical codes of 1…16 bits, decoded through a
/// 9-bit lookahead table with a per-length fallback for longer codes, plus (for AC tables) a 9-bit table of
/// whole coefficients: a short code and its magnitude bits decoded in one step, as stb_image's `fast_ac`.
/// All of it is one flat `[Int32]` (layout in the offsets below), so that a scan copies its tables into one
/// buffer and decodes through a pointer, with no per-block copies or reference counting.
struct JPEGHuffmanTable {
    static let lookaheadBits = 9
    /// For each 9-bit prefix: `length << 8 | symbol` of the code it starts with, or 0 if the code is longer.
    static let lookaheadOffset = 0
    /// For each 9-bit prefix: `value << 16 | run << 8 | bits used` when the prefix holds a whole AC code
    /// (run, size ≥ 1) and its `size` magnitude bits, else 0.
    static let coefficientOffset = 512
    /// The largest code of each length 1…16 (index = length), -1 when there is none; entry 17 is `Int32.max`.
    static let maximumCodeOffset = 1024
    /// `values` index of the first code of each length, minus that code.
    static let valueOffsetOffset = 1042
    /// The symbols in code order (at most 256), then their count.
    static let valuesOffset = 1060
    static let valueCountOffset = 1316
    static let storageCount = 1317

    private(set) var storage: [Int32]

    /// Builds the table from the 16 code counts and the symbols; nil if the counts overflow the code space.
    init?(counts: [UInt8], values: [UInt8]) {
        guard values.count <= 256 else { return nil }
        var storage = [Int32](repeating: 0, count: Self.storageCount)
        for length in 0..<18 { storage[Self.maximumCodeOffset + length] = -1 }
        for (index, value) in values.enumerated() { storage[Self.valuesOffset + index] = Int32(value) }
        storage[Self.valueCountOffset] = Int32(values.count)
        var code: Int32 = 0
        var index: Int32 = 0
        for length in 1...16 {
            let count = Int32(counts[length - 1])
            if count > 0 {
                let valueOffset = index - code
                storage[Self.valueOffsetOffset + length] = valueOffset
                code += count
                index += count
                if code > Int32(1) << length { return nil }
                storage[Self.maximumCodeOffset + length] = code - 1
                if length <= Self.lookaheadBits {
                    for first in (code - count)..<code {
                        Self.fillLookahead(&storage, code: Int(first), length: length,
                                           symbol: Int(values[Int(first + valueOffset)]))
                    }
                }
            }
            code <<= 1
        }
        storage[Self.maximumCodeOffset + 17] = Int32.max
        self.storage = storage
    }

    /// Fills the lookahead and whole-coefficient entries of every 9-bit prefix that starts with `code`.
    private static func fillLookahead(_ storage: inout [Int32], code: Int, length: Int, symbol: Int) {
        let shift = lookaheadBits - length
        let start = code << shift
        let run = symbol >> 4, size = symbol & 15
        for prefix in start..<(start + (1 << shift)) {
            storage[lookaheadOffset + prefix] = Int32(length << 8 | symbol)
            guard size != 0, length + size <= lookaheadBits else { continue }
            // The magnitude bits follow the code inside the prefix; EXTEND (T.81 F.2.2.1) makes them signed.
            let magnitude = (prefix >> (lookaheadBits - length - size)) & ((1 << size) - 1)
            let value = magnitude < 1 << (size - 1) ? magnitude - (1 << size) + 1 : magnitude
            storage[coefficientOffset + prefix] = Int32(value << 16 | run << 8 | (length + size))
        }
    }

    /// A table with no codes: decoding with it always fails. Stands in for a table a scan's pass does not use.
    static let empty = JPEGHuffmanTable(counts: [UInt8](repeating: 0, count: 16), values: [])!

    /// True when a DC table's symbols are all difference categories 0…15.
    var isValidForDC: Bool {
        (0..<Int(storage[Self.valueCountOffset])).allSatisfy { storage[Self.valuesOffset + $0] <= 15 }
    }
}

/// A table inside a scan's flat table buffer (`JPEGHuffmanTable.storage` copied there); valid while that
/// buffer's pointer is.
struct JPEGHuffmanLookup {
    let base: UnsafePointer<Int32>

    /// Decodes one symbol (T.81 F.2.2.3) from `reader`.
    @inline(__always)
    func decode(_ reader: inout JPEGBitReader, marker: UInt8) throws(JPEGError) -> Int {
        let entry = base[JPEGHuffmanTable.lookaheadOffset &+ reader.peek(JPEGHuffmanTable.lookaheadBits)]
        if entry != 0 {
            reader.skip(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        return try decodeLong(&reader, marker: marker)
    }

    /// A code longer than the lookahead: found length by length against the largest code of each.
    @inline(never)
    private func decodeLong(_ reader: inout JPEGBitReader, marker: UInt8) throws(JPEGError) -> Int {
        let maximumCode = base + JPEGHuffmanTable.maximumCodeOffset
        var length = JPEGHuffmanTable.lookaheadBits + 1
        var code = Int32(reader.peek(16) >> (16 - length))
        while length <= 16, code > maximumCode[length] {
            length += 1
            code = Int32(reader.peek(16) >> (16 - length))
        }
        let index = length <= 16 ? Int(code + base[JPEGHuffmanTable.valueOffsetOffset + length]) : -1
        guard index >= 0, index < Int(base[JPEGHuffmanTable.valueCountOffset]) else {
            throw JPEGError(marker: marker, offset: reader.offset, message: "Huffman code not found in its table")
        }
        reader.skip(length)
        return Int(base[JPEGHuffmanTable.valuesOffset + index])
    }

    /// The whole-coefficient entry for the next 9 bits of `reader` (0 when they do not hold one).
    @inline(__always)
    func coefficient(_ reader: inout JPEGBitReader) -> Int32 {
        base[JPEGHuffmanTable.coefficientOffset &+ reader.peek(JPEGHuffmanTable.lookaheadBits)]
    }
}

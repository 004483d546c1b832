/// One Huffman table from a DHT segment (ITU T.81 Annex C): canonical codes of 1…16 bits, decoded through a
/// 9-bit lookahead table with a per-length fallback for longer codes.
struct JPEGHuffmanTable {
    static let lookaheadBits = 9

    /// For each 9-bit prefix: `length << 8 | symbol` of the code it starts with, or 0 if the code is longer.
    private(set) var lookahead: [UInt16]
    /// The largest code of each length 1…16 (index = length), -1 when there is none.
    private(set) var maximumCode: [Int32]
    /// `values` index of the first code of each length, minus that code.
    private(set) var valueOffset: [Int32]
    /// The symbols in code order.
    private(set) var values: [UInt8]

    /// Builds the table from the 16 code counts and the symbols; nil if the counts overflow the code space.
    init?(counts: [UInt8], values: [UInt8]) {
        self.values = values
        lookahead = [UInt16](repeating: 0, count: 1 << Self.lookaheadBits)
        maximumCode = [Int32](repeating: -1, count: 18)
        valueOffset = [Int32](repeating: 0, count: 18)
        var code: Int32 = 0
        var index: Int32 = 0
        for length in 1...16 {
            let count = Int32(counts[length - 1])
            if count > 0 {
                valueOffset[length] = index - code
                code += count
                index += count
                if code > Int32(1) << length { return nil }
                maximumCode[length] = code - 1
                if length <= Self.lookaheadBits {
                    let shift = Self.lookaheadBits - length
                    for first in (code - count)..<code {
                        let symbol = UInt16(values[Int(first + valueOffset[length])])
                        let start = Int(first) << shift
                        for prefix in start..<(start + (1 << shift)) { lookahead[prefix] = UInt16(length) << 8 | symbol }
                    }
                }
            }
            code <<= 1
        }
        maximumCode[17] = Int32.max
    }

    /// A table with no codes: decoding with it always fails. Stands in for a table a scan's pass does not use.
    static let empty = JPEGHuffmanTable(counts: [UInt8](repeating: 0, count: 16), values: [])!

    /// True when a DC table's symbols are all difference categories 0…15.
    var isValidForDC: Bool { values.allSatisfy { $0 <= 15 } }
}

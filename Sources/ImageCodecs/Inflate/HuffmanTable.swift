/// A canonical Huffman code of deflate (RFC 1951 §3.2.2), decoded through a 10-bit lookup table: every code of
/// up to 10 bits is found with one load, longer (rare) codes are decoded length by length from the code counts,
/// as zlib's puff does. Owns fixed-size scratch (about 2.6 KB), allocated once per stream.
struct HuffmanTable: ~Copyable {
    /// Bits resolved by one lookup.
    static let lookupBits = 10
    /// Longest code deflate allows.
    static let maximumLength = 15

    /// Indexed by the next `lookupBits` input bits (first bit lowest): `symbol << 4 | length`, or 0 when the
    /// code is longer than `lookupBits`.
    let lookup: UnsafeMutablePointer<UInt16>
    /// How many codes have each length (index 0 unused).
    private let counts: UnsafeMutablePointer<UInt16>
    /// Symbols in canonical code order.
    private let symbols: UnsafeMutablePointer<UInt16>
    /// What the table decodes, for error messages.
    let name: String

    init(name: String) {
        self.name = name
        lookup = .allocate(capacity: 1 << Self.lookupBits)
        counts = .allocate(capacity: Self.maximumLength + 1)
        symbols = .allocate(capacity: 288)
        lookup.initialize(repeating: 0, count: 1 << Self.lookupBits)
        counts.initialize(repeating: 0, count: Self.maximumLength + 1)
        symbols.initialize(repeating: 0, count: 288)
    }

    deinit {
        lookup.deallocate()
        counts.deallocate()
        symbols.deallocate()
    }

    /// Builds the code from one length per symbol (0: the symbol has no code; at most 288 symbols). A code
    /// that claims more codes than fit is refused; one that leaves codes unused is refused unless
    /// `allowsIncompleteSingleCode` and it has a single code of length 1 (what zlib accepts).
    func build(lengths: UnsafePointer<UInt8>, count: Int, allowsIncompleteSingleCode: Bool, offset: Int) throws(InflateError) {
        counts.update(repeating: 0, count: Self.maximumLength + 1)
        for symbol in 0..<count { counts[Int(lengths[symbol])] += 1 }
        counts[0] = 0
        var left = 1
        var longest = 0
        for length in 1...Self.maximumLength {
            left <<= 1
            left -= Int(counts[length])
            if left < 0 { throw .codeLengthsOversubscribed(table: name, offset: offset) }
            if counts[length] > 0 { longest = length }
        }
        if left > 0 && longest > 0 && !(allowsIncompleteSingleCode && longest == 1) {
            throw .codeLengthsIncomplete(table: name, offset: offset)
        }
        // First index in `symbols` of each length, then the symbols in canonical order.
        var next = [UInt16](repeating: 0, count: Self.maximumLength + 2)
        for length in 1...Self.maximumLength { next[length + 1] = next[length] + counts[length] }
        for symbol in 0..<count where lengths[symbol] != 0 {
            symbols[Int(next[Int(lengths[symbol])])] = UInt16(symbol)
            next[Int(lengths[symbol])] += 1
        }
        fillLookup()
    }

    /// Writes the lookup entries of every code of up to `lookupBits` bits, walking the codes in canonical order.
    private func fillLookup() {
        let size = 1 << Self.lookupBits
        lookup.update(repeating: 0, count: size)
        var code = 0
        var index = 0
        for length in 1...Self.lookupBits {
            for _ in 0..<Int(counts[length]) {
                var reversed = 0
                for bit in 0..<length { reversed |= ((code >> bit) & 1) << (length - 1 - bit) }
                let entry = UInt16(truncatingIfNeeded: Int(symbols[index]) << 4 | length)
                var slot = reversed
                while slot < size {
                    lookup[slot] = entry
                    slot += 1 << length
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    /// Removes the next code from `reader` (refilled by the caller) and returns its symbol.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
        let entry = lookup[Int(truncatingIfNeeded: reader.bits) & ((1 << Self.lookupBits) - 1)]
        if entry != 0 {
            reader.skip(Int(entry & 15))
            return Int(entry >> 4)
        }
        guard let (symbol, length) = decodeLong(reader.bits) else { throw .invalidCode(table: name, offset: reader.offset) }
        reader.skip(length)
        return symbol
    }

    /// Decodes a code longer than `lookupBits` (or finds none) from `bits`, the next input bits first bit
    /// lowest: `(symbol, length)`, or `nil` when no code matches.
    private func decodeLong(_ bits: UInt64) -> (symbol: Int, length: Int)? {
        var code = 0, first = 0, index = 0
        for length in 1...Self.maximumLength {
            code |= Int((bits >> UInt64(length - 1)) & 1)
            let count = Int(counts[length])
            if code - first < count { return (Int(symbols[index + code - first]), length) }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        return nil
    }
}

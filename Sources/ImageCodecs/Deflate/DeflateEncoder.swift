/// A zlib stream (RFC 1950) of one fixed-Huffman deflate block (RFC 1951 §3.2.6) whose matches come from a
/// greedy LZ77 search: a hash of the next three bytes leads to the newest earlier position with that hash, and
/// chains of older ones are followed at most ``maximumChainSteps`` times, within the 32 KiB window. Memory is
/// bounded by the input: the output, plus a 64 K-entry hash head table and one chain link per window position.
enum DeflateEncoder {
    /// Window size (RFC 1951's largest distance).
    static let windowSize = 32_768
    /// How many earlier candidates a match search tries at most.
    static let maximumChainSteps = 48
    private static let hashBits = 16
    private static let minimumMatch = 3
    private static let maximumMatch = 258

    /// `data` as a zlib stream (header 0x78 0x01, the deflate block, Adler-32).
    static func zlibStream(_ data: [UInt8]) -> [UInt8] {
        var writer = DeflateBitWriter(reservingCapacity: data.count / 4 + 64)
        writer.write(bits: 0b1, count: 1)  // BFINAL
        writer.write(bits: 0b01, count: 2)  // BTYPE fixed Huffman
        data.withUnsafeBufferPointer { writeMatchesAndLiterals(of: $0, to: &writer) }
        writer.writeFixedLiteral(256)
        var stream: [UInt8] = [0x78, 0x01]
        stream += writer.finish()
        let adler = Checksum.adler32(data)
        stream += [UInt8(adler >> 24), UInt8(truncatingIfNeeded: adler >> 16), UInt8(truncatingIfNeeded: adler >> 8), UInt8(truncatingIfNeeded: adler)]
        return stream
    }

    private static func hash(_ data: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let value = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2])
        return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
    }

    private static func writeMatchesAndLiterals(of data: UnsafeBufferPointer<UInt8>, to writer: inout DeflateBitWriter) {
        // head[h] and previous[i % window] hold position + 1 (0: none).
        var head = [Int32](repeating: 0, count: 1 << hashBits)
        var previous = [Int32](repeating: 0, count: windowSize)
        var index = 0
        func insert(_ position: Int) {
            guard position + minimumMatch <= data.count else { return }
            let key = hash(data, at: position)
            previous[position & (windowSize - 1)] = head[key]
            head[key] = Int32(position + 1)
        }
        while index < data.count {
            var bestLength = 0, bestDistance = 0
            if index + minimumMatch <= data.count {
                let limit = min(maximumMatch, data.count - index)
                var candidate = Int(head[hash(data, at: index)]) - 1
                var steps = 0
                while candidate >= 0, index - candidate <= windowSize, steps < maximumChainSteps {
                    var length = 0
                    while length < limit, data[candidate + length] == data[index + length] { length += 1 }
                    if length > bestLength {
                        bestLength = length
                        bestDistance = index - candidate
                        if length == limit { break }
                    }
                    let next = Int(previous[candidate & (windowSize - 1)]) - 1
                    if next >= candidate { break }
                    candidate = next
                    steps += 1
                }
            }
            if bestLength >= minimumMatch {
                writer.writeFixedMatch(length: bestLength, distance: bestDistance)
                for position in index..<(index + bestLength) { insert(position) }
                index += bestLength
            } else {
                writer.writeFixedLiteral(Int(data[index]))
                insert(index)
                index += 1
            }
        }
    }
}

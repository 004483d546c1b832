/// Decodes deflate blocks (RFC 1951) from an input buffer into an output buffer of known size: literals and
/// matches through ``HuffmanTable``s, bits from a ``BitReader``.
struct Inflater: ~Copyable {
    private let output: UnsafeMutableBufferPointer<UInt8>
    private var reader: BitReader
    /// Bytes written to `output`.
    private(set) var written = 0

    private let literalLengths = HuffmanTable(name: "literal/length")
    private let distances = HuffmanTable(name: "distance")
    private let codeLengths = HuffmanTable(name: "code length")
    /// Code lengths of a dynamic block: 286 literal/length then 30 distance (or 19 code length) lengths.
    private let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 320)

    /// Reads deflate data from `input[start...]` into `output`.
    init(input: UnsafeBufferPointer<UInt8>, start: Int, output: UnsafeMutableBufferPointer<UInt8>) {
        self.output = output
        self.reader = BitReader(input: input, position: start)
        lengths.initialize(repeating: 0, count: 320)
    }

    deinit { lengths.deallocate() }

    private var offset: Int { reader.offset }

    /// Decodes blocks until the one marked last; returns the input offset just after it (byte-aligned).
    mutating func inflate() throws(InflateError) -> Int {
        var last = false
        while !last {
            try reader.refill()
            last = reader.take(1) == 1
            switch reader.take(2) {
            case 0: try storedBlock()
            case 1: try fixedBlock()
            case 2: try dynamicBlock()
            default: throw .badBlockType(offset: offset)
            }
        }
        return try reader.alignToByte()
    }

    /// A stored block: realigns to a byte and copies LEN bytes.
    private mutating func storedBlock() throws(InflateError) {
        let input = reader.input
        let start = try reader.alignToByte()
        guard start + 4 <= input.count else { throw .truncated }
        let length = Int(input[start]) | Int(input[start + 1]) << 8
        let complement = Int(input[start + 2]) | Int(input[start + 3]) << 8
        guard length ^ 0xFFFF == complement else { throw .storedLengthMismatch(offset: start) }
        guard start + 4 + length <= input.count else { throw .truncated }
        guard length <= output.count - written else { throw .outputTooLong(expected: output.count) }
        (output.baseAddress! + written).update(from: input.baseAddress! + start + 4, count: length)
        written += length
        reader.advance(by: 4 + length)
    }

    private mutating func fixedBlock() throws(InflateError) {
        lengths.update(repeating: 8, count: 144)
        (lengths + 144).update(repeating: 9, count: 112)
        (lengths + 256).update(repeating: 7, count: 24)
        (lengths + 280).update(repeating: 8, count: 8)
        try literalLengths.build(lengths: lengths, count: 288, allowsIncompleteSingleCode: false, offset: offset)
        lengths.update(repeating: 5, count: 32)
        try distances.build(lengths: lengths, count: 32, allowsIncompleteSingleCode: false, offset: offset)
        try compressedBlock()
    }

    private mutating func dynamicBlock() throws(InflateError) {
        try reader.refill()
        let literalCount = reader.take(5) + 257
        let distanceCount = reader.take(5) + 1
        let codeLengthCount = reader.take(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .tooManySymbols(literalLengths: literalCount, distances: distanceCount)
        }
        lengths.update(repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            try reader.refill()
            lengths[DeflateTables.codeLengthOrder[index]] = UInt8(reader.take(3))
        }
        try codeLengths.build(lengths: lengths, count: 19, allowsIncompleteSingleCode: false, offset: offset)
        let total = literalCount + distanceCount
        var index = 0
        while index < total {
            try reader.refill()
            let symbol = try codeLengths.decode(&reader)
            if symbol < 16 {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            var repeated: UInt8 = 0
            var count: Int
            switch symbol {
            case 16:
                guard index > 0 else { throw .repeatWithoutPreviousLength(offset: offset) }
                repeated = lengths[index - 1]
                count = 3 + reader.take(2)
            case 17: count = 3 + reader.take(3)
            default: count = 11 + reader.take(7)
            }
            guard index + count <= total else { throw .codeLengthRepeatTooLong(offset: offset) }
            (lengths + index).update(repeating: repeated, count: count)
            index += count
        }
        guard lengths[256] != 0 else { throw .missingEndOfBlockCode(offset: offset) }
        try literalLengths.build(lengths: lengths, count: literalCount, allowsIncompleteSingleCode: true, offset: offset)
        try distances.build(lengths: lengths + literalCount, count: distanceCount, allowsIncompleteSingleCode: true, offset: offset)
        try compressedBlock()
    }

    /// Literals and matches until end-of-block, through the current `literalLengths` and `distances`.
    private mutating func compressedBlock() throws(InflateError) {
        let out = output.baseAddress!
        let capacity = output.count
        while true {
            // A match takes at most 48 bits, so after a short literal the buffer often still holds the next one.
            if reader.bitCount < 48 { try reader.refill() }
            let symbol = try literalLengths.decode(&reader)
            if symbol < 256 {
                guard written < capacity else { throw .outputTooLong(expected: capacity) }
                out[written] = UInt8(truncatingIfNeeded: symbol)
                written += 1
                continue
            }
            if symbol == 256 { return }
            let lengthCode = symbol - 257
            guard lengthCode < 29 else { throw .invalidCode(table: literalLengths.name, offset: offset) }
            let length = Int(DeflateTables.lengthBases[lengthCode]) + reader.take(Int(DeflateTables.lengthExtraBits[lengthCode]))
            let distanceCode = try distances.decode(&reader)
            // Distance codes 30 and 31 have codes in the fixed table but no meaning.
            guard distanceCode < 30 else { throw .invalidCode(table: distances.name, offset: offset) }
            let distance = Int(DeflateTables.distanceBases[distanceCode]) + reader.take(Int(DeflateTables.distanceExtraBits[distanceCode]))
            guard distance <= written else {
                throw .distanceTooFarBack(distance: distance, available: written, offset: offset)
            }
            guard length <= capacity - written else { throw .outputTooLong(expected: capacity) }
            copyMatch(to: out + written, distance: distance, length: length, room: capacity - written)
            written += length
        }
    }

    /// Copies `length` bytes from `distance` bytes back; overlapping copies repeat the pattern, as deflate means.
    /// With `distance` ≥ 8 and room for it, eight bytes move at a time (the last group may write past the match,
    /// into output that later bytes overwrite).
    @inline(__always)
    private func copyMatch(to target: UnsafeMutablePointer<UInt8>, distance: Int, length: Int, room: Int) {
        let source = target - distance
        if distance >= 8 && length + 8 <= room {
            var index = 0
            while index < length {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(target + index).storeBytes(of: word, as: UInt64.self)
                index += 8
            }
        } else if distance >= length {
            target.update(from: source, count: length)
        } else if distance == 1 {
            target.update(repeating: source.pointee, count: length)
        } else {
            for index in 0..<length { target[index] = source[index] }
        }
    }
}

import ImageCodecs
import Testing

/// Deflate streams written field by field (RFC 1951 §3.1.1: values first bit lowest, Huffman codes first bit
/// highest), each wrapped in a zlib header and a zero Adler-32 (the streams tested here fail before it).
private struct DeflateFields {
    private var bytes: [UInt8] = []
    private var buffer = 0, filled = 0

    mutating func value(_ value: Int, bits: Int) {
        buffer |= value << filled
        filled += bits
        while filled >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            filled -= 8
        }
    }

    mutating func code(_ code: Int, bits: Int) {
        for bit in (0..<bits).reversed() { value((code >> bit) & 1, bits: 1) }
    }

    /// A last dynamic block's header: 257 + `literals`, 1 + `distances` codes and the code length code's
    /// lengths in RFC 1951's order (16, 17, 18, 0, 8, …).
    mutating func dynamicHeader(literals: Int, distances: Int, codeLengthLengths: [Int]) {
        value(1, bits: 1)
        value(2, bits: 2)
        value(literals, bits: 5)
        value(distances, bits: 5)
        value(codeLengthLengths.count - 4, bits: 4)
        for length in codeLengthLengths { value(length, bits: 3) }
    }

    var zlib: [UInt8] { [0x78, 0x9C] + bytes + (filled > 0 ? [UInt8(buffer)] : []) + [0, 0, 0, 0] }
}

@Suite struct InflateTests {
    @Test func readsStoredBlocksAndChecksAdler() throws {
        // "abc" in one stored block; its Adler-32 is 0x024D0127 (zlib.adler32(b"abc")).
        let stream: [UInt8] = [0x78, 0x01, 0x01, 3, 0, 0xFC, 0xFF, 0x61, 0x62, 0x63, 0x02, 0x4D, 0x01, 0x27]
        #expect(try ZLib.decompress(stream, expectedCount: 3) == Array("abc".utf8))
        var wrong = stream
        wrong[13] = 0x28
        #expect(throws: InflateError.adlerMismatch(stored: 0x024D_0128, computed: 0x024D_0127)) {
            try ZLib.decompress(wrong, expectedCount: 3)
        }
        #expect(throws: InflateError.trailingBytes(count: 1)) { try ZLib.decompress(stream + [0], expectedCount: 3) }
        var mismatch = stream
        mismatch[5] = 0xFD
        #expect(throws: InflateError.storedLengthMismatch(offset: 3)) { try ZLib.decompress(mismatch, expectedCount: 3) }
    }

    @Test func checksTheHeader() {
        #expect(throws: InflateError.unsupportedMethod(method: 7, windowBits: 15)) { try ZLib.decompress([0x77, 0x85], expectedCount: 0) }
        #expect(throws: InflateError.presetDictionary) { try ZLib.decompress([0x78, 0xBB], expectedCount: 0) }
        #expect(throws: InflateError.truncated) { try ZLib.decompress([0x78], expectedCount: 0) }
    }

    @Test func refusesFixedCodesDeflateDoesNotUse() {
        var fields = DeflateFields()
        fields.value(1, bits: 1)
        fields.value(1, bits: 2)
        fields.code(0xC6, bits: 8)  // literal/length symbol 286
        #expect(throws: InflateError.invalidCode(table: "literal/length", offset: 3)) {
            try ZLib.decompress(fields.zlib, expectedCount: 1)
        }
    }

    @Test func refusesBadDynamicHeaders() {
        var tooMany = DeflateFields()
        tooMany.dynamicHeader(literals: 30, distances: 0, codeLengthLengths: [0, 0, 0, 0])
        #expect(throws: InflateError.tooManySymbols(literalLengths: 287, distances: 1)) {
            try ZLib.decompress(tooMany.zlib, expectedCount: 1)
        }
        // One code of length 2 leaves three of four unused.
        var incomplete = DeflateFields()
        incomplete.dynamicHeader(literals: 0, distances: 0, codeLengthLengths: [0, 0, 0, 2])
        #expect(throws: InflateError.codeLengthsIncomplete(table: "code length", offset: 5)) {
            try ZLib.decompress(incomplete.zlib, expectedCount: 1)
        }
        // Symbols 16 and 17 have codes 0 and 1; 16 (repeat the previous length) comes first.
        var repeatFirst = DeflateFields()
        repeatFirst.dynamicHeader(literals: 0, distances: 0, codeLengthLengths: [1, 1, 0, 0])
        repeatFirst.code(0, bits: 1)
        repeatFirst.value(0, bits: 2)
        #expect(throws: InflateError.repeatWithoutPreviousLength(offset: 5)) {
            try ZLib.decompress(repeatFirst.zlib, expectedCount: 1)
        }
        // Symbol 0 is code 0, 18 (a run of zeros) code 1: 138 + 120 zero lengths leave end-of-block without code.
        var noEnd = DeflateFields()
        noEnd.dynamicHeader(literals: 0, distances: 0, codeLengthLengths: [0, 0, 1, 1])
        noEnd.code(1, bits: 1)
        noEnd.value(127, bits: 7)
        noEnd.code(1, bits: 1)
        noEnd.value(109, bits: 7)
        #expect(throws: InflateError.missingEndOfBlockCode(offset: 7)) {
            try ZLib.decompress(noEnd.zlib, expectedCount: 1)
        }
        // The same runs, one zero too many.
        var tooLong = DeflateFields()
        tooLong.dynamicHeader(literals: 0, distances: 0, codeLengthLengths: [0, 0, 1, 1])
        tooLong.code(1, bits: 1)
        tooLong.value(127, bits: 7)
        tooLong.code(1, bits: 1)
        tooLong.value(110, bits: 7)
        #expect(throws: InflateError.codeLengthRepeatTooLong(offset: 7)) {
            try ZLib.decompress(tooLong.zlib, expectedCount: 1)
        }
    }

    @Test func describesErrorsInOneLine() {
        #expect(InflateError.distanceTooFarBack(distance: 40, available: 20, offset: 9).description
            == "zlib: distance 40 too far back (20 bytes decoded) at byte 9")
        #expect(InflateError.adlerMismatch(stored: 0, computed: 0x0A1B_2C3D).description
            == "zlib: Adler-32 mismatch (stored 0x00000000, computed 0x0A1B2C3D)")
    }
}

/// Reads a scan's entropy-coded bits (ITU T.81 F.2.2.5): a stuffed 0x00 after 0xFF is dropped, and at a marker
/// the reader stops and feeds zero bits, as libjpeg does. Decoding past the real data (into those zero bits) is
/// refused by `checkOverrun`, so a truncated scan is an error rather than a grey picture.
struct JPEGBitReader {
    let bytes: [UInt8]
    /// Offset of the next byte to read; at a marker it stays on the marker's 0xFF.
    private(set) var position: Int
    private var buffer: UInt64 = 0
    private var count = 0
    private var padding = 0
    private(set) var reachedMarker = false

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// About the offset of the byte holding the next unread bit (stuffed zero bytes make it approximate).
    var offset: Int { position - max(0, count - padding) / 8 }

    /// Tops the buffer up to at least 57 bits: the whole bytes that fit at once, from one 8-byte load, when none
    /// of the eight is 0xFF; else byte by byte. Kept out of line so that the peeks that call it stay small.
    @inline(never)
    private mutating func fill() {
        if !reachedMarker, count <= 56, position &+ 8 <= bytes.count {
            let position = self.position
            let word = UInt64(bigEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: UInt64.self) })
            // A byte of `word` is 0xFF exactly where a byte of its complement is zero (the SWAR zero-byte test).
            let complement = ~word
            if (complement &- 0x0101_0101_0101_0101) & ~complement & 0x8080_8080_8080_8080 == 0 {
                let taken = (64 &- count) >> 3
                buffer |= (word >> UInt64(64 &- taken &* 8)) << UInt64(64 &- count &- taken &* 8)
                self.position = position &+ taken
                count &+= taken &* 8
                return
            }
        }
        while count <= 56 {
            var byte: UInt8 = 0
            if !reachedMarker, position < bytes.count {
                byte = bytes[position]
                if byte == 0xFF {
                    var next = position + 1
                    while next < bytes.count, bytes[next] == 0xFF { next += 1 }
                    if next < bytes.count, bytes[next] == 0 {
                        position = next + 1
                    } else {
                        reachedMarker = true
                        position = next - 1
                        byte = 0
                        padding += 8
                    }
                } else {
                    position += 1
                }
            } else {
                padding += 8
            }
            buffer |= UInt64(byte) << UInt64(56 - count)
            count += 8
        }
    }

    /// The next `length` bits (1…16) without consuming them.
    @inline(__always)
    mutating func peek(_ length: Int) -> Int {
        if count < length { fill() }
        return Int(truncatingIfNeeded: buffer &>> UInt64(truncatingIfNeeded: 64 &- length))
    }

    /// Consumes `length` bits (0…63: a code and its magnitude bits at most, so the shift needs no over-range check).
    @inline(__always)
    mutating func skip(_ length: Int) {
        buffer &<<= UInt64(truncatingIfNeeded: length)
        count &-= length
    }

    /// The next `length` bits (0…16) as an unsigned number.
    @inline(__always)
    mutating func bits(_ length: Int) -> Int {
        if length == 0 { return 0 }
        let value = peek(length)
        skip(length)
        return value
    }

    /// A `length`-bit magnitude read and sign-extended (T.81 F.2.2.1 EXTEND).
    @inline(__always)
    mutating func signed(_ length: Int) -> Int {
        if length == 0 { return 0 }
        let value = bits(length)
        return value < 1 &<< (length &- 1) ? value &- (1 &<< length) &+ 1 : value
    }

    /// Throws if decoding has used zero bits fed after the end of the scan's data.
    mutating func checkOverrun(marker: UInt8) throws(JPEGError) {
        if count < padding {
            throw JPEGError(marker: marker, offset: offset, message: "entropy-coded data ends in the middle of a block")
        }
    }

    /// Drops the buffered bits and steps over the restart marker RSTn expected next.
    mutating func restart(expecting index: Int, marker: UInt8) throws(JPEGError) {
        buffer = 0
        count = 0
        padding = 0
        reachedMarker = false
        let expected = UInt8(0xD0 + index)
        var found: UInt8? = nil
        if position + 1 < bytes.count, bytes[position] == 0xFF { found = bytes[position + 1] }
        guard found == expected else {
            let what = found.map { "marker \(JPEGError.name(of: $0))" } ?? "data"
            throw JPEGError(marker: marker, offset: position, message: "expected restart marker RST\(index), found \(what)")
        }
        position += 2
    }
}

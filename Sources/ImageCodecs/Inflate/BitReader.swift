/// Deflate's input bits, first bit lowest (RFC 1951 §3.1.1), through a 64-bit buffer refilled eight bytes at
/// a time, so that one refill covers a whole literal or match (at most 48 bits). Past the end of the input the
/// buffer is padded with zero bits; consuming any of them is `truncated`.
struct BitReader {
    let input: UnsafeBufferPointer<UInt8>
    /// Next input byte to load into `bits`.
    private(set) var position: Int
    /// Zero bytes loaded past the end of the input.
    private var paddingBytes = 0
    /// Unread bits, the next one lowest; `bitCount` of them are counted.
    private(set) var bits: UInt64 = 0
    private(set) var bitCount = 0

    init(input: UnsafeBufferPointer<UInt8>, position: Int) {
        self.input = input
        self.position = position
    }

    /// Offset of the byte holding the next unread bit, for error messages.
    var offset: Int { position + paddingBytes - (bitCount + 7) / 8 }

    /// Tops the buffer up to at least 56 bits.
    @inline(__always)
    mutating func refill() throws(InflateError) {
        if position + 8 <= input.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self))
            // Bits above `bitCount` already hold the following input bytes, so OR-ing them again is harmless.
            bits |= word << UInt64(bitCount)
            position += (63 - bitCount) >> 3
            bitCount |= 56
            return
        }
        while bitCount <= 56 {
            if position < input.count {
                bits |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
            } else {
                if bitCount < paddingBytes * 8 { throw .truncated }
                paddingBytes += 1
            }
            bitCount += 8
        }
    }

    /// Removes and returns the next `count` bits (the buffer must hold them).
    @inline(__always)
    mutating func take(_ count: Int) -> Int {
        let value = Int(truncatingIfNeeded: bits & ((1 << UInt64(count)) - 1))
        skip(count)
        return value
    }

    /// Removes the next `count` bits (the buffer must hold them).
    @inline(__always)
    mutating func skip(_ count: Int) {
        bits >>= UInt64(count)
        bitCount -= count
    }

    /// Drops the bits up to the next byte boundary and returns the offset of that byte; `truncated` when
    /// padding bits were consumed. The buffer is emptied, so that bytes can be read from `input` directly.
    mutating func alignToByte() throws(InflateError) -> Int {
        skip(bitCount % 8)
        if bitCount < paddingBytes * 8 { throw .truncated }
        position -= bitCount / 8 - paddingBytes
        bits = 0
        bitCount = 0
        paddingBytes = 0
        return position
    }

    /// Continues after `count` bytes read directly from `input` (after `alignToByte`).
    mutating func advance(by count: Int) {
        position += count
    }
}

/// zlib streams (RFC 1950): a two-byte header, deflate data, and the Adler-32 of the decompressed bytes.
public enum ZLib {
    /// Decompresses the zlib stream `input` into exactly `expectedCount` bytes: fewer or more is an error, as is
    /// a bad header, a preset dictionary, an Adler-32 mismatch or bytes after the stream.
    public static func decompress(_ input: [UInt8], expectedCount: Int) throws(InflateError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: max(expectedCount, 0))
        let failure: InflateError? = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                do throws(InflateError) {
                    try decompress(source, into: target)
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let failure { throw failure }
        return output
    }

    /// Decompresses the zlib stream `input` into all of `output`.
    static func decompress(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) throws(InflateError) {
        guard input.count >= 2 else { throw .truncated }
        let method = Int(input[0] & 0x0F), windowBits = Int(input[0] >> 4) + 8
        guard (Int(input[0]) << 8 | Int(input[1])) % 31 == 0 else { throw .headerCheckFailed }
        guard method == 8, windowBits <= 15 else { throw .unsupportedMethod(method: method, windowBits: windowBits) }
        guard input[1] & 0x20 == 0 else { throw .presetDictionary }
        var inflater = Inflater(input: input, start: 2, output: output)
        let end = try inflater.inflate()
        guard inflater.written == output.count else {
            throw .outputTooShort(expected: output.count, decoded: inflater.written)
        }
        guard end + 4 <= input.count else { throw .truncated }
        let stored = UInt32(input[end]) << 24 | UInt32(input[end + 1]) << 16 | UInt32(input[end + 2]) << 8 | UInt32(input[end + 3])
        let computed = Checksum.adler32(UnsafeBufferPointer(output))
        guard stored == computed else { throw .adlerMismatch(stored: stored, computed: computed) }
        guard end + 4 == input.count else { throw .trailingBytes(count: input.count - end - 4) }
    }
}

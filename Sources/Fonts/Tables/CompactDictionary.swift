/// Reads a CFF DICT (operands before their operator) and answers the few integer entries the outline reader
/// needs.
struct CompactDictionary {
    let data: FontTable

    /// The integer operands of `key` (a one-byte operator, or 1200 + second byte for escaped ones), at most
    /// two; `nil` when the key is absent.
    func operands(of key: Int) throws(FontError) -> (Int, Int)? {
        var at = 0, values = (0, 0), count = 0
        while at < data.count {
            let byte = Int(try data.u8(at))
            if byte <= 21 {
                var op = byte
                at += 1
                if byte == 12 {
                    op = 1200 + Int(try data.u8(at))
                    at += 1
                }
                if op == key { return values }
                values = (0, 0)
                count = 0
                continue
            }
            let value: Int
            switch byte {
            case 28:
                value = Int(try data.i16(at + 1))
                at += 3
            case 29:
                value = Int(Int32(bitPattern: try data.u32(at + 1)))
                // Offsets and sizes are summed; keep them where a 32-bit Int cannot overflow.
                guard value > -0x4000_0000, value < 0x4000_0000 else { throw data.malformed(at, .offsetOutside) }
                at += 5
            case 30:
                at += 1
                while true {
                    let nibbles = try data.u8(at)
                    at += 1
                    if nibbles & 0x0F == 0x0F || nibbles >> 4 == 0x0F { break }
                }
                value = 0
            case 32...246:
                value = byte - 139
                at += 1
            case 247...250:
                value = (byte - 247) * 256 + Int(try data.u8(at + 1)) + 108
                at += 2
            case 251...254:
                value = -(byte - 251) * 256 - Int(try data.u8(at + 1)) - 108
                at += 2
            default:
                throw data.malformed(at, .unknownOperator)
            }
            if count == 0 { values.0 = value } else if count == 1 { values.1 = value }
            count += 1
        }
        return nil
    }
}

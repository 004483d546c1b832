/// The value of one ASCII hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil: shared by the scene JSON
/// parser's `\u` escapes, the control scanner's and colour strings (`#rrggbb`).
func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

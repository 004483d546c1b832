/// A table's place in the font file: bounds-checked big-endian reads whose failures name the table and the
/// absolute offset.
///
/// A table points into the file's bytes without holding them: the `Font` it belongs to holds the array (whose
/// elements never move while it lives unchanged), so that copying a font or a table costs no reference
/// counting — a `Font` used to carry one reference per table, a dozen retains and releases per copy in layout.
struct FontTable: @unchecked Sendable {
    /// The file's first byte (nil only for an empty file, which no read reaches).
    let base: UnsafePointer<UInt8>?
    /// The tag reported in errors.
    let tag: FontTag
    /// The first byte of the table in the file.
    let start: Int
    /// The table's length in bytes.
    let count: Int

    /// Whether the font has this table (an absent table has no bytes).
    var isPresent: Bool { count > 0 }

    /// The absolute offset of `offset` (relative to the table).
    func absolute(_ offset: Int) -> Int { start + offset }

    func checked(_ offset: Int, _ length: Int) throws(FontError) -> Int {
        guard offset >= 0, length >= 0, offset <= count - length else {
            throw .truncated(table: tag, offset: start + min(max(0, offset), count))
        }
        return start + offset
    }

    /// The byte at absolute `at`, which `checked` has placed inside the table.
    private func byte(_ at: Int) -> UInt8 { base.unsafelyUnwrapped[at] }

    func u8(_ offset: Int) throws(FontError) -> UInt8 { byte(try checked(offset, 1)) }

    func u16(_ offset: Int) throws(FontError) -> UInt16 {
        let at = try checked(offset, 2)
        return UInt16(byte(at)) << 8 | UInt16(byte(at + 1))
    }

    func i16(_ offset: Int) throws(FontError) -> Int16 { Int16(bitPattern: try u16(offset)) }

    func u24(_ offset: Int) throws(FontError) -> UInt32 {
        let at = try checked(offset, 3)
        return UInt32(byte(at)) << 16 | UInt32(byte(at + 1)) << 8 | UInt32(byte(at + 2))
    }

    func u32(_ offset: Int) throws(FontError) -> UInt32 {
        let at = try checked(offset, 4)
        return UInt32(byte(at)) << 24 | UInt32(byte(at + 1)) << 16 | UInt32(byte(at + 2)) << 8 | UInt32(byte(at + 3))
    }

    /// A 32-bit offset, length or count: refused as `offsetOutside` above 2^30 (no font is that large), so that
    /// sums of a few of them cannot overflow a 32-bit `Int` on the boards.
    func offset32(_ offset: Int, size: Int = 4) throws(FontError) -> Int {
        let value = try unsigned(offset, size: size)
        guard value < 0x4000_0000 else { throw malformed(offset, .offsetOutside) }
        return Int(value)
    }

    /// An unsigned big-endian integer of `size` (1…4) bytes.
    func unsigned(_ offset: Int, size: Int) throws(FontError) -> UInt32 {
        let at = try checked(offset, size)
        var value: UInt32 = 0
        for index in 0..<size { value = value << 8 | UInt32(byte(at + index)) }
        return value
    }

    /// A part of this table (`offset`, `length` relative to it), refused when it does not fit.
    func slice(_ offset: Int, _ length: Int) throws(FontError) -> FontTable {
        guard offset >= 0, length >= 0, offset <= count - length else {
            throw .malformed(table: tag, offset: start + max(0, min(offset, count)), problem: .offsetOutside)
        }
        return FontTable(base: base, tag: tag, start: start + offset, count: length)
    }

    /// The rest of this table from `offset`.
    func suffix(from offset: Int) throws(FontError) -> FontTable { try slice(offset, count - offset) }

    /// The error for a field at `offset` (clamped to the table, so that it always names a place in the file).
    func malformed(_ offset: Int, _ problem: FontError.Problem) -> FontError {
        .malformed(table: tag, offset: start + min(max(0, offset), count), problem: problem)
    }
}

extension FontTable {
    /// The whole file `bytes` as a table (tag `.file`); valid while `bytes` is alive and unchanged.
    init(file bytes: UnsafeBufferPointer<UInt8>) {
        self.init(base: UnsafePointer(bytes.baseAddress), tag: .file, start: 0, count: bytes.count)
    }
}

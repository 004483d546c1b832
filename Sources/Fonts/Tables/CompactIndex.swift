/// A CFF INDEX: a count, an offset size and count + 1 offsets to objects stored one after another.
struct CompactIndex: Sendable {
    let table: FontTable
    /// Where the INDEX starts in `table`.
    let start: Int
    let count: Int
    let offsetSize: Int
    /// Where the objects start (offsets count from the byte before).
    let dataStart: Int
    /// The first byte after the INDEX.
    let end: Int

    init(_ table: FontTable, at start: Int) throws(FontError) {
        self.table = table
        self.start = start
        count = Int(try table.u16(start))
        guard count > 0 else {
            offsetSize = 0
            dataStart = start + 2
            end = start + 2
            return
        }
        offsetSize = Int(try table.u8(start + 2))
        guard offsetSize >= 1, offsetSize <= 4 else { throw table.malformed(start + 2, .unsupportedFormat) }
        dataStart = start + 3 + (count + 1) * offsetSize - 1
        end = try dataStart + table.offset32(start + 3 + count * offsetSize, size: offsetSize)
        _ = try table.checked(dataStart, end - dataStart)
    }

    /// Object `index` (0 ..< `count`) as a part of the table.
    func object(_ index: Int) throws(FontError) -> FontTable {
        guard index >= 0, index < count else { throw table.malformed(start, .inconsistentCount) }
        let at = start + 3 + index * offsetSize
        let first = try table.offset32(at, size: offsetSize)
        let next = try table.offset32(at + offsetSize, size: offsetSize)
        guard first >= 1, next >= first, dataStart + next <= end else { throw table.malformed(at, .offsetOutside) }
        return try table.slice(dataStart + first, next - first)
    }

    /// The bias added to a subroutine number (Type 2: 107, 1131 or 32768 by the count).
    var subroutineBias: Int { count < 1240 ? 107 : (count < 33_900 ? 1131 : 32_768) }
}

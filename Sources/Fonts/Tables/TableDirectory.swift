/// The sfnt table directory: 16-byte records (tag, checksum, offset, length) after a 12-byte header.
struct TableDirectory {
    let file: FontTable
    let start: Int
    let count: Int

    /// The table with `tag`, or an absent table (no bytes) when the font has none.
    func table(_ tag: FontTag) throws(FontError) -> FontTable {
        for record in 0..<count {
            let at = start + 12 + record * 16
            guard try file.u32(at) == tag.value else { continue }
            let offset = try file.offset32(at + 8), length = try file.offset32(at + 12)
            guard offset <= file.count, length <= file.count - offset else {
                throw file.malformed(at + 8, .offsetOutside)
            }
            return FontTable(base: file.base, tag: tag, start: offset, count: length)
        }
        return FontTable(base: file.base, tag: tag, start: 0, count: 0)
    }

    /// The table with `tag`; `.missingTable` when the font has none.
    func required(_ tag: FontTag) throws(FontError) -> FontTable {
        let found = try table(tag)
        guard found.isPresent else { throw .missingTable(tag) }
        return found
    }
}

/// The `CFF ` table of an OpenType font: the charstrings and the global and local subroutines of its one
/// (non-CID) font.
struct CompactFontProgram: Sendable {
    let charStrings: CompactIndex
    let globalSubroutines: CompactIndex
    let localSubroutines: CompactIndex?

    init(_ cff: FontTable) throws(FontError) {
        guard try cff.u8(0) == 1 else { throw cff.malformed(0, .unknownVersion) }
        let names = try CompactIndex(cff, at: Int(try cff.u8(2)))
        let topDicts = try CompactIndex(cff, at: names.end)
        let strings = try CompactIndex(cff, at: topDicts.end)
        globalSubroutines = try CompactIndex(cff, at: strings.end)
        let top = CompactDictionary(data: try topDicts.object(0))
        if try top.operands(of: 1236) != nil { throw top.data.malformed(0, .unsupportedFormat) }
        if let type = try top.operands(of: 1206), type.0 != 2 { throw top.data.malformed(0, .unsupportedFormat) }
        guard let charStringsAt = try top.operands(of: 17)?.0 else { throw top.data.malformed(0, .inconsistentCount) }
        charStrings = try CompactIndex(cff, at: charStringsAt)
        if let (size, offset) = try top.operands(of: 18) {
            let privateDict = CompactDictionary(data: try cff.slice(offset, size))
            if let subrs = try privateDict.operands(of: 19)?.0 {
                localSubroutines = try CompactIndex(cff, at: offset + subrs)
            } else {
                localSubroutines = nil
            }
        } else {
            localSubroutines = nil
        }
    }

    func outline<Sink: OutlineSink>(of glyph: Int, into sink: inout Sink) throws(FontError) {
        var interpreter = CharstringInterpreter(program: self)
        try interpreter.run(try charStrings.object(glyph), depth: 0, into: &sink)
        try interpreter.finish(into: &sink)
    }
}

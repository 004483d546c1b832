/// GPOS pair adjustment: the lookups of the `kern` feature of the Latin script's default language (else the
/// default script's, else the first script's: one script for all text, see docs/text.md); per lookup the first subtable (format 1 or 2, through extension lookups)
/// that covers the pair gives the first glyph's x advance adjustment, and the lookups' adjustments add up.
struct PairPositioning {
    let table: FontTable

    init(_ table: FontTable) { self.table = table }

    func adjustment(left: Int, right: Int) throws(FontError) -> Int {
        guard try table.u16(0) == 1 else { throw table.malformed(0, .unknownVersion) }
        guard let languageSystem = try defaultLanguageSystem() else { return 0 }
        let features = Int(try table.u16(6)), lookups = Int(try table.u16(8))
        var total = 0
        for index in 0..<Int(try table.u16(languageSystem + 4)) {
            let feature = Int(try table.u16(languageSystem + 6 + index * 2))
            let record = features + 2 + feature * 6
            guard feature < Int(try table.u16(features)) else { throw table.malformed(languageSystem + 6, .inconsistentCount) }
            guard try table.u32(record) == FontTag.kernFeature.value else { continue }
            let featureTable = features + Int(try table.u16(record + 4))
            for lookupIndex in 0..<Int(try table.u16(featureTable + 2)) {
                let lookup = Int(try table.u16(featureTable + 4 + lookupIndex * 2))
                guard lookup < Int(try table.u16(lookups)) else { throw table.malformed(featureTable + 4, .inconsistentCount) }
                total += try lookupAdjustment(at: lookups + Int(try table.u16(lookups + 2 + lookup * 2)), left, right)
            }
        }
        return total
    }

    /// The offset of the chosen script's default LangSys table, or `nil` when there is none.
    private func defaultLanguageSystem() throws(FontError) -> Int? {
        let scripts = Int(try table.u16(4))
        let count = Int(try table.u16(scripts))
        var chosen = -1
        for preference in 0..<2 where chosen < 0 {
            let preferred = preference == 0 ? FontTag.latinScript.value : FontTag.defaultScript.value
            for index in 0..<count where try table.u32(scripts + 2 + index * 6) == preferred { chosen = index }
        }
        if chosen < 0, count > 0 { chosen = 0 }
        guard chosen >= 0 else { return nil }
        let script = scripts + Int(try table.u16(scripts + 2 + chosen * 6 + 4))
        let defaultOffset = Int(try table.u16(script))
        return defaultOffset == 0 ? nil : script + defaultOffset
    }

    private func lookupAdjustment(at lookup: Int, _ left: Int, _ right: Int) throws(FontError) -> Int {
        var type = try table.u16(lookup)
        for index in 0..<Int(try table.u16(lookup + 4)) {
            var subtable = lookup + Int(try table.u16(lookup + 6 + index * 2))
            if type == 9 {
                guard try table.u16(subtable) == 1 else { throw table.malformed(subtable, .unsupportedFormat) }
                type = try table.u16(subtable + 2)
                subtable += try table.offset32(subtable + 4)
            }
            guard type == 2 else { return 0 }
            if let value = try PairAdjustmentSubtable(table: table, start: subtable).adjustment(left, right) {
                return value
            }
        }
        return 0
    }
}

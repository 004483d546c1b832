extension TextLayout {
    /// Splits the items into paragraphs at line feeds and each paragraph into lines.
    func breakLines(font: Font, style: TextStyle) throws(TextLayoutError) {
        let maxWidth = scale.units(style.width)
        var start = 0
        while start <= itemCount {
            var end = start
            while end < itemCount, items[end].scalar != 0x0A { end += 1 }
            if style.isWrapped {
                try wrap(start..<end, maxWidth: maxWidth, font: font, style: style)
            } else {
                try truncate(start..<end, maxWidth: maxWidth, font: font, style: style)
            }
            start = end + 1
        }
    }

    private func kerning(_ left: Int, _ right: Int, _ font: Font) throws(TextLayoutError) -> Int {
        do { return try font.kerning(between: items[left].glyph, and: items[right].glyph) } catch { throw .font(error) }
    }

    private func breaksAfter(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x2D || scalar == 0x2010 }

    /// Greedy wrapping: a line takes characters while its width without trailing spaces fits, then breaks after
    /// its last space or hyphen (or, in a word longer than the line, before the character that overflows).
    private func wrap(_ paragraph: Range<Int>, maxWidth: Int, font: Font, style: TextStyle) throws(TextLayoutError) {
        var start = paragraph.lowerBound
        repeat {
            var width = 0, visibleWidth = 0, breakAt = -1, breakWidth = 0, index = start
            while index < paragraph.upperBound {
                let kern = index > start ? try kerning(index - 1, index, font) : 0
                let next = width + kern + items[index].advance
                let isSpace = items[index].scalar == 0x20
                if !isSpace, next > maxWidth, index > start { break }
                width = next
                if !isSpace { visibleWidth = width }
                if breaksAfter(items[index].scalar) {
                    breakAt = index + 1
                    breakWidth = visibleWidth
                }
                index += 1
            }
            var end = index, lineWidth = visibleWidth
            if index < paragraph.upperBound, breakAt > start {
                end = breakAt
                lineWidth = breakWidth
            }
            let isLast = end >= paragraph.upperBound
            try appendLine(prefix: start..<end, ellipsis: nil, suffix: end..<end, width: lineWidth,
                           isParagraphEnd: isLast, font: font, style: style)
            start = end
        } while start < paragraph.upperBound
    }

    /// One line; when it is wider than the box and truncation is on, the longest prefix, suffix or both that fit
    /// with U+2026 (spaces next to the ellipsis dropped).
    private func truncate(_ line: Range<Int>, maxWidth: Int, font: Font, style: TextStyle) throws(TextLayoutError) {
        let full = try width(of: line, font: font)
        guard style.truncation != .none, full > maxWidth else {
            try appendLine(prefix: line, ellipsis: nil, suffix: line.upperBound..<line.upperBound, width: full,
                           isParagraphEnd: true, font: font, style: style)
            return
        }
        let ellipsis: (glyph: Int, advance: Int)
        do {
            let glyph = try font.glyph(for: 0x2026)
            ellipsis = (glyph, try font.advance(of: glyph))
        } catch { throw .font(error) }
        let budget = maxWidth - ellipsis.advance
        var prefixEnd = line.lowerBound, suffixStart = line.upperBound
        switch style.truncation {
        case .end: prefixEnd = try longestPrefix(line, budget: budget, font: font)
        case .start: suffixStart = try longestSuffix(line, budget: budget, font: font)
        default:
            prefixEnd = try longestPrefix(line, budget: budget - budget / 2, font: font)
            let used = try width(of: line.lowerBound..<prefixEnd, font: font)
            suffixStart = try longestSuffix(prefixEnd..<line.upperBound, budget: budget - used, font: font)
        }
        while prefixEnd > line.lowerBound, items[prefixEnd - 1].scalar == 0x20 { prefixEnd -= 1 }
        while suffixStart < line.upperBound, items[suffixStart].scalar == 0x20 { suffixStart += 1 }
        let prefix = line.lowerBound..<prefixEnd, suffix = suffixStart..<line.upperBound
        var total = try width(of: prefix, font: font) + ellipsis.advance + width(of: suffix, font: font)
        do {
            if !prefix.isEmpty { total += try font.kerning(between: items[prefixEnd - 1].glyph, and: ellipsis.glyph) }
            if !suffix.isEmpty { total += try font.kerning(between: ellipsis.glyph, and: items[suffixStart].glyph) }
        } catch { throw .font(error) }
        try appendLine(prefix: prefix, ellipsis: ellipsis, suffix: suffix, width: total, isParagraphEnd: true,
                       font: font, style: style)
    }

    /// Advances with kerning of `range`.
    private func width(of range: Range<Int>, font: Font) throws(TextLayoutError) -> Int {
        var total = 0
        for index in range {
            if index > range.lowerBound { total += try kerning(index - 1, index, font) }
            total += items[index].advance
        }
        return total
    }

    private func longestPrefix(_ range: Range<Int>, budget: Int, font: Font) throws(TextLayoutError) -> Int {
        var total = 0, end = range.lowerBound
        while end < range.upperBound {
            let next = total + items[end].advance + (end > range.lowerBound ? try kerning(end - 1, end, font) : 0)
            guard next <= budget else { break }
            total = next
            end += 1
        }
        return end
    }

    private func longestSuffix(_ range: Range<Int>, budget: Int, font: Font) throws(TextLayoutError) -> Int {
        var total = 0, start = range.upperBound
        while start > range.lowerBound {
            let next = total + items[start - 1].advance + (start < range.upperBound ? try kerning(start - 1, start, font) : 0)
            guard next <= budget else { break }
            total = next
            start -= 1
        }
        return start
    }
}

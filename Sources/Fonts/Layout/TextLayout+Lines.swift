extension TextLayout {
    /// Splits the items into paragraphs at line feeds and each paragraph into lines.
    func breakLines(fonts: FontCascade, style: TextStyle) throws(TextLayoutError) {
        let maxWidth = scale.units(style.width)
        var start = 0
        while start <= itemCount {
            var end = start
            while end < itemCount, items[end].scalar != 0x0A { end += 1 }
            if style.isWrapped {
                try wrap(start..<end, maxWidth: maxWidth, fonts: fonts, style: style)
            } else {
                try truncate(start..<end, maxWidth: maxWidth, fonts: fonts, style: style)
            }
            start = end + 1
        }
    }

    private func breaksAfter(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x2D || scalar == 0x2010 }

    /// Greedy wrapping: a line takes characters while its width without trailing spaces fits, then breaks after
    /// its last space or hyphen (or, in a word longer than the line, before the character that overflows).
    private func wrap(_ paragraph: Range<Int>, maxWidth: Int64, fonts: FontCascade, style: TextStyle) throws(TextLayoutError) {
        var start = paragraph.lowerBound
        repeat {
            var width: Int64 = 0, visibleWidth: Int64 = 0, breakWidth: Int64 = 0, breakAt = -1, index = start
            while index < paragraph.upperBound {
                let kern: Int64 = index > start ? items[index].kerningBefore : 0
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
                           isParagraphEnd: isLast, fonts: fonts, style: style)
            start = end
        } while start < paragraph.upperBound
    }

    /// One line; when it is wider than the box and truncation is on, the longest prefix, suffix or both that fit
    /// with U+2026 (spaces next to the ellipsis dropped).
    private func truncate(_ line: Range<Int>, maxWidth: Int64, fonts: FontCascade, style: TextStyle) throws(TextLayoutError) {
        let full = width(of: line)
        guard style.truncation != .none, full > maxWidth else {
            try appendLine(prefix: line, ellipsis: nil, suffix: line.upperBound..<line.upperBound, width: full,
                           isParagraphEnd: true, fonts: fonts, style: style)
            return
        }
        let (ellipsisFont, ellipsisGlyph) = try fonts.glyph(for: 0x2026)
        let ellipsis = LayoutItem(scalar: 0x2026, font: Int32(ellipsisFont), glyph: ellipsisGlyph,
                                  advance: try fonts.advance(of: ellipsisGlyph, font: ellipsisFont))
        let budget = maxWidth - ellipsis.advance
        var prefixEnd = line.lowerBound, suffixStart = line.upperBound
        switch style.truncation {
        case .end: prefixEnd = longestPrefix(line, budget: budget)
        case .start: suffixStart = longestSuffix(line, budget: budget)
        default:
            prefixEnd = longestPrefix(line, budget: budget - budget / 2)
            let used = width(of: line.lowerBound..<prefixEnd)
            suffixStart = longestSuffix(prefixEnd..<line.upperBound, budget: budget - used)
        }
        while prefixEnd > line.lowerBound, items[prefixEnd - 1].scalar == 0x20 { prefixEnd -= 1 }
        while suffixStart < line.upperBound, items[suffixStart].scalar == 0x20 { suffixStart += 1 }
        let prefix = line.lowerBound..<prefixEnd, suffix = suffixStart..<line.upperBound
        var total = width(of: prefix) + ellipsis.advance + width(of: suffix)
        if !prefix.isEmpty {
            let last = items[prefixEnd - 1]
            total += try fonts.kerning(last.glyph, Int(last.font), ellipsis.glyph, ellipsisFont)
        }
        if !suffix.isEmpty {
            let next = items[suffixStart]
            total += try fonts.kerning(ellipsis.glyph, ellipsisFont, next.glyph, Int(next.font))
        }
        try appendLine(prefix: prefix, ellipsis: ellipsis, suffix: suffix, width: total, isParagraphEnd: true,
                       fonts: fonts, style: style)
    }

    /// Advances with kerning of `range`.
    private func width(of range: Range<Int>) -> Int64 {
        var total: Int64 = 0
        for index in range {
            if index > range.lowerBound { total += items[index].kerningBefore }
            total += items[index].advance
        }
        return total
    }

    private func longestPrefix(_ range: Range<Int>, budget: Int64) -> Int {
        var total: Int64 = 0, end = range.lowerBound
        while end < range.upperBound {
            var next = total + items[end].advance
            if end > range.lowerBound { next += items[end].kerningBefore }
            guard next <= budget else { break }
            total = next
            end += 1
        }
        return end
    }

    private func longestSuffix(_ range: Range<Int>, budget: Int64) -> Int {
        var total: Int64 = 0, start = range.upperBound
        while start > range.lowerBound {
            var next = total + items[start - 1].advance
            if start < range.upperBound { next += items[start].kerningBefore }
            guard next <= budget else { break }
            total = next
            start -= 1
        }
        return start
    }
}

/// Walks a simple glyph's points (flags, x deltas, y deltas: three streams read side by side) without
/// storing them; a copy of the cursor resumes from the same point.
struct GlyfPointCursor {
    private var flagAt: Int
    private var repeatsLeft = 0
    private var flag: UInt8 = 0
    private var xAt: Int
    private var yAt: Int
    private var x: Int64 = 0
    private var y: Int64 = 0

    /// A cursor at the first point; `flagStart` is the first flag byte, `pointCount` the glyph's points.
    init(glyph: FontTable, flagStart: Int, pointCount: Int) throws(FontError) {
        var at = flagStart, xBytes = 0, remaining = pointCount
        while remaining > 0 {
            let flag = try glyph.u8(at)
            at += 1
            var count = 1
            if flag & 0x08 != 0 {
                count += Int(try glyph.u8(at))
                at += 1
            }
            guard count <= remaining else { throw glyph.malformed(at - 1, .inconsistentCount) }
            remaining -= count
            xBytes += count * (flag & 0x02 != 0 ? 1 : (flag & 0x10 != 0 ? 0 : 2))
        }
        flagAt = flagStart
        xAt = at
        yAt = at + xBytes
    }

    /// The next point: coordinates in font units and whether it lies on the curve.
    mutating func next(in glyph: FontTable) throws(FontError) -> (x: Int64, y: Int64, onCurve: Bool) {
        if repeatsLeft > 0 {
            repeatsLeft -= 1
        } else {
            flag = try glyph.u8(flagAt)
            flagAt += 1
            if flag & 0x08 != 0 {
                repeatsLeft = Int(try glyph.u8(flagAt))
                flagAt += 1
            }
        }
        x += try GlyfPointCursor.delta(glyph, &xAt, short: flag & 0x02 != 0, same: flag & 0x10 != 0)
        y += try GlyfPointCursor.delta(glyph, &yAt, short: flag & 0x04 != 0, same: flag & 0x20 != 0)
        return (x, y, flag & 0x01 != 0)
    }

    private static func delta(_ glyph: FontTable, _ at: inout Int, short: Bool, same: Bool) throws(FontError) -> Int64 {
        if short {
            let value = Int64(try glyph.u8(at))
            at += 1
            return same ? value : -value
        }
        if same { return 0 }
        let value = Int64(try glyph.i16(at))
        at += 2
        return value
    }
}

import Raster

/// A coverage sink that forwards every run and span to the text's `SolidColorSink` and writes them, relative to
/// the placement's whole pixel, into a stretch of the glyph cache's arena (`GlyphCoverageRecord`'s layout).
/// When a record does not fit the stretch or its fields (16 bits), it stops writing and is `abandoned`; the
/// drawing itself is never affected.
struct GlyphCoverageRecorder: CoverageSink {
    let sink: UnsafeMutablePointer<SolidColorSink>
    let words: UnsafeMutablePointer<UInt16>
    let capacity: Int
    let pixelX: Int
    let pixelY: Int
    /// Words written.
    var count = 0
    var abandoned = false

    @_noAllocation
    init(sink: UnsafeMutablePointer<SolidColorSink>, words: UnsafeMutablePointer<UInt16>, capacity: Int,
         pixelX: Int, pixelY: Int) {
        self.sink = sink
        self.words = words
        self.capacity = capacity
        self.pixelX = pixelX
        self.pixelY = pixelY
    }

    @_noAllocation
    mutating func blendRun(x: Int, y: Int, count length: Int, coverage: UInt16) {
        sink.pointee.blendRun(x: x, y: y, count: length, coverage: coverage)
        guard writeHeader(x: x, y: y, length: length, isSpan: false, payload: 1) else { return }
        words[count] = coverage
        count &+= 1
    }

    @_noAllocation
    mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        sink.pointee.blendSpan(x: x, y: y, coverage: coverage)
        let padded = WideCoverage.octetPadded(coverage.count)
        guard let values = coverage.baseAddress,
              writeHeader(x: x, y: y, length: coverage.count, isSpan: true, payload: padded) else { return }
        for index in 0 ..< coverage.count { words[count &+ index] = values[index] }
        for index in coverage.count ..< padded { words[count &+ index] = 0 }
        count &+= padded
    }

    /// Writes a record's three header words when it and `payload` more words fit; otherwise abandons the record.
    @_noAllocation
    private mutating func writeHeader(x: Int, y: Int, length: Int, isSpan: Bool, payload: Int) -> Bool {
        if abandoned { return false }
        guard let dx = Int16(exactly: x &- pixelX), let dy = Int16(exactly: y &- pixelY),
              length > 0, length <= GlyphCoverageRecord.longestRun,
              count &+ GlyphCoverageRecord.headerWords &+ payload <= capacity else {
            abandoned = true
            return false
        }
        words[count] = UInt16(bitPattern: dy)
        words[count &+ 1] = UInt16(bitPattern: dx)
        words[count &+ 2] = UInt16(truncatingIfNeeded: length) | (isSpan ? GlyphCoverageRecord.spanFlag : 0)
        count &+= GlyphCoverageRecord.headerWords
        return true
    }
}

/// The layout of a glyph's coverage in the cache's arena: per run or span, y and x relative to the placement's
/// whole pixel (Int16 each), the pixel count (15 bits) with `spanFlag` for a span, then the run's one coverage
/// or the span's coverage per pixel (wide, 0 … 32640) padded with zeros to whole octets, so that a replayed span
/// is blended eight pixels at a time (`OctetSpanBlender`).
enum GlyphCoverageRecord {
    static let headerWords = 3
    static let spanFlag: UInt16 = 0x8000
    static let longestRun = 0x7FFF

    /// Sends the record of `length` words at ring position `start` to `sink`, moved by (`pixelX`, `pixelY`); spans
    /// go through `octets` (the sink's `octetSpanBlender()`, made once per text layer) where it takes them.
    @_noAllocation
    static func replay(arena: UnsafeMutablePointer<UInt16>, arenaWords: Int, start: UInt64, length: Int32,
                       pixelX: Int, pixelY: Int, into sink: inout SolidColorSink, octets: OctetSpanBlender?) {
        var word = UnsafePointer(arena + Int(start % UInt64(arenaWords)))
        let end = word + Int(length)
        while word < end {
            let y = pixelY &+ Int(Int16(bitPattern: word[0])), x = pixelX &+ Int(Int16(bitPattern: word[1]))
            let count = Int(word[2] & ~spanFlag)
            if word[2] & spanFlag == 0 {
                sink.blendRun(x: x, y: y, count: count, coverage: word[3])
                word += headerWords &+ 1
            } else {
                let values = word + headerWords
                if octets?.blend(x: x, y: y, coverage: values, count: count) != true {
                    sink.blendSpan(x: x, y: y, coverage: UnsafeBufferPointer(start: values, count: count))
                }
                word += headerWords &+ WideCoverage.octetPadded(count)
            }
        }
    }
}

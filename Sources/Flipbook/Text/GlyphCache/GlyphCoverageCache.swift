import FixedPoint
import Fonts
import Raster

/// Coverage of glyphs drawn before, replayed instead of rasterizing their outlines again — the same pixels.
///
/// Memory is allocated once at setup (`CompositorConfiguration.glyphCacheBytes`): an arena of 16-bit words
/// written as a ring (`GlyphCoverageRecord`), an index of 8-way sets of `GlyphCoverageEntry` (two candidate sets
/// per key), and 8 font slots.
/// An entry is live while the ring's write head has not come round to its words again (FIFO eviction: nothing
/// is freed, nothing allocated). A glyph is recorded only when no segment of its outline was clipped, and replayed
/// only when its moved segments again lie inside the clip and its moved points within the rasterizer's range:
/// then the rasterizer's output is its recorded output moved by whole pixels (`GlyphCoverageKey`).
struct GlyphCoverageCache: ~Copyable {
    static let ways = 8
    static let fontSlotCount = 8
    /// Arena bytes per index entry.
    static let bytesPerEntry = 256
    /// A record may take at most this fraction (1/n) of the arena; a larger glyph is drawn uncached.
    static let largestRecordShare = 8

    let arena: UnsafeMutablePointer<UInt16>
    let arenaWords: Int
    /// Where the next record starts, counted from the arena's first use (position = head mod `arenaWords`).
    var head: UInt64 = 0
    let entries: UnsafeMutablePointer<GlyphCoverageEntry>
    let setMask: Int
    let fonts: UnsafeMutablePointer<Font?>
    let fontIdentities: UnsafeMutablePointer<FontIdentity?>
    let fontTags: UnsafeMutablePointer<UInt32>
    var nextFontSlot = 0
    var nextFontTag: UInt32 = 1
    /// Glyphs drawn from the cache, and glyphs recorded into it, since setup (for tests and the bench).
    var hitCount = 0
    var recordCount = 0

    /// A cache of `bytes` arena bytes (0: off) and one index entry per `bytesPerEntry` of them.
    init(bytes: Int) {
        arenaWords = bytes / 2
        arena = .allocate(capacity: max(1, arenaWords))
        var sets = 1
        while sets * Self.ways * Self.bytesPerEntry < bytes { sets *= 2 }
        setMask = sets - 1
        entries = .allocate(capacity: sets * Self.ways)
        entries.initialize(repeating: .empty, count: sets * Self.ways)
        fonts = .allocate(capacity: Self.fontSlotCount)
        fonts.initialize(repeating: nil, count: Self.fontSlotCount)
        fontIdentities = .allocate(capacity: Self.fontSlotCount)
        fontIdentities.initialize(repeating: nil, count: Self.fontSlotCount)
        fontTags = .allocate(capacity: Self.fontSlotCount)
        fontTags.initialize(repeating: 0, count: Self.fontSlotCount)
    }

    deinit {
        arena.deallocate()
        entries.deallocate()
        fonts.deinitialize(count: Self.fontSlotCount)
        fonts.deallocate()
        fontIdentities.deallocate()
        fontTags.deallocate()
    }

    /// Whether the cache has memory (a zero-byte cache draws every glyph).
    var isEnabled: Bool { arenaWords > 0 }

    /// The tag keys of `font`'s glyphs carry. A font not seen before takes the next slot (round robin) and a new
    /// tag, so the glyphs of the font it replaces are never matched again; the slot keeps a copy of the font,
    /// whose bytes therefore stay allocated and their address (`FontIdentity`) unique while it is keyed.
    mutating func fontTag(for font: Font) -> UInt32 {
        let identity = font.identity
        for slot in 0..<Self.fontSlotCount where fontIdentities[slot] == identity { return fontTags[slot] }
        let slot = nextFontSlot
        nextFontSlot = (slot &+ 1) % Self.fontSlotCount
        fonts[slot] = font
        fontIdentities[slot] = identity
        fontTags[slot] = nextFontTag
        nextFontTag = nextFontTag == .max ? 1 : nextFontTag &+ 1
        return fontTags[slot]
    }

    /// Draws the recorded coverage of `placed` into `sink` (spans through `octets` where it takes them) and returns
    /// true, when a live entry has its key, its moved segments lie inside `rasterizer`'s clip and its moved points
    /// within the coordinate limit; else false.
    @_noAllocation
    mutating func replay(_ placed: PlacedGlyphKey, clippedBy rasterizer: borrowing Rasterizer,
                into sink: inout SolidColorSink, octets: OctetSpanBlender?) -> Bool {
        let sets = candidateSets(placed.key)
        guard let way = liveWay(of: placed.key, from: sets.first) ?? liveWay(of: placed.key, from: sets.second) else {
            return false
        }
        let entry = entries + way
        if entry.pointee.isBlank {
            hitCount &+= 1
            return true
        }
        let (dx, dy) = placed.subpixelOffset()
        guard rasterizer.clipHoldsSegments(entry.pointee.segments.moved(dx, dy)),
              Rasterizer.holdsCoordinates(entry.pointee.points.moved(dx, dy)) else { return false }
        GlyphCoverageRecord.replay(arena: arena, arenaWords: arenaWords, start: entry.pointee.start, length: entry.pointee.length,
                                   pixelX: placed.pixelX, pixelY: placed.pixelY, into: &sink, octets: octets)
        hitCount &+= 1
        return true
    }

    /// The first way of each of the two sets `key` may be kept in (from the hash's low and high 32 bits; the same
    /// set twice when they agree). Two choices keep sets from overflowing: with one, the 1,586 glyph phases of a
    /// 14 px paragraph filled 9 of 512 sets and 36 glyphs evicted each other every frame.
    @_noAllocation @inline(__always)
    func candidateSets(_ key: GlyphCoverageKey) -> (first: Int, second: Int) {
        let hash = key.hashed(), mask = UInt64(truncatingIfNeeded: setMask)
        return (Int(hash & mask) &* Self.ways, Int((hash &>> 32) & mask) &* Self.ways)
    }

    /// The way of the set starting at `base` holding a live entry with `key`, if any.
    @_noAllocation @inline(__always)
    func liveWay(of key: GlyphCoverageKey, from base: Int) -> Int? {
        for way in base ..< base &+ Self.ways {
            let entry = entries + way  // read in place: copying the 88-byte entry per way took a memcpy call
            if entry.pointee.length >= 0, entry.pointee.key.matches(key), isLive(entry.pointee) { return way }
        }
        return nil
    }

    /// Renders `rasterizer`'s outline of `placed` (its segments `segments`, its mapped points `points`, all
    /// inside the clip) into `sink`, recording the coverage into the ring; the entry is kept when the record fit.
    @_noAllocation
    mutating func record(_ placed: PlacedGlyphKey, segments: SubpixelBox, points: SubpixelBox,
                         rasterizer: inout Rasterizer, into sink: inout SolidColorSink) {
        let (dx, dy) = placed.subpixelOffset()
        let position = Int(head % UInt64(arenaWords))
        let room = min(arenaWords &- position, arenaWords / Self.largestRecordShare)
        withUnsafeMutablePointer(to: &sink) { target in
            var recorder = GlyphCoverageRecorder(sink: target, words: arena + position, capacity: room,
                                                 pixelX: placed.pixelX, pixelY: placed.pixelY)
            // The recorder is generic `render`'s sink like `SolidColorSink`; the checker cannot see that across files.
            _unsafePerformance { rasterizer.render(rule: .nonZero, into: &recorder) }
            let start = head
            head &+= UInt64(recorder.count)
            if segments.isEmpty, recorder.count == 0 {  // no segment at all (a space): nothing to draw at any place
                recordCount &+= 1
                insert(GlyphCoverageEntry(key: placed.key, start: start, length: 0, segments: GlyphExtent(),
                                          points: GlyphExtent(), isBlank: true))
                return
            }
            guard !recorder.abandoned, let moved = GlyphExtent(segments, dx, dy),
                  let movedPoints = GlyphExtent(points, dx, dy) else { return }
            recordCount &+= 1
            insert(GlyphCoverageEntry(key: placed.key, start: start, length: Int32(truncatingIfNeeded: recorder.count),
                                      segments: moved, points: movedPoints, isBlank: false))
        }
    }

    /// Whether the ring has not yet written over `entry`'s words.
    @_noAllocation @inline(__always)
    func isLive(_ entry: GlyphCoverageEntry) -> Bool {
        head <= entry.start &+ UInt64(arenaWords)
    }

    /// Puts `entry` in one of its two sets: over a live entry with its key; else in a free way (an unused or
    /// overwritten entry) of the set with fewer live entries; else over the older of the two sets' oldest.
    @_noAllocation
    mutating func insert(_ entry: GlyphCoverageEntry) {
        let sets = candidateSets(entry.key)
        if let way = liveWay(of: entry.key, from: sets.first) ?? liveWay(of: entry.key, from: sets.second) {
            entries[way] = entry
            return
        }
        let first = vacancy(from: sets.first), second = vacancy(from: sets.second)
        let chosen: Int
        if let free = first.free, first.live <= second.live || second.free == nil {
            chosen = free
        } else if let free = second.free {
            chosen = free
        } else {
            chosen = entries[first.oldest].start <= entries[second.oldest].start ? first.oldest : second.oldest
        }
        entries[chosen] = entry
    }

    /// The set starting at `base`: how many entries are live, its first free way (unused or overwritten) and its
    /// oldest way.
    @_noAllocation
    func vacancy(from base: Int) -> (live: Int, free: Int?, oldest: Int) {
        var live = 0, free: Int? = nil, oldest = base
        for way in base ..< base &+ Self.ways {
            let present = entries[way]
            if present.length < 0 || !isLive(present) {
                if free == nil { free = way }
            } else {
                live &+= 1
            }
            if present.start < entries[oldest].start { oldest = way }
        }
        return (live, free, oldest)
    }
}

/// One index entry: the key, where its record lies in the ring (`length` < 0: unused) and, relative to the
/// whole pixel P of its placement, the box of its segments and of its mapped points (subpixels); or, for a glyph
/// without any segment (`isBlank`: a space), only the key — it draws nothing wherever it is placed.
struct GlyphCoverageEntry {
    var key: GlyphCoverageKey
    var start: UInt64
    var length: Int32
    var segments: GlyphExtent
    var points: GlyphExtent
    var isBlank: Bool

    static let empty = GlyphCoverageEntry(
        key: GlyphCoverageKey(font: 0, glyph: 0, fontSize: 0, a: 0, b: 0, c: 0, d: 0, residues: 0, fractionX: 0,
                              fractionY: 0),
        start: 0, length: -1, segments: GlyphExtent(), points: GlyphExtent(), isBlank: false)
}

/// A box in subpixels relative to a placement's whole pixel, in 32 bits.
struct GlyphExtent {
    var minX: Int32 = 0
    var minY: Int32 = 0
    var maxX: Int32 = 0
    var maxY: Int32 = 0

    init() {}

    /// `box` less (`dx`, `dy`); nil when empty or when a side does not fit 32 bits.
    @_noAllocation
    init?(_ box: SubpixelBox, _ dx: Int64, _ dy: Int64) {
        guard !box.isEmpty, let minX = Int32(exactly: box.minX &- dx), let minY = Int32(exactly: box.minY &- dy),
              let maxX = Int32(exactly: box.maxX &- dx), let maxY = Int32(exactly: box.maxY &- dy) else { return nil }
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box moved by (`dx`, `dy`) subpixels.
    @_noAllocation @inline(__always)
    func moved(_ dx: Int64, _ dy: Int64) -> SubpixelBox {
        SubpixelBox(minX: Int64(minX) &+ dx, minY: Int64(minY) &+ dy, maxX: Int64(maxX) &+ dx, maxY: Int64(maxY) &+ dy)
    }
}

/// Row loops for 32-bit layouts with four byte-aligned 8-bit fields. Source-over treats every byte alike,
/// so the loops only need to know which byte holds the source's alpha (`alphaShift`).
@usableFromInline
enum RowBlender8888 {
    /// Stores `value` into `count` pixels (opaque fill; aligned vector stores, `RowFill`).
    @inlinable @inline(__always)
    static func fill(_ row: UnsafeMutablePointer<UInt32>, count: Int, value: UInt32) {
        RowFill.fill(row, count: count, value: value)
    }

    /// Source-over of one premultiplied word onto `count` pixels of each of `rows` rows `strideWords` apart.
    @inlinable
    static func blendUniform(_ first: UnsafeMutablePointer<UInt32>, count: Int, rows: Int = 1, strideWords: Int = 0,
                             source: UInt32, alphaShift: UInt32) {
        let inverseAlpha = 255 &- ((source &>> alphaShift) & 0xFF)
        if source == 0 { return }
        if inverseAlpha == 0 {
            for line in 0..<rows { fill(first + line &* strideWords, count: count, value: source) }
            return
        }
        // Four pixels at a time on eight 16-bit lanes (one SSE2 / NEON register, no widening); the same
        // rounding as the scalar head and tail.
        let quad = SolidQuadBlend(source: unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD8<UInt16>.self),
                                  inverseAlpha: SIMD8<UInt16>(repeating: UInt16(inverseAlpha)))
        for line in 0..<rows {
            let row = first + line &* strideWords
            let bytes = UnsafeMutableRawPointer(row)
            // Scalar head up to a 16-byte boundary, so the vector loads and stores never split a cache line.
            var index = 0
            while index < count && (Int(bitPattern: row + index) & 15) != 0 {
                row[index] = ChannelMath.sourceOver(source, row[index], inverseAlpha: inverseAlpha)
                index &+= 1
            }
            while index &+ 8 <= count {  // two independent quads per step keep both multipliers busy
                let low = bytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                let high = bytes.loadUnaligned(fromByteOffset: index &* 4 &+ 16, as: SIMD8<UInt16>.self)
                bytes.storeBytes(of: quad.blend(low), toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                bytes.storeBytes(of: quad.blend(high), toByteOffset: index &* 4 &+ 16, as: SIMD8<UInt16>.self)
                index &+= 8
            }
            if index &+ 4 <= count {
                let destination = bytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                bytes.storeBytes(of: quad.blend(destination), toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                index &+= 4
            }
            while index < count {
                row[index] = ChannelMath.sourceOver(source, row[index], inverseAlpha: inverseAlpha)
                index &+= 1
            }
        }
    }

    /// Source-over of `source` weighted by `coverage` (Q16 weights) onto `count` pixels, rounded once per
    /// byte (`ChannelMath.blend`; an opaque source pixel by `ChannelMath.blendOpaque`, the same bytes). Zero
    /// weights and transparent source pixels leave the destination as it is (what the blend would store). A pixel whose weight, source and destination equal the previous pixel's
    /// takes the previous result (runs of one colour and weight over a uniform background cost three
    /// compares a pixel).
    @inlinable @inline(__always)
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutablePointer<UInt32>, count: Int,
                                                          source: S, coverage: C, alphaShift: UInt32) {
        var previous = BlendMemo()
        for index in 0..<count {
            let weight = coverage.weight(index), pixel = source.pixel(index)
            if weight == 0 || pixel == 0 { continue }
            let destination = row[index]
            if !previous.holds(weight: weight, source: pixel, destination: destination) {
                let alpha = (pixel &>> alphaShift) & 0xFF
                previous = BlendMemo(weight: weight, source: pixel, destination: destination,
                                     result: alpha == 255 ? ChannelMath.blendOpaque(pixel, weight: weight, over: destination)
                                         : ChannelMath.blend(pixel, alpha: alpha, weight: weight, over: destination))
            }
            row[index] = previous.result
        }
    }

    /// Source-over of `source` (no coverage) onto `count` pixels: images and groups at full opacity.
    @inlinable @inline(__always)
    static func blend<S: PixelSource>(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: S, alphaShift: UInt32) {
        for index in 0..<count {
            let pixel = source.pixel(index)
            let inverseAlpha = 255 &- ((pixel &>> alphaShift) & 0xFF)
            row[index] = ChannelMath.sourceOver(pixel, row[index], inverseAlpha: inverseAlpha)
        }
    }
}

extension RowBlender8888 {
    /// Source-over of a row of canonical premultiplied ARGB words faded by `opacity` onto a canonical 8888
    /// row (groups, offscreen results). At full opacity: four pixels per step on eight 16-bit lanes as
    /// loaded (`QuadLanes`), `s + round(d × (255 − sa) / 255)` per byte, the inverse alpha recomputed only
    /// when a quad differs from the previous one (group content is mostly runs of one colour), fully
    /// transparent quads skipped. Below it: `ChannelMath.blend` with the opacity's weight, rounded once.
    @inlinable
    static func composite(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: UnsafePointer<UInt32>, opacity: UInt32) {
        guard opacity == 255 else {
            var memo = BlendMemo()
            blendQuads(row, count: count, source: source, sourceStep: 1, weight: ChannelMath.weight(byte: opacity), tail: &memo)
            return
        }
        let bytes = UnsafeMutableRawPointer(row), sourceBytes = UnsafeRawPointer(source)
        var previous = SIMD8<UInt16>(), inverseAlpha = SIMD8<UInt16>(repeating: 255)
        var transparent = true
        var index = 0
        while index &+ 4 <= count {
            let pixels = sourceBytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            if !QuadLanes.equal(pixels, previous) {
                previous = pixels
                inverseAlpha = QuadLanes.inverseAlpha(pixels)
                transparent = QuadLanes.equal(pixels, SIMD8<UInt16>())
            }
            if !transparent {
                let destination = bytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                let blended = QuadLanes.scaleBytes(destination, by: inverseAlpha) &+ pixels
                bytes.storeBytes(of: blended, toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            }
            index &+= 4
        }
        blend(row + index, count: count &- index, source: RowSource(pixels: source + index), alphaShift: 24)
    }
}

extension RowBlender8888 {
    /// Source-over of canonical premultiplied ARGB words (`sourceStep` 1: a row of them; 0: one colour) at
    /// one Q16 `weight` onto a canonical 8888 row, rounded once (`ChannelMath.blend`). Four pixels per step:
    /// a quad whose source and destination equal the previous quad's takes the previous result (one colour
    /// over one background costs two compares and a store per four pixels); others are blended pixel by
    /// pixel (transparent source pixels keep the destination). The pixels after the last whole quad reuse
    /// `memo` (kept by the caller across the rows of a narrow rectangle, e.g. a rounded rect's edge column).
    @inlinable
    static func blendQuads(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: UnsafePointer<UInt32>, sourceStep: Int,
                           weight: UInt32, tail memo: inout BlendMemo) {
        let bytes = UnsafeMutableRawPointer(row)
        var previousSource = SIMD4<UInt32>(), previousDestination = SIMD4<UInt32>(), previousResult = SIMD4<UInt32>()
        var index = 0
        while index &+ 4 <= count {
            let pixels = sourceStep == 0 ? SIMD4<UInt32>(repeating: source[0])
                : UnsafeRawPointer(source + index).loadUnaligned(as: SIMD4<UInt32>.self)
            let destination = bytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            if !QuadLanes.equal(unsafeBitCast(pixels, to: SIMD8<UInt16>.self), unsafeBitCast(previousSource, to: SIMD8<UInt16>.self))
                || !QuadLanes.equal(unsafeBitCast(destination, to: SIMD8<UInt16>.self),
                                    unsafeBitCast(previousDestination, to: SIMD8<UInt16>.self)) {
                previousSource = pixels
                previousDestination = destination
                // Four scalars packed once: writing lanes one by one goes through the stack and stalls.
                @inline(__always) func lane(_ pixel: UInt32, _ under: UInt32) -> UInt32 {
                    pixel == 0 ? under : ChannelMath.blend(pixel, alpha: pixel &>> 24, weight: weight, over: under)
                }
                previousResult = SIMD4(lane(pixels[0], destination[0]), lane(pixels[1], destination[1]),
                                       lane(pixels[2], destination[2]), lane(pixels[3], destination[3]))
            }
            bytes.storeBytes(of: previousResult, toByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            index &+= 4
        }
        while index < count {
            let pixel = source[index &* sourceStep], destination = row[index]
            if pixel != 0 {
                if !memo.holds(weight: weight, source: pixel, destination: destination) {
                    memo = BlendMemo(weight: weight, source: pixel, destination: destination,
                                     result: ChannelMath.blend(pixel, alpha: pixel &>> 24, weight: weight, over: destination))
                }
                row[index] = memo.result
            }
            index &+= 1
        }
    }
}

/// Source-over of one solid premultiplied colour onto four 8888 pixels held as `QuadLanes`: the destination
/// bytes scaled by 255 − sa, plus the source.
@usableFromInline
struct SolidQuadBlend {
    /// The source word in every pixel, as eight 16-bit lanes.
    @usableFromInline let source: SIMD8<UInt16>
    /// 255 − source alpha in every lane.
    @usableFromInline let inverseAlpha: SIMD8<UInt16>

    @inlinable @inline(__always)
    init(source: SIMD8<UInt16>, inverseAlpha: SIMD8<UInt16>) {
        self.source = source
        self.inverseAlpha = inverseAlpha
    }

    /// `source + round(destination × (255 − sa) / 255)` per byte of the four pixels in `destination`.
    @inlinable @inline(__always)
    func blend(_ destination: SIMD8<UInt16>) -> SIMD8<UInt16> {
        QuadLanes.scaleBytes(destination, by: inverseAlpha) &+ source
    }
}

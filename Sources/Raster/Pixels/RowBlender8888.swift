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

    /// Source-over of `source × coverage` onto `count` pixels.
    @inlinable @inline(__always)
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutablePointer<UInt32>, count: Int,
                                                          source: S, coverage: C, alphaShift: UInt32) {
        for index in 0..<count {
            let scaled = ChannelMath.scaleBytes(source.pixel(index), by: coverage.coverage(index))
            let inverseAlpha = 255 &- ((scaled &>> alphaShift) & 0xFF)
            row[index] = ChannelMath.sourceOver(scaled, row[index], inverseAlpha: inverseAlpha)
        }
    }

    /// Source-over of one canonical premultiplied colour × per-pixel `coverage` onto `count` canonical 8888
    /// pixels (anti-aliased edges): four pixels per step on `QuadLanes`, four zero coverages skipped (the
    /// blend would store the destination unchanged); the same rounding as `blend(_:count:source:coverage:alphaShift:)`.
    @inlinable
    static func blendSpan(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, coverage: UnsafePointer<UInt8>) {
        let bytes = UnsafeMutableRawPointer(row)
        let sourceLanes = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD8<UInt16>.self)
        var index = 0
        while index &+ 4 <= count {
            let values = UnsafeRawPointer(coverage + index).loadUnaligned(as: UInt32.self)
            if values != 0 {
                let scaled = QuadLanes.scaleBytes(sourceLanes, by: QuadLanes.spread(values))
                let destination = bytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                let blended = QuadLanes.scaleBytes(destination, by: QuadLanes.inverseAlpha(scaled)) &+ scaled
                bytes.storeBytes(of: blended, toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            }
            index &+= 4
        }
        blend(row + index, count: count &- index, source: UniformSource(value: source),
              coverage: SpanCoverage(values: coverage + index), alphaShift: 24)
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
    /// row (groups, offscreen results): four pixels per step on eight 16-bit lanes as loaded (`QuadLanes`);
    /// the same rounding as `blend(_:count:source:coverage:alphaShift:)`. Group content is mostly runs of one
    /// colour, so the faded source and its inverse alpha are recomputed only when a quad differs from the
    /// previous one (then a step costs what a solid blend costs); fully transparent quads are skipped.
    @inlinable
    static func composite(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: UnsafePointer<UInt32>, opacity: UInt32) {
        let bytes = UnsafeMutableRawPointer(row), sourceBytes = UnsafeRawPointer(source)
        let opacityLanes = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: opacity))
        var previous = SIMD8<UInt16>(), faded = SIMD8<UInt16>(), inverseAlpha = SIMD8<UInt16>(repeating: 255)
        var transparent = true
        var index = 0
        while index &+ 4 <= count {
            let pixels = sourceBytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            if !QuadLanes.equal(pixels, previous) {
                previous = pixels
                faded = opacity == 255 ? pixels : QuadLanes.scaleBytes(pixels, by: opacityLanes)
                inverseAlpha = QuadLanes.inverseAlpha(faded)
                transparent = QuadLanes.equal(faded, SIMD8<UInt16>())
            }
            if !transparent {
                let destination = bytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt16>.self)
                let blended = QuadLanes.scaleBytes(destination, by: inverseAlpha) &+ faded
                bytes.storeBytes(of: blended, toByteOffset: index &* 4, as: SIMD8<UInt16>.self)
            }
            index &+= 4
        }
        while index < count {
            let pixel = ChannelMath.scaleBytes(source[index], by: opacity)
            row[index] = ChannelMath.sourceOver(pixel, row[index], inverseAlpha: 255 &- (pixel &>> 24))
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

/// Row loops for any bitfield layout (24-bit, 555, odd orders): each pixel is read byte by byte, decoded
/// through the layout's fields, blended in 8-bit premultiplied form and encoded back. Sources are canonical ARGB.
@usableFromInline
enum RowBlenderGeneric {
    /// Source-over of `source` weighted by `coverage` (Q16 weights) onto `count` pixels starting at `row`:
    /// decoded to 8 bits, blended with one rounding (`ChannelMath.blend`), encoded rounding to nearest.
    @inlinable
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutableRawPointer, count: Int, layout: PixelLayout,
                                                          source: S, coverage: C) {
        let bytes = layout.bytesPerPixel
        for index in 0..<count {
            let weight = coverage.weight(index), pixel = source.pixel(index)
            if weight == 0 || pixel == 0 { continue }
            let address = row + index &* bytes
            let blended = ChannelMath.blend(pixel, alpha: pixel &>> 24, weight: weight,
                                            over: layout.decodeToPackedARGB(load(address, bytes: bytes)))
            store(layout.encode(packedARGB: blended), at: address, bytes: bytes)
        }
    }

    /// Stores the encoded `value` into `count` pixels.
    @inlinable
    static func fill(_ row: UnsafeMutableRawPointer, count: Int, bytes: Int, value: UInt32) {
        for index in 0..<count { store(value, at: row + index &* bytes, bytes: bytes) }
    }

    @inlinable @inline(__always)
    static func load(_ address: UnsafeMutableRawPointer, bytes: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in 0..<bytes {
            value |= UInt32(address.load(fromByteOffset: byte, as: UInt8.self)) &<< UInt32(8 &* byte)
        }
        return value
    }

    @inlinable @inline(__always)
    static func store(_ value: UInt32, at address: UnsafeMutableRawPointer, bytes: Int) {
        for byte in 0..<bytes {
            address.storeBytes(of: UInt8(truncatingIfNeeded: value &>> UInt32(8 &* byte)), toByteOffset: byte, as: UInt8.self)
        }
    }
}

/// Row loops for A8 masks: the destination is alpha only, `a = s + a × (255 − s) / 255`.
@usableFromInline
enum RowBlenderAlpha8 {
    /// Source-over of the sources' alpha weighted by `coverage` (Q16 weights) onto `count` mask bytes,
    /// rounded once (`ChannelMath.blendAlpha`): into an empty mask, an opaque source at full opacity stores
    /// exactly round(255 × area).
    @inlinable
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutablePointer<UInt8>, count: Int,
                                                          source: S, coverage: C) {
        for index in 0..<count {
            let weight = coverage.weight(index), alpha = source.pixel(index) &>> 24
            if weight == 0 || alpha == 0 { continue }
            row[index] = UInt8(truncatingIfNeeded: ChannelMath.blendAlpha(alpha, weight: weight, over: UInt32(row[index])))
        }
    }
}

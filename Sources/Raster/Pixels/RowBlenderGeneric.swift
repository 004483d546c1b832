/// Row loops for any bitfield layout (24-bit, 555, odd orders): each pixel is read byte by byte, decoded
/// through the layout's fields, blended in 8-bit premultiplied form and encoded back. Sources are canonical ARGB.
@usableFromInline
enum RowBlenderGeneric {
    /// Source-over of `source × coverage` onto `count` pixels starting at `row`.
    @inlinable
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutableRawPointer, count: Int, layout: PixelLayout,
                                                          source: S, coverage: C) {
        let bytes = layout.bytesPerPixel
        for index in 0..<count {
            let scaled = ChannelMath.scaleBytes(source.pixel(index), by: coverage.coverage(index))
            if scaled == 0 { continue }
            let address = row + index &* bytes
            let blended = ChannelMath.sourceOver(scaled, layout.decodeToPackedARGB(load(address, bytes: bytes)),
                                                 inverseAlpha: 255 &- (scaled &>> 24))
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
    /// Source-over of the sources' alpha × coverage onto `count` mask bytes.
    @inlinable
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutablePointer<UInt8>, count: Int,
                                                          source: S, coverage: C) {
        for index in 0..<count {
            let alpha = ChannelMath.multiply(source.pixel(index) &>> 24, coverage.coverage(index))
            row[index] = UInt8(truncatingIfNeeded: alpha &+ ChannelMath.multiply(UInt32(row[index]), 255 &- alpha))
        }
    }
}

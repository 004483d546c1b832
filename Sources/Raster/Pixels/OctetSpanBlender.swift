/// Spans stored with zeros up to whole octets (`WideCoverage.octetPadded`, as the glyph cache keeps them) blended
/// eight pixels at a time however short they are, with the sink's set-up made once: the colour's lanes, the
/// surface's first pixel and stride, its clip. Made by `SolidColorSink.octetSpanBlender()` only for an opaque
/// colour at full opacity on a canonical 8888 surface without a mask; a zero coverage leaves its pixel exactly as
/// it is, so the padding changes nothing, and each span is still checked against the clip.
public struct OctetSpanBlender {
    @usableFromInline let lanes: OpaqueSpanLanes
    @usableFromInline let origin: UnsafeMutableRawPointer
    @usableFromInline let strideBytes: Int
    @usableFromInline let clip: IntRect

    @inlinable
    init(surface: Surface, source: UInt32) {
        lanes = OpaqueSpanLanes(source: source)
        origin = surface.rowAddress(0)
        strideBytes = surface.strideBytes
        clip = surface.clip
    }

    /// Blends `count` wide coverages at (`x`, `y`), stored with zeros up to whole octets, and returns true when
    /// the padded span lies inside the clip (the same pixels as the sink's `blendSpan` of the `count` values);
    /// otherwise draws nothing and returns false (use `blendSpan`).
    @inlinable @inline(__always)
    public func blend(x: Int, y: Int, coverage: UnsafePointer<UInt16>, count: Int) -> Bool {
        let padded = WideCoverage.octetPadded(count)
        guard y >= clip.y, y < clip.maxY, x >= clip.x, x &+ padded <= clip.maxX else { return false }
        let pixels = origin + (y &* strideBytes &+ x &* 4)
        let values = UnsafeRawPointer(coverage)
        for octet in 0 ..< padded &>> 3 {
            lanes.blend(values.loadUnaligned(fromByteOffset: octet &* 16, as: SIMD8<UInt16>.self), onto: pixels + octet &* 32)
        }
        return true
    }
}

extension SolidColorSink {
    /// A blender for octet-padded spans with this sink's colour and surface, when spans blend eight pixels at a
    /// time here (`blendsOpaqueOctets`); nil otherwise (use `blendSpan`).
    @inlinable
    public func octetSpanBlender() -> OctetSpanBlender? {
        blendsOpaqueOctets ? OctetSpanBlender(surface: surface, source: argb) : nil
    }
}

/// The last blend a row loop computed: its weight, source and destination words and the stored result.
/// Content is mostly runs of one colour at one weight over runs of one background colour, so a row loop
/// that finds the same three inputs again stores the same result without blending.
@usableFromInline
struct BlendMemo {
    @usableFromInline let weight: UInt32, source: UInt32, destination: UInt32, result: UInt32

    /// No blend yet (weight 0 is never blended, so nothing matches it).
    @inlinable @inline(__always)
    init() {
        weight = 0
        source = 0
        destination = 0
        result = 0
    }

    @inlinable @inline(__always)
    init(weight: UInt32, source: UInt32, destination: UInt32, result: UInt32) {
        self.weight = weight
        self.source = source
        self.destination = destination
        self.result = result
    }

    /// Whether this blend had these inputs.
    @inlinable @inline(__always)
    func holds(weight: UInt32, source: UInt32, destination: UInt32) -> Bool {
        self.weight == weight && self.source == source && self.destination == destination
    }
}

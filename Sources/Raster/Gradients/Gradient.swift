import FixedPoint

/// How a gradient's parameter t follows a point (Core Animation's `CAGradientLayerType`).
public enum GradientKind: Sendable, Equatable {
    /// Along the line from `start` to `end` (t = 0 at start, 1 at end), padded beyond both ends.
    case axial
    /// Centred on `start`, t = 1 on the ellipse through `end` (radii |Δx|, |Δy| in points), padded beyond.
    case radial
    /// Centred on `start`, t the angle clockwise from the direction to `end`, in turns (0 ..< 1).
    case conic
}

/// A gradient: its kind, its geometry in unit coordinates of the bounds it fills (`start`, `end`, as
/// `CAGradientLayer`'s `startPoint` and `endPoint`) and 2 … 16 colour stops with non-decreasing locations in
/// 0 … 1. Colours are interpolated in premultiplied sRGB, kept exact (Q24 per channel) until the one rounding
/// of the blend that stores a pixel. Built without allocation (the stops live inline), so a compositor can
/// make one per frame.
public struct Gradient: Sendable {
    /// The most stops a gradient holds (SCENE-FORMAT.md: `colors` has 2 … 16 entries).
    public static let maximumStops = 16

    /// How t is measured.
    public var kind: GradientKind
    /// `startPoint`, unit coordinates of the bounds.
    public var start: Point
    /// `endPoint`, unit coordinates of the bounds.
    public var end: Point
    /// The stops appended so far.
    public private(set) var stopCount = 0
    /// Stop locations, Q32 (0 … 2^32).
    var locations: [16 of Int64] = .init(repeating: 0)
    /// Stop colours premultiplied exactly, Q24 per channel (blue, green, red, alpha lanes, as `WideTexel`).
    var colours: [16 of SIMD4<Int64>] = .init(repeating: SIMD4<Int64>())
    /// The stops' colours as given (straight), for `setStops(interpolating:_:colors:locations:)`.
    var straightColours: [16 of Color] = .init(repeating: .clear)
    /// `2^56 / (location[i + 1] − location[i])` for each segment of positive length (0 for empty ones).
    var reciprocals: [16 of UInt64] = .init(repeating: 0)

    /// A gradient of `kind` from `start` to `end` (unit coordinates) without stops yet.
    public init(kind: GradientKind, start: Point, end: Point) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// Appends a stop at `location` (0 … 1, not below the previous stop's) with the straight colour `color`.
    ///
    /// - Throws: `.gradientStopCount` past `maximumStops`; `.gradientLocation` for a location outside 0 … 1
    ///   or below the previous one (naming the stop's index and raw Q16.16 value).
    public mutating func appendStop(location: Fixed, color: Color) throws(RasterError) {
        guard stopCount < Self.maximumStops else { throw .gradientStopCount(stopCount + 1) }
        let q32 = Int64(location.raw) &<< 16
        guard location.raw >= 0, location.raw <= 65536, stopCount == 0 || q32 >= locations[stopCount - 1] else {
            throw .gradientLocation(index: stopCount, raw: location.raw)
        }
        locations[stopCount] = q32
        colours[stopCount] = Self.premultipliedQ24(color)
        straightColours[stopCount] = color
        if stopCount > 0 {
            let length = UInt64(q32 &- locations[stopCount - 1])
            reciprocals[stopCount - 1] = length == 0 ? 0 : (1 << 56) / length
        }
        stopCount += 1
    }

    /// Removes every stop (keeping kind and geometry), to refill in place.
    public mutating func removeAllStops() { stopCount = 0 }

    /// A straight colour premultiplied without rounding: each channel c · a / 255 in Q24 (to nearest).
    static func premultipliedQ24(_ color: Color) -> SIMD4<Int64> {
        let alpha = Int64(color.alpha)
        func channel(_ value: UInt8) -> Int64 { (Int64(value) &* alpha &<< 24 &+ 127) / 255 }
        return SIMD4<Int64>(channel(color.blue), channel(color.green), channel(color.red), alpha &<< 24)
    }

    /// The colour at `t` (Q32; below 0 the first stop's, from 1 the last's), Q24 per channel. Needs ≥ 1 stop.
    @inline(__always)
    func colour(at t: Int64) -> WideTexel {
        let last = stopCount &- 1
        if t <= locations[0] { return Self.texel(colours[0]) }
        var index = 0
        while index < last && t >= locations[index &+ 1] { index &+= 1 }
        if index == last { return Self.texel(colours[last]) }
        // locations[index] ≤ t < locations[index + 1]: the segment has positive length.
        let offset = UInt64(t &- locations[index])
        let product = offset.multipliedFullWidth(by: reciprocals[index])
        let fraction = Int64(bitPattern: product.high &<< 32 | product.low &>> 32)  // Q24, below 2^24
        let from = colours[index], to = colours[index &+ 1]
        return Self.texel(from &+ ((to &- from) &* fraction) &>> 24)
    }

    @inline(__always)
    static func texel(_ lanes: SIMD4<Int64>) -> WideTexel { WideTexel(lanes: SIMD4<UInt32>(truncatingIfNeeded: lanes)) }
}

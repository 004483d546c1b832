import FixedPoint

/// A raw component narrowed back to Q16.16, wrapping as `Fixed` arithmetic does.
@inlinable
func wrappedFixed(_ raw: Int64) -> Fixed { Fixed(raw: Int32(truncatingIfNeeded: raw)) }

extension Fixed: Interpolatable {
    /// One component.
    @inlinable public static var componentCount: Int { 1 }
    /// The raw Q16.16 value.
    @inlinable public func component(_ index: Int) -> Int64 { Int64(raw) }
    /// The value of lane 0.
    @inlinable public init(components: ComponentVector) { self = wrappedFixed(components.lanes.0) }
}

extension Point: Interpolatable {
    /// x, y.
    @inlinable public static var componentCount: Int { 2 }
    /// x (0) or y (1), raw Q16.16.
    @inlinable public func component(_ index: Int) -> Int64 { Int64(index == 0 ? x.raw : y.raw) }
    /// The point (lane 0, lane 1).
    @inlinable public init(components: ComponentVector) {
        self.init(x: wrappedFixed(components.lanes.0), y: wrappedFixed(components.lanes.1))
    }
}

extension Size: Interpolatable {
    /// width, height.
    @inlinable public static var componentCount: Int { 2 }
    /// width (0) or height (1), raw Q16.16.
    @inlinable public func component(_ index: Int) -> Int64 { Int64(index == 0 ? width.raw : height.raw) }
    /// The size (lane 0, lane 1).
    @inlinable public init(components: ComponentVector) {
        self.init(width: wrappedFixed(components.lanes.0), height: wrappedFixed(components.lanes.1))
    }
}

extension Rect: Interpolatable {
    /// x, y, width, height.
    @inlinable public static var componentCount: Int { 4 }
    /// origin x, origin y, width, height (0 … 3), raw Q16.16.
    @inlinable public func component(_ index: Int) -> Int64 {
        switch index {
        case 0: Int64(origin.x.raw)
        case 1: Int64(origin.y.raw)
        case 2: Int64(size.width.raw)
        default: Int64(size.height.raw)
        }
    }
    /// The rect (x, y, width, height) from lanes 0 … 3.
    @inlinable public init(components: ComponentVector) {
        self.init(
            x: wrappedFixed(components.lanes.0), y: wrappedFixed(components.lanes.1),
            width: wrappedFixed(components.lanes.2), height: wrappedFixed(components.lanes.3))
    }
    /// Origin and size interpolated separately (FixedPoint's point and size interpolation).
    @inlinable public func interpolated(to end: Rect, by progress: Progress) -> Rect {
        Rect(origin: origin.interpolated(to: end.origin, by: progress), size: size.interpolated(to: end.size, by: progress))
    }
}

extension Color: Interpolatable {
    /// red, green, blue, alpha (straight sRGB, as Core Animation interpolates colours).
    @inlinable public static var componentCount: Int { 4 }
    /// Channel `index` (r, g, b, a) as 0 … 255 in Q16.16.
    @inlinable public func component(_ index: Int) -> Int64 {
        let channel: UInt8
        switch index {
        case 0: channel = red
        case 1: channel = green
        case 2: channel = blue
        default: channel = alpha
        }
        return Int64(channel) &<< 16
    }
    /// Channels rounded to nearest and saturated to 0 … 255 (a colour has no value beyond them; the same
    /// deliberate limit as `Color.interpolated`).
    @inlinable public init(components: ComponentVector) {
        self.init(
            red: Color.channel(components.lanes.0), green: Color.channel(components.lanes.1),
            blue: Color.channel(components.lanes.2), alpha: Color.channel(components.lanes.3))
    }

    @inlinable
    static func channel(_ raw: Int64) -> UInt8 {
        let rounded = (raw &+ 0x8000) &>> 16
        return UInt8(truncatingIfNeeded: rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
    }
}

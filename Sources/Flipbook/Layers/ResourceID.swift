/// A handle to a shape path registered with the engine (`Engine.addPath`).
@frozen
public struct PathID: Hashable, Sendable {
    /// The slot in the engine's path table.
    public var index: UInt16

    /// Creates a handle (normally only the engine does this).
    @inlinable
    public init(index: UInt16) { self.index = index }

    /// The handle as one layer-state slot: index + 1, so 0 means "no path".
    var packed: Int32 { Int32(index) &+ 1 }

    /// The handle stored in a layer-state slot, or nil for "no path".
    init?(packed: Int32) {
        guard packed > 0 else { return nil }
        self.index = UInt16(truncatingIfNeeded: packed &- 1)
    }
}

/// A handle to an image registered with the engine (`Engine.addImage`).
@frozen
public struct ImageID: Hashable, Sendable {
    /// The slot in the engine's image table.
    public let index: UInt16

    /// Creates a handle (normally only the engine does this).
    @inlinable
    public init(index: UInt16) { self.index = index }
}

/// A handle to a custom-drawn layer's backing surface, owned by the engine.
@frozen
public struct SurfaceID: Hashable, Sendable {
    /// The slot in the engine's surface table.
    public let index: UInt16

    /// Creates a handle (normally only the engine does this).
    @inlinable
    public init(index: UInt16) { self.index = index }
}

/// A handle to a list of gradient stops registered with the engine (`Engine.addGradientStops`): the value of
/// a gradient layer's `colors` and `locations` key paths (a `colors` value uses the list's colours, a
/// `locations` value its locations).
@frozen
public struct GradientStopsID: Hashable, Sendable {
    /// The entry in the engine's gradient table.
    public var index: UInt16

    /// Creates a handle (normally only the engine does this).
    @inlinable
    public init(index: UInt16) { self.index = index }

    /// The handle as one layer-state slot: index + 1, so 0 means "the layer's own stops".
    var packed: Int32 { Int32(index) &+ 1 }

    /// The handle stored in a layer-state slot, or nil for "the layer's own stops".
    init?(packed: Int32) {
        guard packed > 0 else { return nil }
        self.index = UInt16(truncatingIfNeeded: packed &- 1)
    }
}

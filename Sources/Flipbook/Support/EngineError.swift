import Fonts

/// Why the engine refused a call. Every case names what was wrong (the layer, the field, the value).
public enum EngineError: Error, Equatable, Sendable {
    /// The handle's layer was destroyed, or the handle never came from this engine.
    case staleLayer(LayerID)
    /// A fixed-capacity pool is full; capacities are set when the engine is created.
    case poolFull(EnginePool, capacity: Int)
    /// `layer` cannot be placed under `superlayer`: it is `superlayer` itself or one of its ancestors.
    case sublayerCycle(layer: LayerName, superlayer: LayerName)
    /// A layer cannot be its own mask (nor the mask of one of its sublayers, nor a mask with a mask).
    case invalidMask(layer: LayerName, mask: LayerName, reason: MaskProblem)
    /// A numeric field got a value it cannot take.
    case invalidValue(layer: LayerName?, field: String, value: Double, reason: ValueProblem)
    /// A value of the wrong shape for the field (a point for `opacity`, a colour for `bounds` …).
    case valueKindMismatch(layer: LayerName?, field: String, expected: ValueKind, got: ValueKind)
    /// A key path string that names no animatable property.
    case unknownKeyPath(String)
    /// A field that exists only on another kind of layer (a shape field on a plain layer …).
    case wrongLayerKind(layer: LayerName, field: String, kind: LayerKind)
    /// An index outside the superlayer's sublayer list.
    case sublayerIndexOutOfRange(layer: LayerName, index: Int, count: Int)
    /// An animation key that is not on the layer.
    case noAnimation(layer: LayerName, key: String)
    /// A resource handle (path, image, surface) that does not exist.
    case unknownResource(EngineResource, index: Int)
    /// An animation description that cannot run (its field and what is wrong).
    case invalidAnimation(field: String, reason: String)
    /// `commit` without a matching `begin`.
    case noOpenTransaction
    /// A property-animator call that its current state does not allow.
    case invalidAnimatorState(operation: String, state: AnimatorState)
    /// A text layer's font could not be read (the table and offset are named).
    case font(FontError)
    /// A text layer's `field` was set before its font (`Engine.setFont`), which makes its text storage.
    case noFont(layer: LayerName, field: String)
    /// A text layer's string needs more UTF-8 bytes than its capacity (fixed when its font was set).
    case textCapacityExceeded(layer: LayerName, capacity: Int, needed: Int)
    /// A `numberFormat` with a `%` that starts no known conversion at byte `offset` (or a format too long).
    case invalidNumberFormat(format: String, offset: Int)
}

/// A layer as errors name it: its handle and, if it has one, its name.
public struct LayerName: Equatable, Sendable, CustomStringConvertible {
    /// The layer's handle.
    public let id: LayerID
    /// The layer's name, if it was given one.
    public let name: String?

    /// Creates a name for error messages.
    public init(id: LayerID, name: String?) {
        self.id = id
        self.name = name
    }

    /// `"name"` or `layer #index`.
    public var description: String {
        if let name { return "'\(name)'" }
        return "layer #\(id.index)"
    }
}

/// The fixed-capacity pools of an engine.
public enum EnginePool: Equatable, Sendable {
    /// Layers.
    case layers
    /// Running animations (each group child counts).
    case animations
    /// Keyframe values and key times shared by all keyframe animations.
    case keyframes
    /// Queued model edits of open transactions.
    case edits
    /// Delegate events waiting for delivery after a frame.
    case events
    /// Registered callbacks (delegates, completions, draw callbacks).
    case callbacks
    /// Resources (paths, images, backing surfaces).
    case resources
    /// Snapshot entries of replicator instances (`Engine.replicaEntryCapacity`).
    case replicaEntries
}

/// Resource kinds addressed by handles.
public enum EngineResource: Equatable, Sendable {
    /// A shape path.
    case path
    /// An image.
    case image
    /// A custom-drawn layer's backing surface.
    case surface
    /// A list of gradient stops.
    case gradientStops
}

/// What is wrong with a mask assignment.
public enum MaskProblem: Equatable, Sendable {
    /// The layer was given itself as its mask.
    case maskIsTheLayer
    /// The mask already masks another layer.
    case alreadyMasksAnotherLayer(LayerName)
    /// The mask is in the layer tree (it has a superlayer) or is an ancestor of the layer.
    case maskIsInTheTree
    /// The mask has a mask itself (nested masks are not supported, as in Core Animation).
    case nestedMask
}

/// What is wrong with a numeric value.
public enum ValueProblem: Equatable, Sendable {
    /// NaN or an infinity.
    case notFinite
    /// Below zero where the field must be zero or more.
    case negative
    /// Zero or below where the field must be positive.
    case notPositive
    /// A matrix (the display transform) has no inverse: its determinant, the value, is zero or too small
    /// at Q16.16 precision.
    case notInvertible
    /// Outside the field's range.
    case outOfRange(min: Double, max: Double)
    /// The layer's transform rotates or scales it, which leaves the field undefined (`frame`).
    case transformed
    /// A fraction where the field counts (`instanceCount`).
    case notWhole
    /// The layer is the one it is to replace (`transition(from:to:…)` with one layer twice).
    case replacesItself
    /// A `transform` matrix the layer cannot hold as its components: a shear, a zero scale, a perspective other
    /// than `m34`.
    case notDecomposable
}

/// The shape of a property value.
public enum ValueKind: Equatable, Sendable {
    /// One number.
    case number
    /// Two numbers (point, size, offset).
    case pair
    /// Three numbers (translation, rotation or scale in 3-D).
    case triple
    /// Four numbers (rectangle).
    case rect
    /// A colour or none.
    case color
    /// A Boolean.
    case flag
    /// A path handle.
    case path
    /// A gradient stops handle (`colors`, `locations`).
    case stops
    /// A `CATransform3D` (`LayerTransform`).
    case transform
}

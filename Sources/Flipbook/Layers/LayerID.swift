/// A handle to a layer in an `Engine`'s layer pool: a slot index and the slot's generation.
///
/// Handles are plain values (no reference counting). When a layer is destroyed its slot's generation
/// advances, so an old handle no longer matches and every call that takes it answers
/// `EngineError.staleLayer` instead of touching a reused slot.
@frozen
public struct LayerID: Hashable, Sendable {
    /// The slot index in the layer pool.
    public let index: UInt16
    /// The slot generation this handle was issued for.
    public let generation: UInt16

    /// Creates a handle from its parts (normally only the engine does this).
    @inlinable
    public init(index: UInt16, generation: UInt16) {
        self.index = index
        self.generation = generation
    }
}

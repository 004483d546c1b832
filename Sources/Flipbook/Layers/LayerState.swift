import FixedPoint

/// The value state of one layer: every `LayerProperty` as raw fixed-point slots.
///
/// Numbers are Q16.16 (`Fixed.raw`); colours take four slots (red, green, blue, alpha, each a Q16.16
/// channel value 0 … 255, so interpolated colours keep their fractions until they are rounded for the
/// compositor); flags are 0 or 1; a path is a `PathID` packed by `PathID.packed`. The model and the
/// presentation of a layer are both a `LayerState`; an animation reads and writes the slots of its
/// property, so evaluation is a copy and a few integer operations, with no per-type code.
struct LayerState {
    /// Slot count (`LayerSlot.count`; `InlineArray`'s count is a literal, checked against it by `LayerSlotTests`).
    static var slotCount: Int { @_noAllocation get { LayerSlot.count } }

    var slots: InlineArray<100, Int32>

    /// Core Animation's defaults (SEMANTICS §1.5).
    init() {
        slots = InlineArray(repeating: 0)
        let one = Fixed.one.raw, opaque: Int32 = 255 &<< 16
        slots[LayerSlot.anchorX] = one / 2
        slots[LayerSlot.anchorY] = one / 2
        slots[LayerSlot.opacity] = one
        slots[LayerSlot.borderColor + LayerSlot.alpha] = opaque
        slots[LayerSlot.shadowColor + LayerSlot.alpha] = opaque
        slots[LayerSlot.shadowOffsetHeight] = -3 &* one
        slots[LayerSlot.shadowRadius] = 3 &* one
        slots[LayerSlot.scaleX] = one
        slots[LayerSlot.scaleY] = one
        slots[LayerSlot.scaleZ] = one
        slots[LayerSlot.strokeEnd] = one
        slots[LayerSlot.lineWidth] = one
        slots[LayerSlot.fillColor + LayerSlot.alpha] = opaque
        slots[LayerSlot.miterLimit] = 10 &* one
        slots[LayerSlot.fontSize] = 36 &* one
        for channel in 0 ..< LayerSlot.quadWidth { slots[LayerSlot.foregroundColor + channel] = opaque }
        slots[LayerSlot.startPoint] = one / 2
        slots[LayerSlot.endPoint] = one / 2
        slots[LayerSlot.endPoint + 1] = one
        slots[LayerSlot.contentsRect + 2] = one
        slots[LayerSlot.contentsRect + 3] = one
        slots[LayerSlot.doubleSided] = 1
        slots[LayerSlot.sublayerScale] = one
        slots[LayerSlot.sublayerScale + 1] = one
        slots[LayerSlot.instanceCount] = one
        slots[LayerSlot.instanceScale] = one
        slots[LayerSlot.instanceScale + 1] = one
        for channel in 0 ..< LayerSlot.quadWidth { slots[LayerSlot.instanceColor + channel] = opaque }
    }

    /// The Q16.16 number in `slot`.
    @_noAllocation
    func fixed(_ slot: Int) -> Fixed { Fixed(raw: slots[slot]) }

    /// Whether every slot equals `other`'s.
    func hasSameSlots(as other: LayerState) -> Bool {
        for slot in 0 ..< LayerState.slotCount where slots[slot] != other.slots[slot] { return false }
        return true
    }

    /// Whether the flag in `slot` is set.
    @_noAllocation
    func flag(_ slot: Int) -> Bool { slots[slot] != 0 }
}

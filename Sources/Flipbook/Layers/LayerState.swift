import FixedPoint

/// The value state of one layer: every `LayerProperty` as raw fixed-point slots.
///
/// Numbers are Q16.16 (`Fixed.raw`); colours take four slots (red, green, blue, alpha, each a Q16.16
/// channel value 0 … 255, so interpolated colours keep their fractions until they are rounded for the
/// compositor); flags are 0 or 1; a path is a `PathID` packed by `PathID.packed`. The model and the
/// presentation of a layer are both a `LayerState`; an animation reads and writes the slots of its
/// property, so evaluation is a copy and a few integer operations, with no per-type code.
struct LayerState {
    /// Slot count (see `LayerProperty.firstSlot`).
    static let slotCount = 63

    var slots: InlineArray<63, Int32>

    /// Core Animation's defaults (SEMANTICS §1.5).
    init() {
        slots = InlineArray(repeating: 0)
        let one = Fixed.one.raw
        slots[6] = one / 2
        slots[7] = one / 2
        slots[9] = one
        slots[19] = 255 &<< 16
        slots[23] = 255 &<< 16
        slots[26] = -3 &* one
        slots[27] = 3 &* one
        slots[36] = one
        slots[37] = one
        slots[38] = one
        slots[41] = one
        slots[42] = one
        slots[46] = 255 &<< 16
        slots[51] = 10 &* one
        slots[57] = 36 &* one
        for channel in 58 ..< 62 { slots[channel] = 255 &<< 16 }
    }

    /// The Q16.16 number in `slot`.
    func fixed(_ slot: Int) -> Fixed { Fixed(raw: slots[slot]) }

    /// Whether every slot equals `other`'s.
    func hasSameSlots(as other: LayerState) -> Bool {
        for slot in 0 ..< LayerState.slotCount where slots[slot] != other.slots[slot] { return false }
        return true
    }

    /// Whether the flag in `slot` is set.
    func flag(_ slot: Int) -> Bool { slots[slot] != 0 }
}

import FixedPoint
import Motion

/// A property value as four raw Q16.16 slots (`SlotValues`), as Motion's keyframe tracks store and
/// interpolate it: every animatable value of the engine (scalars, pairs, rects, colours) is up to four
/// slots, unused ones 0.
struct SlotVector: Interpolatable {
    var slot0: Int32, slot1: Int32, slot2: Int32, slot3: Int32

    init(_ slotValues: SlotValues) {
        slot0 = slotValues[0]
        slot1 = slotValues[1]
        slot2 = slotValues[2]
        slot3 = slotValues[3]
    }

    /// The four slots.
    var slotValues: SlotValues {
        @_noAllocation get {
            var slotValues = SlotValues(repeating: 0)
            slotValues[0] = slot0
            slotValues[1] = slot1
            slotValues[2] = slot2
            slotValues[3] = slot3
            return slotValues
        }
    }

    static var componentCount: Int { 4 }

    func component(_ index: Int) -> Int64 {
        switch index {
        case 0: Int64(slot0)
        case 1: Int64(slot1)
        case 2: Int64(slot2)
        default: Int64(slot3)
        }
    }

    init(components: ComponentVector) {
        slot0 = Int32(truncatingIfNeeded: components[0])
        slot1 = Int32(truncatingIfNeeded: components[1])
        slot2 = Int32(truncatingIfNeeded: components[2])
        slot3 = Int32(truncatingIfNeeded: components[3])
    }

    /// Component by component, as every engine value interpolates (`SlotMath.interpolate`).
    @_noAllocation
    func interpolated(to end: SlotVector, by progress: Progress) -> SlotVector {
        SlotVector(SlotMath.interpolate(slotValues, end.slotValues, progress, discrete: false))
    }
}

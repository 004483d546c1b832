import FixedPoint
import Motion

/// A property value as four raw Q16.16 slots (`Lanes`), as Motion's keyframe tracks store and
/// interpolate it: every animatable value of the engine (scalars, pairs, rects, colours) is up to four
/// slots, unused ones 0.
struct SlotVector: Interpolatable {
    var lane0: Int32, lane1: Int32, lane2: Int32, lane3: Int32

    init(_ lanes: Lanes) {
        lane0 = lanes[0]
        lane1 = lanes[1]
        lane2 = lanes[2]
        lane3 = lanes[3]
    }

    /// The four slots.
    var lanes: Lanes {
        @_noAllocation get {
            var lanes = Lanes(repeating: 0)
            lanes[0] = lane0
            lanes[1] = lane1
            lanes[2] = lane2
            lanes[3] = lane3
            return lanes
        }
    }

    static var componentCount: Int { 4 }

    func component(_ index: Int) -> Int64 {
        switch index {
        case 0: Int64(lane0)
        case 1: Int64(lane1)
        case 2: Int64(lane2)
        default: Int64(lane3)
        }
    }

    init(components: ComponentVector) {
        lane0 = Int32(truncatingIfNeeded: components[0])
        lane1 = Int32(truncatingIfNeeded: components[1])
        lane2 = Int32(truncatingIfNeeded: components[2])
        lane3 = Int32(truncatingIfNeeded: components[3])
    }

    /// Lane by lane, as every engine value interpolates (`LaneMath.interpolate`).
    @_noAllocation
    func interpolated(to end: SlotVector, by progress: Progress) -> SlotVector {
        SlotVector(LaneMath.interpolate(lanes, end.lanes, progress, discrete: false))
    }
}

import FixedPoint

/// Where the two sides of a running `CATransition` are drawn, from the snapshot's `TransitionFrame`.
///
/// With progress p and the layer's bounds size (w, h): `moveIn` slides the incoming content in from the
/// named edge over the still outgoing content; `push` slides both, the outgoing content leaving by the
/// opposite edge; `reveal` slides the outgoing content off toward the opposite edge, uncovering the still
/// incoming content (drawn underneath); `fade` cross-dissolves in place. Shifts are in layer points, so
/// they follow the layer's transform. Nothing is clipped unless the layer masks to its bounds.
enum TransitionPlacement {
    /// The shift of one side, in layer points (raw Q16.16).
    @inline(__always)
    @_noAllocation
    static func layerShift(_ transition: TransitionFrame, bounds: Rect) -> (x: Int64, y: Int64) {
        let progress = Int64(transition.progress.raw)
        let one = Int64(Progress.one.raw)
        let travel: Int64
        switch (transition.type, transition.role) {
        case (.moveIn, .incoming), (.push, .incoming): travel = progress &- one  // −(1 − p): still outside
        case (.push, .outgoing), (.reveal, .outgoing): travel = progress       // p: leaving
        default: return (0, 0)
        }
        let width = Int64(bounds.width.raw), height = Int64(bounds.height.raw)
        // Travel is signed toward the direction of motion: "fromLeft" content moves rightwards (+x).
        switch transition.subtype {
        case .fromLeft: return ((width &* travel) &>> 15, 0)
        case .fromRight: return (0 &- ((width &* travel) &>> 15), 0)
        case .fromTop: return (0, (height &* travel) &>> 15)
        case .fromBottom: return (0, 0 &- ((height &* travel) &>> 15))
        }
    }

    /// How far a running moveIn / push / reveal moves `entry`, in its own layer points (raw Q16.16).
    @inline(__always)
    @_noAllocation
    static func layerShift(of entry: PresentationLayer) -> (x: Int64, y: Int64) {
        guard let transition = entry.transition else { return (0, 0) }
        return layerShift(transition, bounds: entry.bounds)
    }

    /// Whether `entry` is the `role` side of a running transition.
    @_noAllocation
    @inline(__always)
    static func isSide(_ entry: PresentationLayer, _ role: TransitionRole) -> Bool {
        guard let transition = entry.transition else { return false }
        switch (transition.role, role) {
        case (.outgoing, .outgoing), (.incoming, .incoming): return true
        default: return false
        }
    }

    /// Whether the outgoing side is drawn above the incoming one (`reveal` uncovers what lies beneath).
    @inline(__always)
    @_noAllocation
    static func outgoingOnTop(_ type: TransitionType) -> Bool {
        if case .reveal = type { return true }
        return false
    }
}

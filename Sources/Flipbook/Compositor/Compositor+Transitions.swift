import FixedPoint
import Raster

/// Drawing a running transition: the snapshot holds the layer twice (outgoing, then incoming).
extension Compositor {
    /// Draws both sides of a transition and returns the index after the incoming side's subtree.
    ///
    /// moveIn, push and reveal draw each side where `TransitionPlacement` put it (the frame plan already
    /// holds the offsets), outgoing first, except for reveal, where the outgoing side lies on top (oglFlip and
    /// cube sides carry their own 3-D turns). Fade draws each side offscreen and composites their
    /// cross-dissolve; the warps and the iris have their own files.
    @_noAllocation
    mutating func drawTransition(_ entries: UnsafeBufferPointer<PresentationLayer>, outgoing: Int, incoming: Int,
                                 _ context: DrawContext) throws(CompositorError) -> Int {
        let incomingEnd = max(Int(entries[incoming].subtreeEnd), incoming &+ 1)
        guard let transition = entries[incoming].transition else { return incomingEnd }
        switch transition.type {
        case .fade:
            try drawDissolve(entries, outgoing: outgoing, incoming: incoming, progress: transition.progress, context)
            return incomingEnd
        case .rippleEffect, .suckEffect, .pageCurl, .pageUnCurl:
            try drawWarpTransition(entries, outgoing: outgoing, incoming: incoming, transition: transition, context)
            return incomingEnd
        case .cameraIris:
            try drawIris(entries, outgoing: outgoing, incoming: incoming, progress: transition.progress, context)
            return incomingEnd
        case .moveIn, .push, .reveal, .oglFlip, .cube:
            break
        }
        if TransitionPlacement.outgoingOnTop(transition.type) {
            try drawSide(entries, incoming, context)
            try drawSide(entries, outgoing, context)
        } else {
            try drawSide(entries, outgoing, context)
            try drawSide(entries, incoming, context)
        }
        return incomingEnd
    }

    /// One side of a transition, as an ordinary subtree (its transition tag only moved it).
    @_noAllocation
    mutating func drawSide(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int,
                                   _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        let region = visibleRegion(index, context)
        let opacity = Compositor.alpha8(entry.opacity)
        if entry.isHidden || region.isEmpty || opacity == 0 { return }
        try drawEntry(entries, index, end: max(Int(entry.subtreeEnd), index &+ 1), region: region, opacity: opacity,
                      context)
    }

    /// Cross-dissolve: both sides rendered offscreen, blended `old · (1 − p) + new · p`, then composited.
    @_noAllocation
    private mutating func drawDissolve(_ entries: UnsafeBufferPointer<PresentationLayer>, outgoing: Int,
                                       incoming: Int, progress: Progress,
                                       _ context: DrawContext) throws(CompositorError) {
        let region = visibleRegion(outgoing, context).union(visibleRegion(incoming, context))
        if region.isEmpty { return }
        let old = try groups.acquire(region: region)
        defer { groups.release() }
        let new = try groups.acquire(region: region)
        defer { groups.release() }
        var inner = context
        inner.clip = nil
        inner.target = old
        try drawSide(entries, outgoing, inner)
        inner.target = new
        try drawSide(entries, incoming, inner)
        OffscreenCompositing.dissolve(old, toward: new, region: region, progress: Compositor.dissolveStep(progress))
        OffscreenCompositing.composite(old, over: context.target, region: region, opacity: 255, mask: context.clip)
    }

    /// The world transform of a transition's side at `index` in the context (inside a 3-D layer's plane too).
    @inline(__always)
    @_noAllocation
    func sideWorld(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, _ context: DrawContext) -> Affine {
        let world = Compositor.worldAffine(entries[index], offsetX: plan.offsetX[index], offsetY: plan.offsetY[index])
        if case .some(let frame) = context.frame { return Compositor.concatenate(frame, world) }
        return world
    }

    /// A transition's progress as a cross-dissolve's 0 … 255, rounded to nearest.
    @inline(__always)
    @_noAllocation
    static func dissolveStep(_ progress: Progress) -> UInt8 {
        let scaled = (Int64(progress.raw) &* 255 &+ (1 &<< 14)) &>> 15
        return UInt8(truncatingIfNeeded: min(max(scaled, 0), 255))
    }
}

import FixedPoint
import Motion

/// The extra transform of a block-API flip (`UIView.transition(with:…, options: .transitionFlipFrom…)`),
/// in the layer's own (bounds) coordinates, applied before the layer's transform: a rotation about the
/// bounds' vertical (left / right) or horizontal (top / bottom) centre line, seen with perspective from an
/// eye on the axis through the bounds' centre.
struct FlipGeometry {
    /// The orthographic part (x or y scaled by cos θ about the centre line), for the 2-D `transform`.
    var affine: Affine
    /// T(−centre) · R(θ) · P(d) · T(centre), or nil when a product leaves the Q32.32 range.
    var matrix: Transform3D?

    /// The eye distance as a multiple of the flipping extent (the bounds' width for left / right flips,
    /// height for top / bottom): m34 = −1 / (1.5 · extent). The common UIKit-era m34 = −1/500 on a
    /// 320–414 pt wide view is an eye at 1.2–1.6 widths; a fixed ratio gives the same look at every
    /// canvas size and keeps the near edge (at most half the extent forward) in front of the eye, at most
    /// 1.5× magnified.
    /// (A computed property: a static let would be a lazily initialised global, opaque to the frame path's
    /// performance checks from other files.)
    static var eyeDistancePerExtent: Fixed { @_noAllocation get { Fixed(raw: 3 << 15) } }

    /// The world transform `base` (layer bounds → canvas) with the flip applied first.
    @_noAllocation
    func applied(to base: Transform3D) -> Transform3D? {
        guard let matrix else { return nil }
        do throws(FixedPointError) {
            return try matrix.concatenating(base)
        } catch {
            return nil
        }
    }
}

extension Engine {
    /// A flip transition (block API): the old content turns away during the first half (0 → ±90°), the
    /// new content turns in during the second (∓90° → 0); one entry, whose `transform3D` carries the
    /// rotation with perspective (`FlipGeometry`) and whose `transform` its orthographic projection.
    @_noAllocation
    func visitFlip(_ layerIndex: Int32, record: Int32, parentWorld: Affine, parentWorld3D: Transform3D?,
                   parentEntry: Int32, isMask: Bool) {
        let saved = nodes[layerIndex].presentation
        let progress = nodes[layerIndex].transitionProgress
        let kind = animations.records[record].transition.flip
        let skipped = skippedSublayer
        if progress.raw < Progress.one.raw &>> 1 {
            let offset = Int(animations.records[record].transition.stateOffset)
            for slot in 0 ..< saved.slots.count { nodes[layerIndex].presentation.slots[slot] = keyframeData.slots[offset &+ slot] }
            nodes[layerIndex].outgoingImageRecord = record
            skippedSublayer = animations.records[record].transition.incomingOnly
        } else {
            skippedSublayer = animations.records[record].transition.outgoingOnly
        }
        // `visit` reads the geometry before it visits sublayers, so a flip inside this one may reuse it.
        flipGeometry.pointee = FlipGeometry(nodes[layerIndex].presentation, kind: kind, progress: progress)
        nodes[layerIndex].transitionRecord = -1
        visit(layerIndex, parentWorld: parentWorld, parentWorld3D: parentWorld3D, parentEntry: parentEntry,
              isMask: isMask, isFlipped: true)
        nodes[layerIndex].transitionRecord = record
        nodes[layerIndex].outgoingImageRecord = -1
        nodes[layerIndex].presentation = saved
        skippedSublayer = skipped
    }
}

extension FlipGeometry {
    /// The flip angle at `progress`: p·π on the way out, (p − 1)·π on the way in (Q16.16 radians), signed
    /// so that the named edge comes forward (toward the eye, +z): left and bottom turn positively about
    /// their axis, right and top negatively (y points down, so +θ about x brings the bottom edge forward).
    @_noAllocation
    static func angle(kind: UInt8, progress: Progress) -> Fixed {
        let half = Progress.one.raw &>> 1
        let turn = Int64(progress.raw < half ? progress.raw : progress.raw &- Progress.one.raw)
        let angle = Int32(truncatingIfNeeded: (turn &* Int64(Fixed.pi.raw) &+ (1 << 14)) &>> 15)
        return Fixed(raw: kind == 2 || kind == 3 ? 0 &- angle : angle)
    }

    /// The flip of `kind` (1 left, 2 right, 3 top, 4 bottom) at `progress` for a layer in `state`.
    @_noAllocation
    init(_ state: LayerState, kind: UInt8, progress: Progress) {
        let angle = FlipGeometry.angle(kind: kind, progress: progress)
        let width = state.fixed(LayerSlot.boundsWidth), height = state.fixed(LayerSlot.boundsHeight)
        let centreX = Fixed(raw: state.slots[LayerSlot.boundsX] &+ state.slots[LayerSlot.boundsWidth] / 2)
        let centreY = Fixed(raw: state.slots[LayerSlot.boundsY] &+ state.slots[LayerSlot.boundsHeight] / 2)
        let aboutVertical = kind <= 2
        let cosine = angle.cosine
        var affine = Affine.identity
        if aboutVertical {
            affine.a = cosine
            affine.tx = centreX - centreX * cosine
        } else {
            affine.d = cosine
            affine.ty = centreY - centreY * cosine
        }
        let extent = aboutVertical ? width : height
        let distance = extent * FlipGeometry.eyeDistancePerExtent
        var matrix: Transform3D?
        do throws(FixedPointError) {
            var flip = try Transform3D(translationX: -centreX, y: -centreY)
                .concatenating(aboutVertical ? Transform3D(rotationY: angle) : Transform3D(rotationX: angle))
            if distance.raw > 0 { flip = try flip.concatenating(Transform3D(perspectiveDistance: distance)) }
            matrix = try flip.concatenating(Transform3D(translationX: centreX, y: centreY))
        } catch {
            matrix = nil
        }
        self.affine = affine
        self.matrix = matrix
    }
}

/// A `cube` transition's placement of one side (Core Animation's private `cube`, public here): the old and the
/// new content are two adjacent faces of a cube of the layer's width (left / right) or height (top / bottom),
/// turning about the cube's centre axis, half an extent behind the layer, seen with the flips' perspective.
extension FlipGeometry {
    /// The face turned by `angle` about the cube's axis (vertical when `aboutVertical`) for a layer in `state`:
    /// T(−centre, +extent/2) · R(angle) · T(0, 0, −extent/2) · P(1.5 · extent) · T(centre), and its orthographic part.
    @_noAllocation
    init(cubeFace state: LayerState, angle: Fixed, aboutVertical: Bool) {
        let width = state.fixed(LayerSlot.boundsWidth), height = state.fixed(LayerSlot.boundsHeight)
        let centreX = Fixed(raw: state.slots[LayerSlot.boundsX] &+ state.slots[LayerSlot.boundsWidth] / 2)
        let centreY = Fixed(raw: state.slots[LayerSlot.boundsY] &+ state.slots[LayerSlot.boundsHeight] / 2)
        let extent = aboutVertical ? width : height
        let half = Fixed(raw: extent.raw / 2)
        var affine = Affine.identity
        var matrix: Transform3D?
        do throws(FixedPointError) {
            let turned = try Transform3D(translationX: -centreX, y: -centreY, z: half)
                .concatenating(aboutVertical ? Transform3D(rotationY: angle) : Transform3D(rotationX: angle))
                .concatenating(Transform3D(translationX: .zero, y: .zero, z: -half))
            let flat = try turned.concatenating(Transform3D(translationX: centreX, y: centreY))
            guard let a = flat.row1.x.roundedToFixed, let b = flat.row1.y.roundedToFixed,
                  let c = flat.row2.x.roundedToFixed, let d = flat.row2.y.roundedToFixed,
                  let tx = flat.row4.x.roundedToFixed, let ty = flat.row4.y.roundedToFixed else {
                throw .overflow(operation: "cube face")
            }
            affine = Affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
            let distance = extent * FlipGeometry.eyeDistancePerExtent
            matrix = distance.raw > 0
                ? try turned.concatenating(Transform3D(perspectiveDistance: distance))
                    .concatenating(Transform3D(translationX: centreX, y: centreY))
                : flat
        } catch {
            matrix = nil
        }
        self.affine = affine
        self.matrix = matrix
    }

    /// The cube's turn at `progress` for a transition from `subtype`'s edge: the old face turns by σ · p · 90°,
    /// the new face is a quarter turn behind it (σ = +1 from the left or bottom, −1 from the right or top, so
    /// that the named edge's face comes to the front).
    @_noAllocation
    static func cubeAngles(_ subtype: TransitionSubtype, progress: Progress) -> (outgoing: Fixed, incoming: Fixed) {
        let quarter = Int64(Fixed.pi.raw) / 2
        let positive: Bool
        switch subtype {
        case .fromLeft, .fromBottom: positive = true
        case .fromRight, .fromTop: positive = false
        }
        let turn = Int32(truncatingIfNeeded: (Int64(progress.raw) &* quarter &+ (1 << 14)) &>> 15)
        let outgoing = positive ? turn : 0 &- turn
        let step = Int32(truncatingIfNeeded: quarter)
        return (Fixed(raw: outgoing), Fixed(raw: positive ? outgoing &- step : outgoing &+ step))
    }
}

extension Engine {
    /// The turn of both faces of the running `cube` transition `record` (−1: none) of layer `layerIndex`, or nil
    /// when it is not a cube.
    @_noAllocation
    func cubeTurn(_ record: Int32, layer layerIndex: Int32) -> (outgoing: Fixed, incoming: Fixed, aboutVertical: Bool)? {
        guard record >= 0, case .cube = animations.records[record].transition.type else { return nil }
        let subtype = animations.records[record].transition.subtype
        let angles = FlipGeometry.cubeAngles(subtype, progress: nodes[layerIndex].transitionProgress)
        let aboutVertical: Bool
        switch subtype {
        case .fromLeft, .fromRight: aboutVertical = true
        case .fromTop, .fromBottom: aboutVertical = false
        }
        return (angles.outgoing, angles.incoming, aboutVertical)
    }
}

import FixedPoint
import Motion

/// Property values as raw slots: reading, writing, blending (integer only; also used at setup).
enum LaneMath {
    /// The slots of `target` in `state`.
    @_noAllocation
    static func read(_ target: SlotTarget, from state: LayerState) -> Lanes {
        var lanes = Lanes(repeating: 0)
        for lane in 0 ..< target.count { lanes[lane] = state.slots[target.slot &+ lane] }
        return lanes
    }

    /// Writes `lanes` to `target`'s slots (the uniform `transform.scale` writes its value to x, y and z).
    @_noAllocation
    static func write(_ lanes: Lanes, target: SlotTarget, into state: inout LayerState) {
        if target.isUniformScale {
            for lane in 0 ..< 3 { state.slots[target.slot &+ lane] = lanes[0] }
            return
        }
        for lane in 0 ..< target.count { state.slots[target.slot &+ lane] = lanes[lane] }
    }

    /// Replaces, or (additive) adds to — multiplies, for scales — the presentation value.
    @_noAllocation
    static func combine(_ value: Lanes, into state: inout LayerState, target: SlotTarget, additive: Bool) {
        if !additive {
            write(value, target: target, into: &state)
            return
        }
        let current = read(target, from: state)
        var result = Lanes(repeating: 0)
        for lane in 0 ..< target.count {
            result[lane] = target.multiplies
                ? (Fixed(raw: current[lane]) * Fixed(raw: value[lane])).raw
                : current[lane] &+ value[lane]
        }
        write(result, target: target, into: &state)
    }

    /// `from + (to − from) · progress` per lane (64-bit products, rounded to nearest). Values that
    /// cannot be interpolated (flags, paths) switch at progress ½, as Web Animations does (Core
    /// Animation leaves it undocumented).
    @_noAllocation
    static func interpolate(_ from: Lanes, _ to: Lanes, _ progress: Progress, discrete: Bool) -> Lanes {
        if discrete { return progress.raw >= Progress.one.raw &>> 1 ? to : from }
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 {
            let delta = Int64(to[lane]) &- Int64(from[lane])
            result[lane] = from[lane] &+ Int32(truncatingIfNeeded: (delta &* Int64(progress.raw) &+ 0x4000) &>> 15)
        }
        return result
    }

    @_noAllocation
    static func add(_ lhs: Lanes, _ rhs: Lanes) -> Lanes {
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 { result[lane] = lhs[lane] &+ rhs[lane] }
        return result
    }

    @_noAllocation
    static func subtract(_ lhs: Lanes, _ rhs: Lanes) -> Lanes {
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 { result[lane] = lhs[lane] &- rhs[lane] }
        return result
    }

    /// `lanes · count` (cumulative animations: completed cycles × the end value).
    @_noAllocation
    static func scaled(_ lanes: Lanes, by count: Int64) -> Lanes {
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 { result[lane] = Int32(truncatingIfNeeded: Int64(lanes[lane]) &* count) }
        return result
    }

    @_noAllocation
    static func equal(_ lhs: Lanes, _ rhs: Lanes) -> Bool {
        for lane in 0 ..< 4 where lhs[lane] != rhs[lane] { return false }
        return true
    }

    /// Whether two states have the same slots.
    @_noAllocation
    static func same(_ lhs: LayerState, _ rhs: LayerState) -> Bool {
        for slot in 0 ..< lhs.slots.count where lhs.slots[slot] != rhs.slots[slot] { return false }
        return true
    }

    /// Whether two transforms are equal, entry by entry.
    @_noAllocation
    static func same(_ lhs: Affine, _ rhs: Affine) -> Bool {
        lhs.a.raw == rhs.a.raw && lhs.b.raw == rhs.b.raw && lhs.c.raw == rhs.c.raw && lhs.d.raw == rhs.d.raw
            && lhs.tx.raw == rhs.tx.raw && lhs.ty.raw == rhs.ty.raw
    }

    /// A Q16.16 channel value rounded to 0 … 255 (interpolation and springs may overshoot the range).
    @_noAllocation
    static func channel(_ raw: Int32) -> UInt8 {
        let rounded = (raw &+ 0x8000) &>> 16
        return UInt8(truncatingIfNeeded: rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
    }

    /// The colour in four slots from `first`, or nil when fully transparent.
    @_noAllocation
    static func color(_ state: LayerState, _ first: Int) -> Color? {
        let alpha = channel(state.slots[first &+ 3])
        if alpha == 0 { return nil }
        return Color(red: channel(state.slots[first]), green: channel(state.slots[first &+ 1]),
                     blue: channel(state.slots[first &+ 2]), alpha: alpha)
    }

    /// The 3-D world transform (row vectors, as `CATransform3D`) when the layer or an ancestor is 3-D
    /// (rotation about x or y, z translation, perspective); nil for flat layers under flat ancestors and
    /// when an entry would leave the Q32.32 range. Local = T(−anchor) · S · Rx · Ry · Rz · T · P ·
    /// T(position), world = local · parent world.
    @_noAllocation
    static func world3D(_ state: LayerState, parentWorld: Affine, parentWorld3D: Transform3D?) -> Transform3D? {
        let isFlat = state.slots[32] == 0 && state.slots[33] == 0 && state.slots[34] == 0 && state.slots[39] == 0
        if isFlat {
            if case .none = parentWorld3D { return nil }
        }
        do throws(FixedPointError) {
            let width = Fixed(raw: state.slots[4]), height = Fixed(raw: state.slots[5])
            let anchorX = Fixed(raw: state.slots[2]) + Fixed(raw: state.slots[6]) * width
            let anchorY = Fixed(raw: state.slots[3]) + Fixed(raw: state.slots[7]) * height
            var local = try Transform3D(translationX: -anchorX, y: -anchorY)
                .concatenating(Transform3D(scaleX: Fixed(raw: state.slots[36]), y: Fixed(raw: state.slots[37]),
                                           z: Fixed(raw: state.slots[38])))
                .concatenating(Transform3D(rotationX: Fixed(raw: state.slots[33])))
                .concatenating(Transform3D(rotationY: Fixed(raw: state.slots[34])))
                .concatenating(Transform3D(rotationZ: Fixed(raw: state.slots[35])))
                .concatenating(Transform3D(translationX: Fixed(raw: state.slots[30]), y: Fixed(raw: state.slots[31]),
                                           z: Fixed(raw: state.slots[32])))
            if state.slots[39] > 0 {
                local = try local.concatenating(Transform3D(perspectiveDistance: Fixed(raw: state.slots[39])))
            }
            local = try local.concatenating(Transform3D(translationX: Fixed(raw: state.slots[0]), y: Fixed(raw: state.slots[1])))
            if let parentWorld3D { return try local.concatenating(parentWorld3D) }
            return try local.concatenating(Transform3D(parentWorld))
        } catch {
            return nil
        }
    }

    /// The layer's transform into its superlayer: a point p of the bounds maps to
    /// `position + M · (p − bounds.origin − anchor · size)`, with M = T · Rz · Ry · Rx · S projected
    /// orthographically onto the screen plane (its x/y part).
    @_noAllocation
    static func localTransform(_ state: LayerState) -> Affine {
        let width = Fixed(raw: state.slots[4]), height = Fixed(raw: state.slots[5])
        let anchorX = Fixed(raw: state.slots[2]) + Fixed(raw: state.slots[6]) * width
        let anchorY = Fixed(raw: state.slots[3]) + Fixed(raw: state.slots[7]) * height
        let rotationX = Fixed(raw: state.slots[33]), rotationY = Fixed(raw: state.slots[34])
        let rotationZ = Fixed(raw: state.slots[35])
        let scaleX = Fixed(raw: state.slots[36]), scaleY = Fixed(raw: state.slots[37])
        let cz = rotationZ.cosine, sz = rotationZ.sine
        var linear = Affine(a: cz * scaleX, b: sz * scaleX, c: -sz * scaleY, d: cz * scaleY, tx: .zero, ty: .zero)
        if rotationX.raw != 0 || rotationY.raw != 0 {
            let cy = rotationY.cosine, sy = rotationY.sine
            let cx = rotationX.cosine, sx = rotationX.sine
            linear = Affine(a: cz * cy * scaleX, b: sz * cy * scaleX,
                            c: (cz * sy * sx - sz * cx) * scaleY, d: (sz * sy * sx + cz * cx) * scaleY,
                            tx: .zero, ty: .zero)
        }
        let positionX = Fixed(raw: state.slots[0]) + Fixed(raw: state.slots[30])
        let positionY = Fixed(raw: state.slots[1]) + Fixed(raw: state.slots[31])
        linear.tx = positionX - anchorX * linear.a - anchorY * linear.c
        linear.ty = positionY - anchorX * linear.b - anchorY * linear.d
        return linear
    }
}

import FixedPoint
import Motion

/// Property values as raw slots: reading, writing, blending (integer only; also used at setup).
enum SlotMath {
    /// The slots of `target` in `state`.
    @_noAllocation
    static func read(_ target: SlotTarget, from state: LayerState) -> SlotValues {
        var values = SlotValues(repeating: 0)
        for offset in 0 ..< target.count { values[offset] = state.slots[target.slot &+ offset] }
        return values
    }

    /// Writes `values` to `target`'s slots (the uniform `transform.scale` writes its value to x, y and z).
    @_noAllocation
    static func write(_ values: SlotValues, target: SlotTarget, into state: inout LayerState) {
        if target.uniformWidth > 0 {
            for offset in 0 ..< target.uniformWidth { state.slots[target.slot &+ offset] = values[0] }
            return
        }
        for offset in 0 ..< target.count { state.slots[target.slot &+ offset] = values[offset] }
    }

    /// Replaces, or (additive) adds to — multiplies, for scales — the presentation value.
    @_noAllocation
    static func combine(_ value: SlotValues, into state: inout LayerState, target: SlotTarget, additive: Bool) {
        if !additive {
            write(value, target: target, into: &state)
            return
        }
        let current = read(target, from: state)
        var result = SlotValues(repeating: 0)
        for offset in 0 ..< target.count {
            result[offset] = target.multiplies
                ? (Fixed(raw: current[offset]) * Fixed(raw: value[offset])).raw
                : current[offset] &+ value[offset]
        }
        write(result, target: target, into: &state)
    }

    /// `from + (to − from) · progress` per component (64-bit products, rounded to nearest). Values that
    /// cannot be interpolated (flags, paths) switch at progress ½, as Web Animations does (Core
    /// Animation leaves it undocumented).
    @_noAllocation
    static func interpolate(_ from: SlotValues, _ to: SlotValues, _ progress: Progress, discrete: Bool) -> SlotValues {
        if discrete { return progress.raw >= Progress.one.raw &>> 1 ? to : from }
        var result = SlotValues(repeating: 0)
        for offset in 0 ..< 4 {
            let delta = Int64(to[offset]) &- Int64(from[offset])
            result[offset] = from[offset] &+ Int32(truncatingIfNeeded: (delta &* Int64(progress.raw) &+ 0x4000) &>> 15)
        }
        return result
    }

    @_noAllocation
    static func add(_ lhs: SlotValues, _ rhs: SlotValues) -> SlotValues {
        var result = SlotValues(repeating: 0)
        for offset in 0 ..< 4 { result[offset] = lhs[offset] &+ rhs[offset] }
        return result
    }

    @_noAllocation
    static func subtract(_ lhs: SlotValues, _ rhs: SlotValues) -> SlotValues {
        var result = SlotValues(repeating: 0)
        for offset in 0 ..< 4 { result[offset] = lhs[offset] &- rhs[offset] }
        return result
    }

    /// `values · count` (cumulative animations: completed cycles × the end value).
    @_noAllocation
    static func scaled(_ values: SlotValues, by count: Int64) -> SlotValues {
        var result = SlotValues(repeating: 0)
        for offset in 0 ..< 4 { result[offset] = Int32(truncatingIfNeeded: Int64(values[offset]) &* count) }
        return result
    }

    @_noAllocation
    static func equal(_ lhs: SlotValues, _ rhs: SlotValues) -> Bool {
        for offset in 0 ..< 4 where lhs[offset] != rhs[offset] { return false }
        return true
    }

    /// Whether two states have the same slots, read as raw memory: subscripting the states' inline arrays in a
    /// loop copied both 400-byte states for every slot compared (two `memcpy` calls a slot, about 12,000
    /// instructions for a layer whose state had not changed, in every frame).
    @_noAllocation @inline(__always)
    static func same(_ lhs: LayerState, _ rhs: LayerState) -> Bool {
        withUnsafeBytes(of: lhs.slots) { left in
            withUnsafeBytes(of: rhs.slots) { right in
                for offset in stride(from: 0, to: left.count, by: 4)
                where left.load(fromByteOffset: offset, as: Int32.self) != right.load(fromByteOffset: offset, as: Int32.self) {
                    return false
                }
                return true
            }
        }
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
    @_noAllocation @inline(__always)
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
        let isFlat = state.slots[LayerSlot.translationZ] == 0 && state.slots[LayerSlot.rotationX] == 0
            && state.slots[LayerSlot.rotationY] == 0 && state.slots[LayerSlot.perspective] == 0
        if isFlat {
            if case .none = parentWorld3D { return nil }
        }
        do throws(FixedPointError) {
            let (anchorX, anchorY) = anchor(state)
            var local = try Transform3D(translationX: -anchorX, y: -anchorY)
                .concatenating(Transform3D(scaleX: state.fixed(LayerSlot.scaleX), y: state.fixed(LayerSlot.scaleY),
                                           z: state.fixed(LayerSlot.scaleZ)))
                .concatenating(Transform3D(rotationX: state.fixed(LayerSlot.rotationX)))
                .concatenating(Transform3D(rotationY: state.fixed(LayerSlot.rotationY)))
                .concatenating(Transform3D(rotationZ: state.fixed(LayerSlot.rotationZ)))
                .concatenating(Transform3D(translationX: state.fixed(LayerSlot.translationX),
                                           y: state.fixed(LayerSlot.translationY), z: state.fixed(LayerSlot.translationZ)))
            if state.slots[LayerSlot.perspective] > 0 {
                local = try local.concatenating(Transform3D(perspectiveDistance: state.fixed(LayerSlot.perspective)))
            }
            local = try local.concatenating(Transform3D(translationX: state.fixed(LayerSlot.positionX),
                                                        y: state.fixed(LayerSlot.positionY)))
            if let parentWorld3D { return try local.concatenating(parentWorld3D) }
            return try local.concatenating(Transform3D(parentWorld))
        } catch {
            return nil
        }
    }

    /// The 2-D world its sublayers are placed in: `world` preceded by the layer's sublayer transform about its
    /// anchor, T(−anchor) · S · R · T(translation) · T(anchor), as Core Animation applies `sublayerTransform` —
    /// with turns about x or y, its orthographic part (as a layer's own `transform` flattens them); `world`
    /// itself when it is the identity.
    @_noAllocation
    static func sublayerWorld(_ state: LayerState, world: Affine) -> Affine {
        if state.slots[LayerSlot.sublayerRotationX] != 0 || state.slots[LayerSlot.sublayerRotationY] != 0 {
            do throws(FixedPointError) {
                let turned = try anchoredTransform3D(
                    state, rotationX: LayerSlot.sublayerRotationX, rotationY: LayerSlot.sublayerRotationY,
                    rotation: LayerSlot.sublayerRotation, scale: LayerSlot.sublayerScale,
                    translation: LayerSlot.sublayerTranslation, perspective: nil)
                return orthographic(turned, or: .identity).concatenating(world)
            } catch {}
        }
        guard hasSublayerTransform2D(state) else { return world }
        return anchoredTransform(state, rotation: LayerSlot.sublayerRotation, scale: LayerSlot.sublayerScale,
                                 translation: LayerSlot.sublayerTranslation).concatenating(world)
    }

    /// A replicator's 3-D sublayer world for an instance placed by `power` (the instance transform k times) or,
    /// when the instance transform turns about x or y, by `power3D`: that power before `world3D` (or the 2-D
    /// `world`); nil when the sublayers are flat.
    @_noAllocation
    static func instanceWorld3D(_ power: Affine, _ power3D: Transform3D?, world: Affine,
                                world3D: Transform3D?) -> Transform3D? {
        do throws(FixedPointError) {
            if case .some(let turned) = power3D { return try turned.concatenating(world3D ?? Transform3D(world)) }
            guard case .some(let world3D) = world3D else { return nil }
            return try Transform3D(power).concatenating(world3D)
        } catch {
            return world3D
        }
    }

    /// A replicator's instance transform as a matrix when it turns about x or y (nil: the 2-D `anchoredTransform`
    /// places the instances), or when an entry would leave the range.
    @_noAllocation
    static func instanceStep3D(_ state: LayerState) -> Transform3D? {
        guard state.slots[LayerSlot.instanceRotationX] != 0 || state.slots[LayerSlot.instanceRotationY] != 0 else { return nil }
        do throws(FixedPointError) {
            return try anchoredTransform3D(state, rotationX: LayerSlot.instanceRotationX, rotationY: LayerSlot.instanceRotationY,
                                           rotation: LayerSlot.instanceRotation, scale: LayerSlot.instanceScale,
                                           translation: LayerSlot.instanceTranslation, perspective: nil)
        } catch {
            return nil
        }
    }

    /// The orthographic part of `matrix` (its map of the z = 0 plane, dropping z), or `fallback` when it has a
    /// perspective or leaves the range.
    @_noAllocation
    static func orthographic(_ matrix: Transform3D, or fallback: Affine) -> Affine {
        // `affine()` rounds wide entries through code the performance checker cannot see; it allocates nothing.
        _unsafePerformance { (try? matrix.affine()) ?? fallback }
    }

    /// The instance transform once more after `power` (the first instance's power is the identity: nil), or
    /// nil when there is no 3-D step or an entry would leave the range.
    @_noAllocation
    static func nextPower(_ power: Transform3D?, step: Transform3D?) -> Transform3D? {
        guard case .some(let step) = step else { return nil }
        guard case .some(let power) = power else { return step }
        do throws(FixedPointError) { return try step.concatenating(power) } catch { return nil }
    }

    /// `color` with red, green and blue multiplied by `channels` 0 … 2 (each 0 … 255), rounded to nearest;
    /// alpha kept (an instance's alpha fades it as opacity).
    @_noAllocation
    static func tinted(_ color: Color?, _ channels: InlineArray<4, Int64>) -> Color? {
        guard case .some(let color) = color else { return nil }
        func scaled(_ value: UInt8, _ factor: Int64) -> UInt8 {
            UInt8(truncatingIfNeeded: (Int64(value) &* factor &+ 127) / 255)
        }
        return Color(red: scaled(color.red, channels[0]), green: scaled(color.green, channels[1]),
                     blue: scaled(color.blue, channels[2]), alpha: color.alpha)
    }

    /// `S · R · T` about the layer's anchor (Core Animation's composition of a `sublayerTransform`'s or an
    /// `instanceTransform`'s 2-D part) from the rotation, scale pair and translation pair at those slots.
    @_noAllocation
    static func anchoredTransform(_ state: LayerState, rotation: Int, scale: Int, translation: Int) -> Affine {
        let (anchorX, anchorY) = anchor(state)
        let angle = state.fixed(rotation)
        let scaleX = state.fixed(scale), scaleY = state.fixed(scale + 1)
        let cosine = angle.cosine, sine = angle.sine
        var transform = Affine(a: cosine * scaleX, b: sine * scaleX, c: -sine * scaleY, d: cosine * scaleY,
                               tx: .zero, ty: .zero)
        transform.tx = anchorX + state.fixed(translation) - anchorX * transform.a - anchorY * transform.c
        transform.ty = anchorY + state.fixed(translation + 1) - anchorX * transform.b - anchorY * transform.d
        return transform
    }

    /// The 3-D world its sublayers are placed in: `world3D` (or the 2-D `world`) preceded by the layer's
    /// sublayer transform about its anchor, T(−anchor) · S · Rx · Ry · Rz · T(translation) · P · T(anchor) (the
    /// turns, then the perspective, as Core Animation composes a rotated `sublayerTransform` with an m34);
    /// `world3D` itself when there is no perspective, no turn about x or y and the layer is flat (its sublayers
    /// then take `sublayerWorld`), or when an entry would leave the range.
    @_noAllocation
    static func sublayerWorld3D(_ state: LayerState, world: Affine, world3D: Transform3D?) -> Transform3D? {
        let hasPerspective = state.slots[LayerSlot.sublayerPerspective] > 0
        let turns = state.slots[LayerSlot.sublayerRotationX] != 0 || state.slots[LayerSlot.sublayerRotationY] != 0
        if !hasPerspective && !turns {
            guard case .some = world3D, hasSublayerTransform2D(state) else { return world3D }
        }
        do throws(FixedPointError) {
            let sublayer = try anchoredTransform3D(
                state, rotationX: LayerSlot.sublayerRotationX, rotationY: LayerSlot.sublayerRotationY,
                rotation: LayerSlot.sublayerRotation, scale: LayerSlot.sublayerScale,
                translation: LayerSlot.sublayerTranslation, perspective: hasPerspective ? LayerSlot.sublayerPerspective : nil)
            return try sublayer.concatenating(world3D ?? Transform3D(world))
        } catch {
            return world3D
        }
    }

    /// T(−anchor) · S · Rx · Ry · Rz · T(translation) · [P] · T(anchor) (a `sublayerTransform`'s or an
    /// `instanceTransform`'s matrix, the turns in the order of a layer's own transform) from the slots given.
    ///
    /// - Throws: when an entry would leave the range.
    @_noAllocation
    static func anchoredTransform3D(_ state: LayerState, rotationX: Int, rotationY: Int, rotation: Int, scale: Int,
                                    translation: Int, perspective: Int?) throws(FixedPointError) -> Transform3D {
        let (anchorX, anchorY) = anchor(state)
        var matrix = try Transform3D(translationX: -anchorX, y: -anchorY)
            .concatenating(Transform3D(scaleX: state.fixed(scale), y: state.fixed(scale + 1)))
            .concatenating(Transform3D(rotationX: state.fixed(rotationX)))
            .concatenating(Transform3D(rotationY: state.fixed(rotationY)))
            .concatenating(Transform3D(rotationZ: state.fixed(rotation)))
            .concatenating(Transform3D(translationX: state.fixed(translation), y: state.fixed(translation + 1)))
        if case .some(let slot) = perspective {
            matrix = try matrix.concatenating(Transform3D(perspectiveDistance: state.fixed(slot)))
        }
        return try matrix.concatenating(Transform3D(translationX: anchorX, y: anchorY))
    }

    /// Whether the 2-D part of the layer's sublayer transform (rotation, scale, translation) is not the identity.
    @_noAllocation
    static func hasSublayerTransform2D(_ state: LayerState) -> Bool {
        let one = Fixed.one.raw
        return state.slots[LayerSlot.sublayerRotation] != 0 || state.slots[LayerSlot.sublayerScale] != one
            || state.slots[LayerSlot.sublayerScale + 1] != one || state.slots[LayerSlot.sublayerTranslation] != 0
            || state.slots[LayerSlot.sublayerTranslation + 1] != 0
    }

    /// The anchor point in the layer's own coordinates (bounds origin + anchor × size).
    @_noAllocation
    static func anchor(_ state: LayerState) -> (x: Fixed, y: Fixed) {
        let width = state.fixed(LayerSlot.boundsWidth), height = state.fixed(LayerSlot.boundsHeight)
        return (state.fixed(LayerSlot.boundsX) + state.fixed(LayerSlot.anchorX) * width,
                state.fixed(LayerSlot.boundsY) + state.fixed(LayerSlot.anchorY) * height)
    }

    /// The layer's transform into its superlayer: a point p of the bounds maps to
    /// `position + M · (p − bounds.origin − anchor · size)`, with M = T · Rz · Ry · Rx · S projected
    /// orthographically onto the screen plane (its x/y part).
    @_noAllocation
    static func localTransform(_ state: LayerState) -> Affine {
        let (anchorX, anchorY) = anchor(state)
        let rotationX = state.fixed(LayerSlot.rotationX), rotationY = state.fixed(LayerSlot.rotationY)
        let rotationZ = state.fixed(LayerSlot.rotationZ)
        let scaleX = state.fixed(LayerSlot.scaleX), scaleY = state.fixed(LayerSlot.scaleY)
        let cz = rotationZ.cosine, sz = rotationZ.sine
        var linear = Affine(a: cz * scaleX, b: sz * scaleX, c: -sz * scaleY, d: cz * scaleY, tx: .zero, ty: .zero)
        if rotationX.raw != 0 || rotationY.raw != 0 {
            let cy = rotationY.cosine, sy = rotationY.sine
            let cx = rotationX.cosine, sx = rotationX.sine
            linear = Affine(a: cz * cy * scaleX, b: sz * cy * scaleX,
                            c: (cz * sy * sx - sz * cx) * scaleY, d: (sz * sy * sx + cz * cx) * scaleY,
                            tx: .zero, ty: .zero)
        }
        let positionX = state.fixed(LayerSlot.positionX) + state.fixed(LayerSlot.translationX)
        let positionY = state.fixed(LayerSlot.positionY) + state.fixed(LayerSlot.translationY)
        linear.tx = positionX - anchorX * linear.a - anchorY * linear.c
        linear.ty = positionY - anchorX * linear.b - anchorY * linear.d
        return linear
    }
}

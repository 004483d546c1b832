extension Transform3D {
    /// The parameters a layer transform is built from, as the key paths `transform.translation.x`,
    /// `transform.rotation.z`, `transform.scale.y` … address them.
    ///
    /// The matrix is, for points, scale first, then rotation about x, y and z, then translation, then
    /// perspective (column-vector notation `P · T · Rz · Ry · Rx · S`; as `CATransform3D` row-vector
    /// products `S · Rx · Ry · Rz · T · P`).
    @frozen
    public struct Components: Hashable, Sendable {
        /// Translation along x, y, z.
        public var translationX: Fixed, translationY: Fixed, translationZ: Fixed
        /// Rotation about x, y, z in radians (Q16.16).
        public var rotationX: Fixed, rotationY: Fixed, rotationZ: Fixed
        /// Scale along x, y, z.
        public var scaleX: Fixed, scaleY: Fixed, scaleZ: Fixed
        /// The perspective entry m34 = −1/d (zero for none).
        public var perspective: WideFixed

        /// Components of the identity, overridden by the arguments given.
        @inlinable
        public init(
            translationX: Fixed = .zero, translationY: Fixed = .zero, translationZ: Fixed = .zero,
            rotationX: Fixed = .zero, rotationY: Fixed = .zero, rotationZ: Fixed = .zero,
            scaleX: Fixed = .one, scaleY: Fixed = .one, scaleZ: Fixed = .one, perspective: WideFixed = .zero
        ) {
            (self.translationX, self.translationY, self.translationZ) = (translationX, translationY, translationZ)
            (self.rotationX, self.rotationY, self.rotationZ) = (rotationX, rotationY, rotationZ)
            (self.scaleX, self.scaleY, self.scaleZ) = (scaleX, scaleY, scaleZ)
            self.perspective = perspective
        }
    }

    /// The matrix `S · Rx · Ry · Rz · T · P` of the components, built directly (not by five products):
    /// rotation entries in Q30, each scaled row rounded once into Q32.32.
    ///
    /// - Throws: `FixedPointError.overflow(operation: "Transform3D.components")` when an entry leaves
    ///   the Q32.32 range (only possible with extreme perspective and translation together).
    @inlinable
    public init(_ parts: Components) throws(FixedPointError) {
        let rotation = RotationQ30(x: parts.rotationX, y: parts.rotationY, z: parts.rotationZ)
        let p = parts.perspective
        let tz = WideFixed(parts.translationZ)
        guard let depth = tz.multipliedReportingOverflow(by: p) else {
            throw .overflow(operation: "Transform3D.components")
        }
        self.init(
            row1: try Transform3D.scaledRow(rotation.row1, by: parts.scaleX, perspective: p),
            row2: try Transform3D.scaledRow(rotation.row2, by: parts.scaleY, perspective: p),
            row3: try Transform3D.scaledRow(rotation.row3, by: parts.scaleZ, perspective: p),
            row4: Row(
                WideFixed(parts.translationX), WideFixed(parts.translationY), tz,
                WideFixed(raw: WideFixed.one.raw &+ depth.raw)))
    }

    /// A Q30 rotation row times `scale`, in Q32.32, with its perspective entry (`z · perspective`).
    @inlinable
    static func scaledRow(
        _ rotation: (Int64, Int64, Int64), by scale: Fixed, perspective: WideFixed
    ) throws(FixedPointError) -> Row {
        let s = WideFixed(scale)
        guard let x = s.multipliedReportingOverflow(by: WideFixed(raw: rotation.0 &<< 2)),
            let y = s.multipliedReportingOverflow(by: WideFixed(raw: rotation.1 &<< 2)),
            let z = s.multipliedReportingOverflow(by: WideFixed(raw: rotation.2 &<< 2)),
            let w = z.multipliedReportingOverflow(by: perspective)
        else { throw .overflow(operation: "Transform3D.components") }
        return Row(x, y, z, w)
    }
}

/// The rotation `Rx · Ry · Rz` (row-vector convention) with entries in Q30.
@usableFromInline
struct RotationQ30 {
    @usableFromInline var row1: (Int64, Int64, Int64)
    @usableFromInline var row2: (Int64, Int64, Int64)
    @usableFromInline var row3: (Int64, Int64, Int64)

    @inlinable
    init(x: Fixed, y: Fixed, z: Fixed) {
        let (sx, cx) = RotationQ30.sineAndCosine(x)
        let (sy, cy) = RotationQ30.sineAndCosine(y)
        let (sz, cz) = RotationQ30.sineAndCosine(z)
        let sxsy = RotationQ30.product(sx, sy), cxsy = RotationQ30.product(cx, sy)
        row1 = (RotationQ30.product(cy, cz), RotationQ30.product(cy, sz), 0 &- sy)
        row2 = (
            RotationQ30.product(sxsy, cz) &- RotationQ30.product(cx, sz),
            RotationQ30.product(sxsy, sz) &+ RotationQ30.product(cx, cz), RotationQ30.product(sx, cy)
        )
        row3 = (
            RotationQ30.product(cxsy, cz) &+ RotationQ30.product(sx, sz),
            RotationQ30.product(cxsy, sz) &- RotationQ30.product(sx, cz), RotationQ30.product(cx, cy)
        )
    }

    /// sin and cos of a Q16.16 angle in Q30.
    @inlinable
    static func sineAndCosine(_ angle: Fixed) -> (Int64, Int64) {
        let phase = Trigonometry.phase(ofRadians: angle.raw)
        return (Trigonometry.sineQ30(phase: phase), Trigonometry.sineQ30(phase: phase &+ (1 << 30)))
    }

    /// A Q30 product, rounded to nearest.
    @inlinable
    static func product(_ a: Int64, _ b: Int64) -> Int64 { ScaledRounding.shiftedRight(a &* b, by: 30) }
}

/// A 4×4 homogeneous transform in Core Animation's `CATransform3D` convention: row vectors,
/// `[x y z 1] · M`, translation in the fourth row (m41 m42 m43), perspective in the fourth column
/// (m34 = −1/d for an eye at distance d).
///
/// Entries are `WideFixed` (Q32.32), so perspective stays accurate (see `WideFixed`). Operations that can
/// overflow throw `FixedPointError.overflow` naming the operation; nothing wraps.
@frozen
public struct Transform3D: Hashable, Sendable {
    /// One row of the matrix.
    @frozen
    public struct Row: Hashable, Sendable {
        /// Column 1 (x′ contribution).
        public var x: WideFixed
        /// Column 2 (y′ contribution).
        public var y: WideFixed
        /// Column 3 (z′ contribution).
        public var z: WideFixed
        /// Column 4 (w contribution: the projective column).
        public var w: WideFixed

        /// Creates a row from its four entries.
        @inlinable
        public init(_ x: WideFixed, _ y: WideFixed, _ z: WideFixed, _ w: WideFixed) {
            self.x = x
            self.y = y
            self.z = z
            self.w = w
        }
    }

    /// Row 1: m11 m12 m13 m14 (the image of the x axis).
    public var row1: Row
    /// Row 2: m21 m22 m23 m24 (the image of the y axis).
    public var row2: Row
    /// Row 3: m31 m32 m33 m34 (the image of the z axis; m34 carries perspective).
    public var row3: Row
    /// Row 4: m41 m42 m43 m44 (translation; m44 is 1 for an affine transform).
    public var row4: Row

    /// Creates a transform from its rows.
    @inlinable
    public init(row1: Row, row2: Row, row3: Row, row4: Row) {
        self.row1 = row1
        self.row2 = row2
        self.row3 = row3
        self.row4 = row4
    }

    /// The identity.
    @inlinable
    public static var identity: Transform3D {
        let (zero, one) = (WideFixed.zero, WideFixed.one)
        return Transform3D(
            row1: Row(one, zero, zero, zero), row2: Row(zero, one, zero, zero),
            row3: Row(zero, zero, one, zero), row4: Row(zero, zero, zero, one))
    }

    /// True when this is exactly the identity.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// A translation by (`x`, `y`, `z`).
    @inlinable
    public init(translationX x: Fixed, y: Fixed, z: Fixed = .zero) {
        self = .identity
        row4 = Row(WideFixed(x), WideFixed(y), WideFixed(z), .one)
    }

    /// A scale by `x`, `y`, `z` along the axes.
    @inlinable
    public init(scaleX x: Fixed, y: Fixed, z: Fixed = .one) {
        self = .identity
        row1.x = WideFixed(x)
        row2.y = WideFixed(y)
        row3.z = WideFixed(z)
    }

    /// A rotation by `angle` radians about the z axis: +x turns toward +y, as `CATransform3DMakeRotation(angle, 0, 0, 1)`.
    @inlinable
    public init(rotationZ angle: Fixed) {
        let (sine, cosine) = Transform3D.sineAndCosine(angle)
        self = .identity
        row1.x = cosine
        row1.y = sine
        row2.x = WideFixed(raw: 0 &- sine.raw)
        row2.y = cosine
    }

    /// A rotation by `angle` radians about the x axis: +y turns toward +z, as `CATransform3DMakeRotation(angle, 1, 0, 0)`.
    @inlinable
    public init(rotationX angle: Fixed) {
        let (sine, cosine) = Transform3D.sineAndCosine(angle)
        self = .identity
        row2.y = cosine
        row2.z = sine
        row3.y = WideFixed(raw: 0 &- sine.raw)
        row3.z = cosine
    }

    /// A rotation by `angle` radians about the y axis: +z turns toward +x, as `CATransform3DMakeRotation(angle, 0, 1, 0)`.
    @inlinable
    public init(rotationY angle: Fixed) {
        let (sine, cosine) = Transform3D.sineAndCosine(angle)
        self = .identity
        row1.x = cosine
        row1.z = WideFixed(raw: 0 &- sine.raw)
        row3.x = sine
        row3.z = cosine
    }

    /// The perspective matrix for an eye at distance `distance` from the z = 0 plane: m34 = −1/d, exact to
    /// 0.5 LSB of Q32.32.
    ///
    /// - Throws: `FixedPointError.outOfRange` unless `distance` is positive.
    @inlinable
    public init(perspectiveDistance distance: Fixed) throws(FixedPointError) {
        guard distance.raw > 0 else {
            throw .outOfRange(field: "perspective", value: distance.doubleValue, range: 0x1p-16...Fixed.max.doubleValue)
        }
        self = .identity
        // −1/d in Q32.32 = −2^48 / raw(d); |·| ≤ 2^48, well inside the quotient's range.
        let m34 = WideDivision.wideRoundedQuotient(-(1 << 48), shiftedLeftBy: 0, dividedBy: Int64(distance.raw))
        row3.w = WideFixed(raw: m34 ?? 0)
    }

    /// sin and cos of a Q16.16 angle in Q32.32, from the Q30 kernel (error < 2^-30).
    @inlinable
    static func sineAndCosine(_ angle: Fixed) -> (WideFixed, WideFixed) {
        let phase = Trigonometry.phase(ofRadians: angle.raw)
        return (
            WideFixed(raw: Trigonometry.sineQ30(phase: phase) &<< 2),
            WideFixed(raw: Trigonometry.sineQ30(phase: phase &+ (1 << 30)) &<< 2)
        )
    }
}

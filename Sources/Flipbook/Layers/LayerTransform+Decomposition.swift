import FixedPoint

/// What a layer keeps its transform as (the `transform.*` key paths): the matrix is S · Rx · Ry · Rz · T · P
/// (scale, turns about x, y, z, translation, then the perspective of eye distance `perspective`, 0 for none), the
/// order in which the engine composes a layer's transform about its anchor.
public struct TransformComponents: Equatable, Sendable {
    public var translationX = 0.0, translationY = 0.0, translationZ = 0.0
    public var rotationX = 0.0, rotationY = 0.0, rotationZ = 0.0
    public var scaleX = 1.0, scaleY = 1.0, scaleZ = 1.0
    /// The eye distance of the perspective (`m34 = −1/perspective`), 0 for none.
    public var perspective = 0.0

    /// The identity's components.
    public init() {}

    /// The ten values in the order of `Engine.transformComponents`.
    var values: [Double] {
        [translationX, translationY, translationZ, rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ, perspective]
    }

    /// The components of the ten values in that order.
    init(values: [Double]) {
        (translationX, translationY, translationZ) = (values[0], values[1], values[2])
        (rotationX, rotationY, rotationZ) = (values[3], values[4], values[5])
        (scaleX, scaleY, scaleZ) = (values[6], values[7], values[8])
        perspective = values[9]
    }
}

extension LayerTransform {
    /// The matrix of `components`: S · Rx · Ry · Rz · T · P.
    public init(components c: TransformComponents) {
        var matrix = LayerTransform(scaleX: c.scaleX, y: c.scaleY, z: c.scaleZ)
            .concatenating(LayerTransform(rotationAngle: c.rotationX, x: 1, y: 0, z: 0))
            .concatenating(LayerTransform(rotationAngle: c.rotationY, x: 0, y: 1, z: 0))
            .concatenating(LayerTransform(rotationAngle: c.rotationZ, x: 0, y: 0, z: 1))
            .concatenating(LayerTransform(translationX: c.translationX, y: c.translationY, z: c.translationZ))
        if c.perspective > 0 {
            var perspective = LayerTransform.identity
            perspective[3, 4] = -1 / c.perspective
            matrix = matrix.concatenating(perspective)
        }
        self = matrix
        madeOf = c
    }

    /// The components whose matrix is this one: those it was made of, or else, to 1e-6 of each entry's size, the perspective from the fourth
    /// column (which it makes the third column over −d), the translation from the fourth row, the scales from the rows' lengths (x's negative when the
    /// matrix mirrors), the turns from the rotation left (Rx · Ry · Rz; at ±90° about y, the turn about z is 0).
    ///
    /// - Throws: `invalidValue(field: "transform", reason: .notDecomposable)` for a matrix the layer cannot hold:
    ///   a shear, a zero scale, a perspective other than one after the rest (or an eye behind the layer).
    public func components() throws(EngineError) -> TransformComponents {
        if let madeOf { return madeOf }
        func refuse(_ value: Double) -> EngineError {
            .invalidValue(layer: nil, field: "transform", value: value, reason: .notDecomposable)
        }
        var c = TransformComponents()
        let tolerance = 1e-6
        // With a perspective of eye distance d after S · R · T, column 4 is (−m13, −m23, −m33, d − m43) / d.
        var largest = 1
        for row in 2 ... 3 where abs(self[row, 4]) > abs(self[largest, 4]) { largest = row }
        if abs(self[largest, 4]) > tolerance {
            let distance = -self[largest, 3] / self[largest, 4]
            guard distance > 0, distance.isFinite else { throw refuse(self[largest, 4]) }
            c.perspective = distance
        }
        let inverse = c.perspective > 0 ? 1 / c.perspective : 0
        for row in 1 ... 3 {
            guard abs(self[row, 4] + self[row, 3] * inverse) <= tolerance else { throw refuse(self[row, 4]) }
        }
        guard abs(self[4, 4] - (1 - self[4, 3] * inverse)) <= tolerance * max(1, abs(self[4, 4])) else {
            throw refuse(self[4, 4])
        }
        c.translationX = self[4, 1]; c.translationY = self[4, 2]; c.translationZ = self[4, 3]
        var rows = (0 ..< 3).map { row in (1 ... 3).map { self[row + 1, $0] } }
        var scales = rows.map { ($0[0] * $0[0] + $0[1] * $0[1] + $0[2] * $0[2]).squareRoot() }
        guard scales.allSatisfy({ $0 > tolerance }) else { throw refuse(0) }
        for row in 0 ..< 3 { rows[row] = rows[row].map { $0 / scales[row] } }
        let determinant = rows[0][0] * (rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1])
            - rows[0][1] * (rows[1][0] * rows[2][2] - rows[1][2] * rows[2][0])
            + rows[0][2] * (rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0])
        if determinant < 0 {
            scales[0] = -scales[0]
            rows[0] = rows[0].map { -$0 }
        }
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let dot = rows[a][0] * rows[b][0] + rows[a][1] * rows[b][1] + rows[a][2] * rows[b][2]
            guard abs(dot) <= 1e-5 else { throw refuse(dot) }  // a shear
        }
        (c.scaleX, c.scaleY, c.scaleZ) = (scales[0], scales[1], scales[2])
        // Rx(a) · Ry(b) · Rz(g): row 1 = (cb·cg, cb·sg, −sb); m23 = sa·cb, m33 = ca·cb.
        let cosineY = (rows[0][0] * rows[0][0] + rows[0][1] * rows[0][1]).squareRoot()
        c.rotationY = Self.angle(y: -rows[0][2], x: cosineY)
        if cosineY > 1e-9 {
            c.rotationZ = Self.angle(y: rows[0][1], x: rows[0][0])
            c.rotationX = Self.angle(y: rows[1][2], x: rows[2][2])
        } else {
            // At ±90° about y only a ∓ g is defined: take g = 0, so R = Rx(a) · Ry(b), whose m22 = ca, m32 = −sa.
            c.rotationX = Self.angle(y: -rows[2][1], x: rows[1][1])
        }
        return c
    }

    /// atan2 through the fixed-point arctangent (1/65,536 rad: the engine keeps angles in Q16.16; no libm).
    static func angle(y: Double, x: Double) -> Double {
        let scale = max(abs(x), abs(y))
        guard scale > 0 else { return 0 }
        let fy = Fixed(raw: Int32(y / scale * 1_073_741_824)), fx = Fixed(raw: Int32(x / scale * 1_073_741_824))
        return Double(Fixed.atan2(y: fy, x: fx).raw) / 65_536
    }
}

/// A `CATransform3D`: a 4 × 4 matrix in Core Animation's convention (points are row vectors multiplied on the
/// left, the translation is the fourth row, `m34 = −1/d` is a perspective at eye distance d), the value of the
/// `transform` key path. `Double`, for setup: the engine keeps a layer's transform as its components (translation,
/// rotation about x, y and z, scale, perspective), into which a value is decomposed when it is set
/// (`LayerTransform+Decomposition`).
public struct LayerTransform: Equatable, Sendable {
    /// The sixteen entries, row by row, held inline: a transform is a plain value, so `PropertyValue` stays a
    /// trivial type that engine and control queues may keep in raw memory (an array here once made it one that
    /// is released on assignment, and an assignment over uninitialised memory crashed).
    private var values: [16 of Double] {
        didSet { madeOf = nil }
    }

    /// The sixteen entries, row by row (`m11, m12, m13, m14, m21, …, m44`).
    public var entries: [Double] { (0 ..< 16).map { values[$0] } }
    /// The components the matrix was made of (`init(components:)`), kept so that taking it apart gives them back
    /// exactly — a turn of 4 radians stays 4, a zero scale stays a scale — until an entry changes.
    var madeOf: TransformComponents?

    /// Equal entries (however the matrices were made).
    public static func == (lhs: LayerTransform, rhs: LayerTransform) -> Bool {
        (0 ..< 16).allSatisfy { lhs.values[$0] == rhs.values[$0] }
    }

    /// The identity (`CATransform3DIdentity`).
    public static var identity: LayerTransform { LayerTransform(checked: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) }

    /// The matrix of sixteen finite entries, row by row.
    ///
    /// - Throws: `invalidValue(field: "transform")` for another count (the value is the count) or an entry that is
    ///   not finite.
    public init(entries: [Double]) throws(EngineError) {
        guard entries.count == 16 else {
            throw .invalidValue(layer: nil, field: "transform", value: Double(entries.count), reason: .outOfRange(min: 16, max: 16))
        }
        for entry in entries where !entry.isFinite {
            throw .invalidValue(layer: nil, field: "transform", value: entry, reason: .notFinite)
        }
        self.init(checked: entries)
    }

    init(checked entries: [Double]) {
        values = .init(repeating: 0)
        for index in 0 ..< 16 { values[index] = entries[index] }
    }

    /// The entry in row `row`, column `column` (1 … 4 each, as `m` + row + column).
    public subscript(row: Int, column: Int) -> Double {
        get { values[(row - 1) * 4 + column - 1] }
        set { if newValue.isFinite { values[(row - 1) * 4 + column - 1] = newValue } }
    }

    /// `CATransform3DMakeTranslation`.
    public init(translationX x: Double, y: Double, z: Double = 0) {
        self = .identity
        values[12] = x; values[13] = y; values[14] = z
    }

    /// `CATransform3DMakeScale`.
    public init(scaleX x: Double, y: Double, z: Double = 1) {
        self = .identity
        values[0] = x; values[5] = y; values[10] = z
    }

    /// `CATransform3DMakeRotation`: `angle` radians about the axis (x, y, z), counterclockwise looking from the
    /// axis' tip toward the origin as Core Animation turns; a zero axis is the identity (as there).
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = Self.cosine(angle), s = Self.sine(angle), t = 1 - c
        self = LayerTransform(checked: [t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
                                        t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
                                        t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
                                        0, 0, 0, 1])
    }

    /// `CATransform3DConcat(self, other)`: `self` first, then `other` (the matrix product self × other).
    public func concatenating(_ other: LayerTransform) -> LayerTransform {
        var product = [Double](repeating: 0, count: 16)
        for row in 0 ..< 4 {
            for column in 0 ..< 4 {
                var sum = 0.0
                for k in 0 ..< 4 { sum += values[row * 4 + k] * other.values[k * 4 + column] }
                product[row * 4 + column] = sum
            }
        }
        return LayerTransform(checked: product)
    }

    /// `CATransform3DRotate`, `CATransform3DScale`, `CATransform3DTranslate`: the new part first, then self.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> LayerTransform {
        LayerTransform(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    public func scaled(x: Double, y: Double, z: Double = 1) -> LayerTransform {
        LayerTransform(scaleX: x, y: y, z: z).concatenating(self)
    }

    public func translated(x: Double, y: Double, z: Double = 0) -> LayerTransform {
        LayerTransform(translationX: x, y: y, z: z).concatenating(self)
    }

    /// sin and cos without libm (the Embedded build has none): the angle reduced to ±π, then a Taylor series to
    /// the 31st power (its error there below 1e-20).
    static func sine(_ angle: Double) -> Double {
        let twoPi = 6.283185307179586
        var x = angle - Double(Int(angle / twoPi)) * twoPi
        if x > 3.141592653589793 { x -= twoPi } else if x < -3.141592653589793 { x += twoPi }
        var term = x, sum = x
        for n in stride(from: 2, through: 30, by: 2) {
            term *= -x * x / Double(n * (n + 1))
            sum += term
        }
        return sum
    }

    static func cosine(_ angle: Double) -> Double { sine(angle + 1.5707963267948966) }
}

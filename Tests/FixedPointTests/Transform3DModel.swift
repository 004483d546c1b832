import Foundation
@testable import FixedPoint

/// A `Double` model of `Transform3D` (row vectors, CATransform3D conventions).
struct Matrix4Model: Equatable {
    var m: [[Double]]

    static let identity = Matrix4Model(m: (0..<4).map { i in (0..<4).map { j in i == j ? 1 : 0 } })

    init(m: [[Double]]) { self.m = m }

    init(_ t: Transform3D) {
        m = [t.row1, t.row2, t.row3, t.row4].map { [$0.x, $0.y, $0.z, $0.w].map(\.doubleValue) }
    }

    func concatenating(_ o: Matrix4Model) -> Matrix4Model {
        var product = Matrix4Model(m: Array(repeating: [0, 0, 0, 0], count: 4))
        for i in 0..<4 {
            for j in 0..<4 {
                for k in 0..<4 { product.m[i][j] += m[i][k] * o.m[k][j] }
            }
        }
        return product
    }

    /// S · Rx · Ry · Rz · T · P from the components' exact values.
    init(_ c: Transform3D.Components) {
        func d(_ f: Fixed) -> Double { f.doubleValue }
        var s = Matrix4Model.identity
        (s.m[0][0], s.m[1][1], s.m[2][2]) = (d(c.scaleX), d(c.scaleY), d(c.scaleZ))
        let (x, y, z) = (d(c.rotationX), d(c.rotationY), d(c.rotationZ))
        var rx = Matrix4Model.identity
        (rx.m[1][1], rx.m[1][2], rx.m[2][1], rx.m[2][2]) = (cos(x), sin(x), -sin(x), cos(x))
        var ry = Matrix4Model.identity
        (ry.m[0][0], ry.m[0][2], ry.m[2][0], ry.m[2][2]) = (cos(y), -sin(y), sin(y), cos(y))
        var rz = Matrix4Model.identity
        (rz.m[0][0], rz.m[0][1], rz.m[1][0], rz.m[1][1]) = (cos(z), sin(z), -sin(z), cos(z))
        var t = Matrix4Model.identity
        (t.m[3][0], t.m[3][1], t.m[3][2]) = (d(c.translationX), d(c.translationY), d(c.translationZ))
        var p = Matrix4Model.identity
        p.m[2][3] = c.perspective.doubleValue
        self = s.concatenating(rx).concatenating(ry).concatenating(rz).concatenating(t).concatenating(p)
    }

    /// The projected (x, y) of a point, or nil behind the eye.
    func project(x: Double, y: Double, z: Double) -> (Double, Double)? {
        let v: [Double] = [x, y, z, 1]
        var image: [Double] = [0, 0, 0, 0]
        for j in 0..<4 {
            for k in 0..<4 { image[j] += v[k] * m[k][j] }
        }
        guard image[3] > 0 else { return nil }
        return (image[0] / image[3], image[1] / image[3])
    }

    /// The largest entry-wise difference from a fixed-point matrix, in Q32.32 LSB.
    func largestDifference(from t: Transform3D) -> Double {
        let other = Matrix4Model(t)
        var largest = 0.0
        for i in 0..<4 {
            for j in 0..<4 { largest = max(largest, abs(m[i][j] - other.m[i][j]) * 4_294_967_296) }
        }
        return largest
    }
}

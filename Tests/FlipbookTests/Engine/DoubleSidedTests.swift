import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

/// `doubleSided = false` against a `Double` model: the layer is culled exactly when its bounds' four
/// corners, projected through Core Animation's matrix (built here in `Double`), wind the other way round on
/// the screen (negative shoelace area, y down).
@Suite("doubleSided")
struct DoubleSidedTests {
    /// A 4 × 4 row-vector matrix (`CATransform3D`'s convention) in `Double`.
    typealias Matrix = [[Double]]

    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    /// The largest distance, in pixels, between `world`'s projection of the layer's `corners` and `model`'s; with
    /// `flat` (a model without perspective) also the 2-D `transform`'s, which must be the orthographic part.
    static func cornerError(_ world: Transform3D, _ transform: Affine, model: Matrix, corners: [(Double, Double)],
                            flat: Bool) throws -> Double {
        var worst = 0.0
        for (u, v) in corners {
            let image = (0 ..< 4).map { u * model[0][$0] + v * model[1][$0] + model[3][$0] }
            let point = try #require(try world.project(Point(x: Fixed(exactly: u), y: Fixed(exactly: v))))
            worst = max(worst, abs(point.x.doubleValue - image[0] / image[3]), abs(point.y.doubleValue - image[1] / image[3]))
            if flat {
                let plane = transform.apply(to: Point(x: try Fixed(exactly: u), y: try Fixed(exactly: v)))
                worst = max(worst, abs(plane.x.doubleValue - image[0]), abs(plane.y.doubleValue - image[1]))
            }
        }
        return worst
    }

    static func identity() -> Matrix { (0..<4).map { i in (0..<4).map { i == $0 ? 1 : 0 } } }

    static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Matrix {
        var m = identity(); m[3][0] = x; m[3][1] = y; m[3][2] = z; return m
    }

    struct Pose {
        var rotationX = 0.0, rotationY = 0.0, rotationZ = 0.0, scaleX = 1.0, scaleY = 1.0, perspective = 0.0
    }

    /// The model's world matrix: T(−anchor) · S · Rx · Ry · Rz · P · T(position), as `CATransform3D` rows.
    static func world(_ pose: Pose, size: (Double, Double), position: (Double, Double)) -> Matrix {
        var scale = identity(); scale[0][0] = pose.scaleX; scale[1][1] = pose.scaleY
        var rx = identity(), ry = identity(), rz = identity()
        rx[1][1] = cos(pose.rotationX); rx[1][2] = sin(pose.rotationX); rx[2][1] = -sin(pose.rotationX); rx[2][2] = cos(pose.rotationX)
        ry[0][0] = cos(pose.rotationY); ry[0][2] = -sin(pose.rotationY); ry[2][0] = sin(pose.rotationY); ry[2][2] = cos(pose.rotationY)
        rz[0][0] = cos(pose.rotationZ); rz[0][1] = sin(pose.rotationZ); rz[1][0] = -sin(pose.rotationZ); rz[1][1] = cos(pose.rotationZ)
        var perspective = identity()
        if pose.perspective > 0 { perspective[2][3] = -1 / pose.perspective }
        var m = product(translation(-size.0 / 2, -size.1 / 2), scale)
        for next in [rx, ry, rz, perspective, translation(position.0, position.1)] { m = product(m, next) }
        return m
    }

    /// The signed screen area of the projected bounds, or nil when a corner is at or behind the eye.
    static func projectedArea(_ m: Matrix, size: (Double, Double)) -> Double? {
        var points: [(Double, Double)] = []
        for (x, y) in [(0.0, 0.0), (size.0, 0), (size.0, size.1), (0, size.1)] {
            let image = (0..<4).map { x * m[0][$0] + y * m[1][$0] + m[3][$0] }
            guard image[3] > 1e-6 else { return nil }
            points.append((image[0] / image[3], image[1] / image[3]))
        }
        var area = 0.0
        for i in 0..<4 {
            let (p, q) = (points[i], points[(i + 1) % 4])
            area += p.0 * q.1 - q.0 * p.1
        }
        return area / 2
    }

    static func apply(_ pose: Pose, to layer: LayerID, in engine: Engine) throws {
        try engine.setValue(.number(pose.rotationX), for: .rotationX, of: layer)
        try engine.setValue(.number(pose.rotationY), for: .rotationY, of: layer)
        try engine.setValue(.number(pose.rotationZ), for: .rotation, of: layer)
        try engine.setValue(.number(pose.scaleX), for: .scaleX, of: layer)
        try engine.setValue(.number(pose.scaleY), for: .scaleY, of: layer)
        try engine.setValue(.number(pose.perspective), for: .perspective, of: layer)
    }

    @Test("Culled exactly when the projected bounds wind backwards (2,000 random poses)")
    func cullingMatchesTheProjectedWinding() throws {
        let engine = try Fixture.engine()
        let card = try engine.createLayer()
        try engine.addSublayer(card, to: engine.root)
        let child = try engine.createLayer()
        try engine.addSublayer(child, to: card)
        try engine.setValue(.rect(x: 0, y: 0, width: 120, height: 80), for: .bounds, of: card)
        try engine.setValue(.pair(400, 240), for: .position, of: card)
        try engine.setValue(.flag(false), for: .doubleSided, of: card)
        var generator = SystemRandomNumberGenerator()
        var culled = 0, compared = 0
        for step in 0..<2_000 {
            var pose = Pose()
            pose.rotationX = Double.random(in: -4...4, using: &generator)
            pose.rotationY = Double.random(in: -4...4, using: &generator)
            pose.rotationZ = Double.random(in: -4...4, using: &generator)
            pose.scaleX = Double.random(in: 0.3...2, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
            pose.scaleY = Double.random(in: 0.3...2, using: &generator) * (step % 3 == 0 ? -1 : 1)
            pose.perspective = step % 2 == 0 ? 0 : Double.random(in: 300...2000, using: &generator)
            try engine.beginTransaction()
            try engine.setDisableActions(true)
            try Self.apply(pose, to: card, in: engine)
            try engine.commitTransaction()
            engine.advance(to: MediaTime(step) * 1000)
            let tree = engine.presentation
            let model = Self.world(pose, size: (120, 80), position: (400, 240))
            guard let area = Self.projectedArea(model, size: (120, 80)), abs(area) > 1e-3 * 120 * 80 else { continue }
            compared += 1
            #expect(tree[1].id == card && tree[1].isHidden == (area < 0), "pose \(pose), area \(area)")
            #expect(tree[1].subtreeEnd == 3 && tree[2].id == child, "the sublayer stays in the culled subtree")
            if area < 0 { culled += 1 }
        }
        #expect(compared > 1_800 && culled > 600 && culled < compared - 600, "\(culled) of \(compared)")
    }

    @Test("Double-sided layers (the default) are never culled; the flag is not animatable")
    func defaultIsDoubleSided() throws {
        let engine = try Fixture.engine()
        let card = try Fixture.layer(in: engine, modelX: 400)
        try engine.setValue(.rect(x: 0, y: 0, width: 40, height: 40), for: .bounds, of: card)
        #expect(try engine.modelValue(of: .doubleSided, of: card) == .flag(true))
        try engine.setValue(.number(Double.pi), for: .rotationY, of: card)
        engine.advance(to: 0)
        #expect(!engine.presentation[1].isHidden)
        #expect(!LayerProperty.doubleSided.isAnimatable)
        #expect(try LayerProperty(keyPath: "doubleSided") == .doubleSided)
    }
}

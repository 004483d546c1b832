import FixedPoint
import Foundation
import Testing
@testable import Flipbook

/// `sublayerTransform` (rotation about any axis, scale, translation) against a `Double` model of Core
/// Animation's matrices (sublayer · T(−anchor) · S · Rx · Ry · Rz · T(t) · T(anchor) · layer), alone and with the
/// sublayer perspective after it; an animation of it moves the sublayers; it refuses what a scale refuses.
@Suite("sublayerTransform rotation, scale, translation")
struct SublayerTransformTests {
    typealias Model = DoubleSidedTests

    /// A 200 × 100 container at (400, 240) holding a 60 × 40 card at (x, y); the container's sublayer transform.
    static func makeEngine(card: (Double, Double), rotation: Double, scale: (Double, Double), translation: (Double, Double),
                           perspective: Double = 0, turn: (x: Double, y: Double) = (0, 0)) throws -> (Engine, LayerID, LayerID) {
        let engine = try Fixture.engine()
        let container = try engine.createLayer()
        try engine.addSublayer(container, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 100), for: .bounds, of: container)
        try engine.setValue(.pair(400, 240), for: .position, of: container)
        try engine.setValue(.number(rotation), for: .sublayerRotation, of: container)
        try engine.setValue(.number(scale.0), for: .sublayerScaleX, of: container)
        try engine.setValue(.number(scale.1), for: .sublayerScaleY, of: container)
        try engine.setValue(.pair(translation.0, translation.1), for: .sublayerTranslation, of: container)
        try engine.setValue(.number(perspective), for: .sublayerPerspective, of: container)
        try engine.setValue(.number(turn.x), for: .sublayerRotationX, of: container)
        try engine.setValue(.number(turn.y), for: .sublayerRotationY, of: container)
        let layer = try engine.createLayer()
        try engine.addSublayer(layer, to: container)
        try engine.setValue(.rect(x: 0, y: 0, width: 60, height: 40), for: .bounds, of: layer)
        try engine.setValue(.pair(card.0, card.1), for: .position, of: layer)
        engine.advance(to: 0)
        return (engine, container, layer)
    }

    /// The model: the card's corners through its own placement, the container's sublayer transform about its
    /// anchor (100, 50), the optional perspective, and the container's placement (origin at (300, 190)).
    static func model(card: (Double, Double), rotation: Double, scale: (Double, Double), translation: (Double, Double),
                      perspective: Double) -> [[Double]] {
        var s = Model.identity(), r = Model.identity(), p = Model.identity()
        s[0][0] = scale.0; s[1][1] = scale.1
        r[0][0] = cos(rotation); r[0][1] = sin(rotation); r[1][0] = -sin(rotation); r[1][1] = cos(rotation)
        if perspective > 0 { p[2][3] = -1 / perspective }
        var model = Model.translation(-30, -20)
        for next in [Model.translation(card.0, card.1), Model.translation(-100, -50), s, r,
                     Model.translation(translation.0, translation.1), p, Model.translation(100, 50),
                     Model.translation(300, 190)] { model = Model.product(model, next) }
        return model
    }

    /// 500 random 2-D sublayer transforms: the card's corners within 1/64 px of the model's (Q16.16 sines).
    @Test func randomTransformsMatchTheModel() throws {
        var worst = 0.0
        for _ in 0 ..< 500 {
            let card = (Double.random(in: 0 ... 200), Double.random(in: 0 ... 100))
            let rotation = Double.random(in: -4 ... 4)
            let scale = (Double.random(in: 0.25 ... 2), Double.random(in: 0.25 ... 2))
            let translation = (Double.random(in: -80 ... 80), Double.random(in: -80 ... 80))
            let (engine, _, layer) = try Self.makeEngine(card: card, rotation: rotation, scale: scale, translation: translation)
            let entry = try #require((0 ..< engine.presentation.count).map { engine.presentation[$0] }.first { $0.id == layer })
            #expect(entry.transform3D == nil)
            let model = Self.model(card: card, rotation: rotation, scale: scale, translation: translation, perspective: 0)
            for (u, v) in [(0.0, 0.0), (60, 0), (60, 40), (0, 40)] {
                let point = entry.transform.apply(to: Point(x: try Fixed(exactly: u), y: try Fixed(exactly: v)))
                worst = max(worst, abs(point.x.doubleValue - (u * model[0][0] + v * model[1][0] + model[3][0])),
                            abs(point.y.doubleValue - (u * model[0][1] + v * model[1][1] + model[3][1])))
            }
        }
        #expect(worst <= 1.0 / 64, "worst \(worst) px")
    }

    /// With a sublayer perspective too, the 2-D part comes first, then the perspective (CA's rotated m34).
    @Test(arguments: [(0.5, 400.0), (-1.2, 300), (2.0, 900)])
    func withPerspectiveTheTwoDimensionalPartComesFirst(rotation: Double, distance: Double) throws {
        let card = (120.0, 30.0), scale = (1.5, 0.75), translation = (-20.0, 10.0)
        let (engine, _, layer) = try Self.makeEngine(card: card, rotation: rotation, scale: scale,
                                                     translation: translation, perspective: distance)
        let entry = try #require((0 ..< engine.presentation.count).map { engine.presentation[$0] }.first { $0.id == layer })
        let world = try #require(entry.transform3D)
        let model = Self.model(card: card, rotation: rotation, scale: scale, translation: translation, perspective: distance)
        for (u, v) in [(0.0, 0.0), (60, 0), (60, 40), (0, 40)] {
            let image = (0 ..< 4).map { u * model[0][$0] + v * model[1][$0] + model[3][$0] }
            let point = try #require(try world.project(Point(x: Fixed(exactly: u), y: Fixed(exactly: v))))
            #expect(abs(point.x.doubleValue - image[0] / image[3]) <= 1.0 / 64, "x at (\(u), \(v))")
            #expect(abs(point.y.doubleValue - image[1] / image[3]) <= 1.0 / 64, "y at (\(u), \(v))")
        }
    }

    /// 300 random sublayer transforms turning about x and y too (with and without a perspective): the card's
    /// projected corners within 1/64 px of the model, S · Rx · Ry · Rz · T · P about the anchor (CA's matrices:
    /// Rx has (c, s; −s, c) in rows 2–3, Ry (c, −s; s, c) in rows 1 and 3).
    @Test func turnsAboutXAndYMatchTheModel() throws {
        var worst = 0.0
        for trial in 0 ..< 300 {
            let card = (Double.random(in: 40 ... 160), Double.random(in: 20 ... 80))
            let (ax, ay, az) = (Double.random(in: -1.2 ... 1.2), Double.random(in: -1.2 ... 1.2), Double.random(in: -3 ... 3))
            let scale = (Double.random(in: 0.5 ... 1.5), Double.random(in: 0.5 ... 1.5))
            let translation = (Double.random(in: -40 ... 40), Double.random(in: -40 ... 40))
            let perspective = trial % 2 == 0 ? 0 : Double.random(in: 500 ... 1500)
            let (engine, _, layer) = try Self.makeEngine(card: card, rotation: az, scale: scale, translation: translation,
                                                         perspective: perspective, turn: (ax, ay))
            let entry = try #require((0 ..< engine.presentation.count).map { engine.presentation[$0] }.first { $0.id == layer })
            let world = try #require(entry.transform3D)
            var rx = Model.identity(), ry = Model.identity()
            rx[1][1] = cos(ax); rx[1][2] = sin(ax); rx[2][1] = -sin(ax); rx[2][2] = cos(ax)
            ry[0][0] = cos(ay); ry[0][2] = -sin(ay); ry[2][0] = sin(ay); ry[2][2] = cos(ay)
            var s = Model.identity(), rz = Model.identity(), p = Model.identity()
            s[0][0] = scale.0; s[1][1] = scale.1
            rz[0][0] = cos(az); rz[0][1] = sin(az); rz[1][0] = -sin(az); rz[1][1] = cos(az)
            if perspective > 0 { p[2][3] = -1 / perspective }
            var model = Model.translation(-30, -20)
            for next in [Model.translation(card.0, card.1), Model.translation(-100, -50), s, rx, ry, rz,
                         Model.translation(translation.0, translation.1), p, Model.translation(100, 50),
                         Model.translation(300, 190)] { model = Model.product(model, next) }
            // Without a perspective the 2-D world (hit testing, extents) is the orthographic part too.
            worst = max(worst, try Model.cornerError(world, entry.transform, model: model,
                                                     corners: [(0, 0), (60, 0), (60, 40), (0, 40)], flat: perspective == 0))
        }
        #expect(worst <= 1.0 / 64, "worst \(worst) px")
    }

    /// `sublayerTransform.rotation` animates (implicitly too), turning the card about the container's anchor;
    /// the uniform `sublayerTransform.scale` sets x and y.
    @Test func itAnimatesAndTheUniformScaleSetsBoth() throws {
        let (engine, container, layer) = try Self.makeEngine(card: (100, 50), rotation: 0, scale: (1, 1), translation: (0, 0))
        try engine.beginTransaction()
        try engine.setAnimationDuration(1)
        try engine.setAnimationTimingFunction(.linear)
        try engine.setValue(.number(Double.pi), for: .sublayerRotation, of: container)
        try engine.commitTransaction()
        engine.advance(to: 500_000)
        #expect(abs(Fixture.number(try engine.presentationValue(of: .sublayerRotation, of: container)) - Double.pi / 2) < 1e-3)
        let entry = try #require((0 ..< engine.presentation.count).map { engine.presentation[$0] }.first { $0.id == layer })
        // The card centred on the anchor, a quarter turn: its origin corner (−30, −20) goes to (20, −30) about (400, 240).
        let origin = entry.transform.apply(to: .zero)
        #expect(abs(origin.x.doubleValue - 420) < 0.05 && abs(origin.y.doubleValue - 210) < 0.05, "\(origin)")
        try engine.setValue(.number(0.5), for: .sublayerScale, of: container)
        engine.flushTransaction()
        #expect(try engine.modelValue(of: .sublayerScaleX, of: container) == .number(0.5))
        #expect(try engine.modelValue(of: .sublayerScaleY, of: container) == .number(0.5))
        #expect(throws: EngineError.self) { try engine.setValue(.number(.infinity), for: .sublayerRotation, of: container) }
    }
}

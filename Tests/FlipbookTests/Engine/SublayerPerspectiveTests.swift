import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

/// `sublayerTransform.perspective` against a `Double` model of Core Animation's matrices
/// (sublayer · T(−anchor) · P · T(anchor) · layer) and against a hand-built equivalent: a sublayer at its
/// superlayer's anchor sees the same world as one with that perspective of its own.
@Suite("sublayerTransform.perspective")
struct SublayerPerspectiveTests {
    typealias Model = DoubleSidedTests

    /// A 200 × 100 container at (400, 240) holding a 60 × 40 card at `cardPosition` turned by `angle` about y.
    static func makeEngine(cardPosition: (Double, Double), angle: Double, sublayerPerspective: Double,
                           ownPerspective: Double) throws -> (Engine, LayerID) {
        let engine = try Fixture.engine()
        let container = try engine.createLayer()
        try engine.addSublayer(container, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 100), for: .bounds, of: container)
        try engine.setValue(.pair(400, 240), for: .position, of: container)
        try engine.setValue(.number(sublayerPerspective), for: .sublayerPerspective, of: container)
        let card = try engine.createLayer()
        try engine.addSublayer(card, to: container)
        try engine.setValue(.rect(x: 0, y: 0, width: 60, height: 40), for: .bounds, of: card)
        try engine.setValue(.pair(cardPosition.0, cardPosition.1), for: .position, of: card)
        try engine.setValue(.number(angle), for: .rotationY, of: card)
        try engine.setValue(.number(ownPerspective), for: .perspective, of: card)
        engine.advance(to: 0)
        return (engine, card)
    }

    static let corners: [(Double, Double)] = [(0, 0), (60, 0), (60, 40), (0, 40)]

    @Test("Projected corners match the Double model within 1/64 px", arguments: [
        (100.0, 50.0, 0.7, 500.0), (30, 20, -1.1, 300), (180, 90, 0.4, 800), (100, 50, 2.6, 400),
    ])
    func matchesTheModel(x: Double, y: Double, angle: Double, distance: Double) throws {
        let (engine, card) = try Self.makeEngine(cardPosition: (x, y), angle: angle, sublayerPerspective: distance,
                                                 ownPerspective: 0)
        let tree = engine.presentation
        #expect(tree[1].transform3D == nil, "the container itself is not seen in perspective")
        #expect(tree[2].id == card)
        let world = try #require(tree[2].transform3D)
        var ry = Model.identity()
        ry[0][0] = cos(angle); ry[0][2] = -sin(angle); ry[2][0] = sin(angle); ry[2][2] = cos(angle)
        var perspective = Model.identity()
        perspective[2][3] = -1 / distance
        var model = Model.translation(-30, -20)
        for next in [ry, Model.translation(x, y), Model.translation(-100, -50), perspective,
                     Model.translation(100, 50), Model.translation(300, 190)] { model = Model.product(model, next) }
        for (u, v) in Self.corners {
            let image = (0..<4).map { u * model[0][$0] + v * model[1][$0] + model[3][$0] }
            let point = try #require(try world.project(Point(x: Fixed(exactly: u), y: Fixed(exactly: v))))
            #expect(abs(point.x.doubleValue - image[0] / image[3]) <= 1.0 / 64, "x at (\(u), \(v))")
            #expect(abs(point.y.doubleValue - image[1] / image[3]) <= 1.0 / 64, "y at (\(u), \(v))")
        }
    }

    @Test("At the container's anchor it equals the card's own perspective")
    func equalsOwnPerspectiveAtTheAnchor() throws {
        let (viaContainer, cardA) = try Self.makeEngine(cardPosition: (100, 50), angle: 0.9, sublayerPerspective: 500,
                                                        ownPerspective: 0)
        let (own, cardB) = try Self.makeEngine(cardPosition: (100, 50), angle: 0.9, sublayerPerspective: 0,
                                               ownPerspective: 500)
        let a = try #require(viaContainer.presentation[2].transform3D), b = try #require(own.presentation[2].transform3D)
        #expect(viaContainer.presentation[2].id == cardA && own.presentation[2].id == cardB)
        for (u, v) in Self.corners {
            let point = Point(x: try Fixed(exactly: u), y: try Fixed(exactly: v))
            let pa = try #require(try a.project(point)), pb = try #require(try b.project(point))
            #expect(abs(pa.x.raw - pb.x.raw) <= 2 && abs(pa.y.raw - pb.y.raw) <= 2, "\(pa) vs \(pb)")
        }
        #expect(!LayerProperty.sublayerPerspective.isAnimatable)
        #expect(try LayerProperty(keyPath: "sublayerTransform.perspective") == .sublayerPerspective)
    }
}

import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

/// Block-API flips against a `Double` model of UIKit's flip: T(−centre) · R(θ) · P(1.5 · extent) ·
/// T(centre) in the layer's bounds space, before the layer's own transform.
@Suite("Block-API flips in 3-D")
struct FlipTransitionTests {
    typealias Matrix = [[Double]]

    static func multiply(_ lhs: Matrix, _ rhs: Matrix) -> Matrix {
        (0 ..< 4).map { row in (0 ..< 4).map { column in (0 ..< 4).reduce(0) { $0 + lhs[row][$1] * rhs[$1][column] } } }
    }

    static func translation(_ x: Double, _ y: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, 0, 1]]
    }

    /// CATransform3DMakeRotation about y (vertical) or x (horizontal), row vectors.
    static func rotation(_ angle: Double, vertical: Bool) -> Matrix {
        let c = cos(angle), s = sin(angle)
        return vertical
            ? [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]]
            : [[1, 0, 0, 0], [0, c, s, 0], [0, -s, c, 0], [0, 0, 0, 1]]
    }

    static func perspective(_ distance: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, -1 / distance], [0, 0, 0, 1]]
    }

    /// The model's world matrix of a 200×120 layer at (400, 240), anchor ½, flipping by `kind` at `progress`.
    static func model(kind: ViewAnimationOptions, progress: Double) -> Matrix {
        let vertical = kind == .transitionFlipFromLeft || kind == .transitionFlipFromRight
        let forwardSign: Double = kind == .transitionFlipFromLeft || kind == .transitionFlipFromBottom ? 1 : -1
        // The engine holds progress in Q17.15 and angles in Q16.16 radians: the model takes the same
        // quantised inputs.
        let p = (progress * 32768).rounded() / 32768
        let angle = (forwardSign * (p < 0.5 ? p : p - 1) * Double.pi * 65536).rounded() / 65536
        let flip = multiply(multiply(multiply(translation(-100, -60), rotation(angle, vertical: vertical)),
                                     perspective(1.5 * (vertical ? 200 : 120))), translation(100, 60))
        return multiply(flip, translation(400 - 100, 240 - 60))
    }

    static func entries(_ matrix: Transform3D) -> Matrix {
        let rows = [matrix.row1, matrix.row2, matrix.row3, matrix.row4]
        return rows.map { row in [row.x, row.y, row.z, row.w].map { Double($0.raw) / 4_294_967_296 } }
    }

    /// The projected y extent of the layer's edge at bounds x = `x` (vertical flips) through `matrix`.
    static func edgeHeight(_ matrix: Matrix, x: Double) -> Double {
        func project(_ y: Double) -> Double {
            let w = x * matrix[0][3] + y * matrix[1][3] + matrix[3][3]
            return (x * matrix[0][1] + y * matrix[1][1] + matrix[3][1]) / w
        }
        return project(120) - project(0)
    }

    /// Expects every entry of `actual` within 10⁻⁶ (plus 10⁻⁶ of its size) of `expected`.
    static func expectClose(_ actual: Matrix, _ expected: Matrix, _ label: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        for row in 0 ..< 4 {
            for column in 0 ..< 4 {
                #expect(abs(actual[row][column] - expected[row][column]) <= 1e-6 + 1e-6 * abs(expected[row][column]),
                        "\(label) m\(row + 1)\(column + 1): \(actual[row][column]) vs \(expected[row][column])",
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// A presented white 200×120 layer at (400, 240) turning black through a 1 s `type` transition from `subtype`.
    static func transitioningLayer(_ engine: Engine, _ type: TransitionType, _ subtype: TransitionSubtype) throws {
        let layer = try Fixture.layer(in: engine, modelX: 400)
        try engine.setValue(.pair(400, 240), for: .position, of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 120), for: .bounds, of: layer)
        try engine.setValue(.color(.white), for: .backgroundColor, of: layer)
        engine.advance(to: 0)
        let transition = TransitionAnimation(type: type, subtype: subtype, changes: [PropertyChange(.backgroundColor, .color(.black))],
                                             timing: AnimationTiming(duration: 1))
        try engine.addAnimation(.transition(transition), forKey: "transition", to: layer)
    }

    func flippingLayer(_ engine: Engine, kind: ViewAnimationOptions) throws -> LayerID {
        let layer = try Fixture.layer(in: engine, modelX: 400)
        try engine.setValue(.pair(400, 240), for: .position, of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: 200, height: 120), for: .bounds, of: layer)
        try engine.setValue(.color(.white), for: .backgroundColor, of: layer)
        engine.advance(to: 0)
        try engine.transition(with: layer, duration: 1, options: [kind, .curveLinear], animations: { () throws(EngineError) in
            try engine.setValue(.color(.black), for: .backgroundColor, of: layer)
        })
        return layer
    }

    @Test(arguments: [ViewAnimationOptions.transitionFlipFromLeft, .transitionFlipFromRight,
                      .transitionFlipFromTop, .transitionFlipFromBottom])
    func transform3DFollowsThePerspectiveModel(kind: ViewAnimationOptions) throws {
        let engine = try Fixture.engine()
        _ = try flippingLayer(engine, kind: kind)
        for progress in [0.1, 0.25, 0.4, 0.6, 0.75, 0.9] {
            engine.advance(to: Fixture.micros(progress))
            #expect(engine.presentation.count == 2)
            let entry = engine.presentation[1]
            #expect(entry.transition == nil)
            #expect(entry.backgroundColor == (progress < 0.5 ? .white : .black), "p \(progress)")
            let matrix = try #require(entry.transform3D, "p \(progress)")
            Self.expectClose(Self.entries(matrix), Self.model(kind: kind, progress: progress), "p \(progress)")
            // The orthographic `transform` is the same matrix without perspective (x or y scaled by cos θ).
            let vertical = kind == .transitionFlipFromLeft || kind == .transitionFlipFromRight
            let scale = vertical ? entry.transform.a.doubleValue : entry.transform.d.doubleValue
            #expect(abs(scale - abs(cos((progress < 0.5 ? progress : progress - 1) * Double.pi))) <= 1e-4)
        }
        engine.advance(to: Fixture.micros(1.5))
        #expect(engine.presentation[1].transform3D == nil)
        #expect(engine.presentation[1].backgroundColor == .black)
    }

    @Test func theNamedEdgeComesForward() throws {
        let engine = try Fixture.engine()
        _ = try flippingLayer(engine, kind: .transitionFlipFromLeft)
        engine.advance(to: Fixture.micros(0.25))
        let matrix = Self.entries(try #require(engine.presentation[1].transform3D))
        // Left edge nearer the eye (taller than its 120 px), right edge farther (shorter).
        #expect(Self.edgeHeight(matrix, x: 0) > 125)
        #expect(Self.edgeHeight(matrix, x: 200) < 115)
    }

    /// `CATransition` of type `oglFlip` (public here): the subtype's edge comes forward exactly as the
    /// block-API flip from that edge turns, against the same perspective model, the content switching edge-on.
    @Test(arguments: [(TransitionSubtype.fromLeft, ViewAnimationOptions.transitionFlipFromLeft),
                      (.fromRight, .transitionFlipFromRight), (.fromTop, .transitionFlipFromTop),
                      (.fromBottom, .transitionFlipFromBottom)])
    func oglFlipTurnsAsTheBlockFlip(subtype: TransitionSubtype, kind: ViewAnimationOptions) throws {
        let engine = try Fixture.engine()
        try Self.transitioningLayer(engine, .oglFlip, subtype)
        for progress in [0.1, 0.4, 0.6, 0.9] {
            engine.advance(to: Fixture.micros(progress))
            #expect(engine.presentation.count == 2)
            let entry = engine.presentation[1]
            #expect(entry.transition == nil)
            #expect(entry.backgroundColor == (progress < 0.5 ? .white : .black), "p \(progress)")
            Self.expectClose(Self.entries(try #require(entry.transform3D)), Self.model(kind: kind, progress: progress),
                             "p \(progress)")
        }
        engine.advance(to: Fixture.micros(1.5))
        #expect(engine.presentation[1].transform3D == nil)
    }
}

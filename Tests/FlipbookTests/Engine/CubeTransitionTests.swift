import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

/// `CATransition` of type `cube` (public here): both faces against a `Double` model of a cube of the layer's
/// extent turning about its centre axis half an extent behind the layer, T(−c, e/2) · R(φ) · T(0, 0, −e/2) ·
/// P(1.5 e) · T(c), the new face a quarter turn behind the old; a face turned away from the eye is hidden.
@Suite struct CubeTransitionTests {
    typealias Matrix = FlipTransitionTests.Matrix

    static func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
        [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]]
    }

    /// The model's world matrices (outgoing, incoming) of a 200×120 layer at (400, 240) at `progress`.
    static func model(_ subtype: TransitionSubtype, progress: Double) -> (Matrix, Matrix) {
        let vertical = subtype == .fromLeft || subtype == .fromRight
        let sign: Double = subtype == .fromLeft || subtype == .fromBottom ? 1 : -1
        // The engine's quantised inputs: progress in Q17.15, a quarter turn ⌊π/2⌋ in Q16.16 raw units.
        let quarter = (Double(Fixed.pi.raw) / 2).rounded(.down)
        let turn = ((progress * 32768).rounded() * quarter / 32768 + 0.5).rounded(.down)
        let outgoing = sign * turn / 65536, incoming = (sign * turn - sign * quarter) / 65536
        let extent = vertical ? 200.0 : 120.0
        func face(_ angle: Double) -> Matrix {
            var matrix = FlipTransitionTests.multiply(translation(-100, -60, extent / 2),
                                                      FlipTransitionTests.rotation(angle, vertical: vertical))
            matrix = FlipTransitionTests.multiply(matrix, translation(0, 0, -extent / 2))
            matrix = FlipTransitionTests.multiply(matrix, FlipTransitionTests.perspective(1.5 * extent))
            matrix = FlipTransitionTests.multiply(matrix, translation(100, 60, 0))
            return FlipTransitionTests.multiply(matrix, translation(300, 180, 0))
        }
        return (face(outgoing), face(incoming))
    }

    @Test(arguments: [TransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom])
    func facesFollowTheCubeModel(subtype: TransitionSubtype) throws {
        let engine = try Fixture.engine()
        try FlipTransitionTests.transitioningLayer(engine, .cube, subtype)
        for progress in [0.05, 0.3, 0.5, 0.7, 0.95] {
            engine.advance(to: Fixture.micros(progress))
            #expect(engine.presentation.count == 3)
            let outgoing = engine.presentation[1], incoming = engine.presentation[2]
            #expect(outgoing.backgroundColor == .white && incoming.backgroundColor == .black)
            let (modelOut, modelIn) = Self.model(subtype, progress: progress)
            for (entry, expected, side) in [(outgoing, modelOut, "out"), (incoming, modelIn, "in")] {
                FlipTransitionTests.expectClose(FlipTransitionTests.entries(try #require(entry.transform3D, "p \(progress) \(side)")),
                                                expected, "p \(progress) \(side)")
            }
            // Seen from the eye in front of the layer's centre, the new face is turned away at first and the old
            // one at the end; in the middle both show.
            #expect(outgoing.isHidden == (progress > 0.9), "p \(progress) outgoing")
            #expect(incoming.isHidden == (progress < 0.1), "p \(progress) incoming")
        }
        engine.advance(to: Fixture.micros(1.5))
        #expect(engine.presentation.count == 2 && engine.presentation[1].transform3D == nil)
    }
}

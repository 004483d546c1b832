import FixedPoint
import Testing
@testable import Flipbook

/// `Engine.hitTest`, `contains(_:in:)` and `convert(_:from:to:)` on a presented frame built through the
/// public API: what the screen shows is what a touch hits.
@Suite struct HitTestEngineTests {
    static func point(_ x: Double, _ y: Double) -> Point { Point(x: Fixed(raw: Int32(x * 65536)), y: Fixed(raw: Int32(y * 65536))) }

    /// A 100 × 80 card at (50, 40) – (150, 120) with radius 20, holding a 30 × 30 badge at (80, 60) in card
    /// coordinates that overhangs the card's lower right corner.
    static func scene() throws -> (Engine, card: LayerID, badge: LayerID) {
        let engine = try Fixture.engine()
        let card = try engine.createLayer(name: "card"), badge = try engine.createLayer(name: "badge")
        try engine.addSublayer(card, to: engine.root)
        try engine.addSublayer(badge, to: card)
        try engine.setValue(.rect(x: 0, y: 0, width: 100, height: 80), for: .bounds, of: card)
        try engine.setValue(.pair(100, 80), for: .position, of: card)
        try engine.setValue(.number(20), for: .cornerRadius, of: card)
        try engine.setValue(.rect(x: 0, y: 0, width: 30, height: 30), for: .bounds, of: badge)
        try engine.setValue(.pair(95, 75), for: .position, of: badge)
        engine.advance(to: 0)
        return (engine, card, badge)
    }

    @Test func theFrontmostDeepestLayerIsHitAndRoundedCornersMiss() throws {
        let (engine, card, badge) = try Self.scene()
        #expect(engine.hitTest(Self.point(100, 80)) == card)
        #expect(engine.hitTest(Self.point(140, 110)) == badge)
        // Outside the card but on the overhanging badge: sublayers are not clipped without masksToBounds.
        #expect(engine.hitTest(Self.point(155, 125)) == badge)
        // The card's top-left corner is cut off by the radius: (52, 42) misses, the root is hit.
        #expect(engine.hitTest(Self.point(52, 42)) == engine.root)
        #expect(engine.hitTest(Self.point(-1, 5)) == nil)
        try engine.setValue(.flag(true), for: .masksToBounds, of: card)
        engine.advance(to: 1_000_000)
        #expect(engine.hitTest(Self.point(155, 125)) == engine.root)
        var chain = [LayerID](repeating: LayerID(index: 0, generation: 0), count: 4)
        let count = chain.withUnsafeMutableBufferPointer { engine.presentation.hitTest(Self.point(140, 110), chain: $0) }
        #expect(Array(chain[0..<count]) == [badge, card, engine.root])
    }

    @Test func hiddenAndTransparentLayersAreSkippedWithTheirSublayers() throws {
        let (engine, card, badge) = try Self.scene()
        try engine.setValue(.flag(true), for: .hidden, of: badge)
        // The implicit animation the change starts at the next frame has ended a second later.
        engine.advance(to: 1_000_000)
        engine.advance(to: 2_000_000)
        #expect(engine.hitTest(Self.point(140, 110)) == card)
        try engine.setValue(.flag(false), for: .hidden, of: badge)
        try engine.setValue(.number(0), for: .opacity, of: card)
        engine.advance(to: 3_000_000)
        engine.advance(to: 4_000_000)
        #expect(engine.hitTest(Self.point(140, 110)) == engine.root)
    }

    @Test func aMaskLimitsHitsToWhereItCovers() throws {
        let (engine, card, _) = try Self.scene()
        let mask = try engine.createLayer()
        try engine.setValue(.rect(x: 0, y: 0, width: 50, height: 80), for: .bounds, of: mask)
        try engine.setValue(.pair(25, 40), for: .position, of: mask)
        try engine.setMask(mask, of: card)
        engine.advance(to: 1_000_000)
        #expect(engine.hitTest(Self.point(70, 80)) == card)
        #expect(engine.hitTest(Self.point(120, 80)) == engine.root)
    }

    @Test func pointsConvertBetweenLayersThroughPerspective() throws {
        let (engine, card, badge) = try Self.scene()
        try engine.setValue(.number(0.8), for: .rotationY, of: card)
        try engine.setValue(.number(300), for: .perspective, of: card)
        engine.advance(to: 1_000_000)
        // Card → canvas → card is the identity to within Q16.16 rounding.
        for (x, y) in [(10.0, 10.0), (50, 40), (70, 50)] {
            let canvas = try #require(try engine.convert(Self.point(x, y), from: card, to: nil))
            let back = try #require(try engine.convert(canvas, from: nil, to: card))
            #expect(abs(back.x.doubleValue - x) < 0.01 && abs(back.y.doubleValue - y) < 0.01)
            #expect(engine.hitTest(canvas) == card)
        }
        // Badge coordinates are card coordinates shifted by the badge's origin (80, 60).
        let inCard = try #require(try engine.convert(Self.point(5, 5), from: badge, to: card))
        #expect(abs(inCard.x.doubleValue - 85) < 0.01 && abs(inCard.y.doubleValue - 65) < 0.01)
        #expect(try engine.contains(Self.point(50, 40), in: card))
        #expect(try !engine.contains(Self.point(1, 1), in: card))
        let gone = try engine.createLayer()
        try engine.destroyLayer(gone)
        #expect(throws: EngineError.staleLayer(gone)) { try engine.convert(Self.point(0, 0), from: gone, to: nil) }
    }

    @Test func aPointBehindTheEyeMisses() throws {
        // A plane turned almost edge-on with a short eye distance: canvas points far off to one side unproject
        // to the half-plane behind the eye (w ≤ 0) and must miss.
        var matrix = Transform3D.identity
        matrix.m14 = WideFixed(raw: -(1 << 32) / 50)
        #expect(LayerPlaneMapping.unproject(Self.point(10, 10), through: matrix) != nil)
        // x = 60 in the plane has w = 1 − 60/50 < 0: its image (−300, 50) must not map back to it.
        #expect(LayerPlaneMapping.unproject(Self.point(-300, 50), through: matrix) == nil)
        let front = try #require(LayerPlaneMapping.unproject(Self.point(20, 10), through: matrix))
        // x / (1 − x/50) = 20 → x = 14.2857…, y = 10 · (1 − x/50) = 7.142857…
        #expect(abs(front.x.doubleValue - 100.0 / 7) < 0.0001 && abs(front.y.doubleValue - 50.0 / 7) < 0.0001)
    }
}

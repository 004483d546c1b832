import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

@Suite("Path animations")
struct PathAnimationTests {
    static func segment(to end: Double) throws -> Path {
        var path = try Path()
        try path.move(to: Point(x: .zero, y: .zero))
        try path.line(to: Point(x: try Fixed(exactly: end), y: Fixed(10)))
        return path
    }

    @Test func equalStructurePathsInterpolate() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let short = try engine.addPath(Self.segment(to: 10))
        let long = try engine.addPath(Self.segment(to: 30))
        try engine.setValue(.path(short), for: .path, of: shape)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .path, from: .path(short), to: .path(long),
                                                      timing: AnimationTiming(duration: 1))), forKey: "grow", to: shape)
        engine.advance(to: 500_000)
        let pathID = try #require(engine.presentation[1].shape.path)
        #expect(pathID != short && pathID != long)
        let path = try #require(engine.presentation.resources.path(for: pathID))
        #expect(path.point(at: 1) == Point(x: Fixed(20), y: Fixed(10)))
        let stamp = engine.presentation[1].changeStamp
        engine.advance(to: 600_000)
        #expect(engine.presentation[1].changeStamp != stamp)     // the points moved: the layer changed
        engine.advance(to: 1_100_000)
        #expect(engine.presentation[1].shape.path == short)       // removed: the model path
    }

    @Test func differentStructuresSwitchAtHalf() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let line = try engine.addPath(Self.segment(to: 10))
        var box = try Path()
        try box.addRect(Rect(x: .zero, y: .zero, width: Fixed(5), height: Fixed(5)))
        let rect = try engine.addPath(box)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .path, from: .path(line), to: .path(rect),
                                                      timing: AnimationTiming(duration: 1))), forKey: "morph", to: shape)
        engine.advance(to: 400_000)
        #expect(engine.presentation[1].shape.path == line)
        engine.advance(to: 600_000)
        #expect(engine.presentation[1].shape.path == rect)
    }
}

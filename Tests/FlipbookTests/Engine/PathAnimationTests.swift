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

    /// SEMANTICS §1.5: `path` has no implicit action, so a path set every frame (seed 001's wave) shows at once.
    @Test func settingAPathShowsItAtOnce() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let first = try engine.addPath(Self.segment(to: 10))
        try engine.setValue(.path(first), for: .path, of: shape)
        engine.advance(to: 0)
        for frame in 1 ... 3 {
            let next = try engine.addPath(Self.segment(to: 10 + Double(frame)))
            try engine.setValue(.path(next), for: .path, of: shape)
            engine.advance(to: MediaTime(frame) * 16_667)
            #expect(try engine.presentationValue(of: .path, of: shape) == .path(next), "frame \(frame)")
            #expect(engine.animations.usedCount == 0)
        }
    }

    /// One rule for every path animation: interpolating (basic, linear keyframes) needs the same commands;
    /// a discrete keyframe animation switches between any paths at its key times.
    @Test func differentStructuresSwitchOnlyInDiscreteSteps() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let line = try engine.addPath(Self.segment(to: 10))
        var box = try Path()
        try box.addRect(Rect(x: .zero, y: .zero, width: Fixed(5), height: Fixed(5)))
        let rect = try engine.addPath(box)
        let timing = AnimationTiming(duration: 1)
        #expect(throws: EngineError.invalidAnimation(field: "toValue", reason: "a path interpolates only between paths of the same commands (a discrete keyframe animation switches between any paths)")) {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .path, from: .path(line), to: .path(rect), timing: timing)),
                                    forKey: "morph", to: shape)
        }
        #expect(throws: EngineError.invalidAnimation(field: "values", reason: "a path interpolates only between paths of the same commands (a discrete keyframe animation switches between any paths)")) {
            try engine.addAnimation(.keyframe(KeyframeAnimation(keyPath: .path, values: [.path(line), .path(rect)], timing: timing)),
                                    forKey: "morph", to: shape)
        }
        try engine.addAnimation(.keyframe(KeyframeAnimation(keyPath: .path, values: [.path(line), .path(rect)],
                                                            calculationMode: .discrete, timing: timing)),
                                forKey: "switch", to: shape)
        engine.advance(to: 400_000)
        #expect(engine.presentation[1].shape.path == line)
        engine.advance(to: 600_000)
        #expect(engine.presentation[1].shape.path == rect)
    }

    /// The x of the second point of the presented path (what `segment(to:)` moves).
    static func presentedEnd(_ engine: Engine, at seconds: Double) throws -> Double {
        engine.advance(to: Fixture.micros(seconds))
        let id = try #require(engine.presentation[1].shape.path)
        let path = try #require(engine.presentation.resources.path(for: id))
        return try #require(path.point(at: 1)).x.doubleValue
    }

    func shapeWithKeyframes(_ ends: [Double], mode: CalculationMode, keyTimes: [Double] = []) throws -> (Engine, [PathID]) {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        var ids: [PathID] = []
        for end in ends { ids.append(try engine.addPath(Self.segment(to: end))) }
        try engine.setValue(.path(ids[0]), for: .path, of: shape)
        try engine.addAnimation(.keyframe(KeyframeAnimation(
            keyPath: .path, values: ids.map { .path($0) }, keyTimes: keyTimes, calculationMode: mode,
            timing: AnimationTiming(duration: 1))), forKey: "morph", to: shape)
        return (engine, ids)
    }

    /// Keyframed paths of one structure morph between adjacent keys in every interpolating mode (the
    /// segment's local progress; paths have no spline, and paced modes space path keys evenly).
    static let interpolatingModes: [Motion.CalculationMode] = [.linear, .paced, .cubic, .cubicPaced]

    @Test(arguments: interpolatingModes)
    func keyframedPathsMorphBetweenAdjacentKeys(mode: Motion.CalculationMode) throws {
        let (engine, _) = try shapeWithKeyframes([10, 30, 20], mode: mode)
        for (time, expected) in [(0.25, 20.0), (0.4, 26.0), (0.75, 25.0), (0.9, 22.0)] {
            #expect(abs(try Self.presentedEnd(engine, at: time) - expected) <= 0.01, "\(mode) t \(time)")
        }
    }

    @Test func discreteKeyframedPathsStayDiscrete() throws {
        let (engine, ids) = try shapeWithKeyframes([10, 30, 20], mode: .discrete, keyTimes: [0, 0.5, 0.75, 1])
        for (time, key) in [(0.1, 0), (0.49, 0), (0.5, 1), (0.7, 1), (0.8, 2)] {
            engine.advance(to: Fixture.micros(time))
            #expect(engine.presentation[1].shape.path == ids[key], "t \(time)")
        }
    }

    /// A spring on `path` morphs with the spring's progress, overshoot included (SEMANTICS §3: m1 k100
    /// c10 peaks 16.3034 % past the target at 0.362760 s).
    @Test func springPathOvershootsTheTarget() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let short = try engine.addPath(Self.segment(to: 10))
        let long = try engine.addPath(Self.segment(to: 30))
        try engine.setValue(.path(short), for: .path, of: shape)
        try engine.addAnimation(.spring(SpringAnimation(BasicAnimation(keyPath: .path, to: .path(long)))),
                                forKey: "spring", to: shape)
        #expect(abs(try Self.presentedEnd(engine, at: 0.362760) - (10 + 20 * 1.163034)) <= 0.01)
        #expect(abs(try Self.presentedEnd(engine, at: 0.1) - (10 + 20 * 0.340299847)) <= 0.01)
    }

    /// Scratch paths return when their animation ends and serve the next morph of the same structure.
    @Test func scratchPathsAreReused() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let short = try engine.addPath(Self.segment(to: 10))
        let long = try engine.addPath(Self.segment(to: 30))
        var counts: [Int] = []
        for round in 0 ..< 4 {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .path, from: .path(short), to: .path(long),
                                                          timing: AnimationTiming(duration: 10))), forKey: "grow", to: shape)
            engine.advance(to: Fixture.micros(Double(round)))
            try engine.removeAnimation(forKey: "grow", from: shape)
            engine.deliverCallbacks()
            counts.append(engine.presentation.resources.pathCount)
        }
        #expect(counts == [3, 3, 3, 3])
    }

    /// A morph inside a group marks its layer changed each frame (the path slot keeps the scratch
    /// path's handle while its points move), so the compositor redraws it.
    @Test func morphInAGroupChangesTheLayer() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let short = try engine.addPath(Self.segment(to: 10))
        let long = try engine.addPath(Self.segment(to: 30))
        let morph = Animation.keyframe(KeyframeAnimation(keyPath: .path, values: [.path(short), .path(long)],
                                                         timing: AnimationTiming(duration: 1)))
        try engine.addAnimation(.group(AnimationGroup(animations: [morph], timing: AnimationTiming(duration: 1))),
                                forKey: "g", to: shape)
        #expect(abs(try Self.presentedEnd(engine, at: 0.5) - 20) <= 0.01)
        let stamp = engine.presentation[1].changeStamp
        #expect(abs(try Self.presentedEnd(engine, at: 0.6) - 22) <= 0.01)
        #expect(engine.presentation[1].changeStamp != stamp)
    }

    @Test func byValueOnAPathIsRefused() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let line = try engine.addPath(Self.segment(to: 10))
        #expect(throws: EngineError.invalidAnimation(field: "byValue", reason: "a path has no relative change (give fromValue or toValue)")) {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .path, by: .path(line))), forKey: "by", to: shape)
        }
    }
}

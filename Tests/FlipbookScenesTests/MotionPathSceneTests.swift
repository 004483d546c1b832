import Flipbook
import FlipbookScenes
import Foundation
import Testing

/// Motion paths in scene files (issue 19, defects 3 and 11): `validate` counts the keyframes as CA does (the
/// start point and every segment's end point), `render` uses the same count with `keyTimes` and
/// `timingFunctions`, and inside a curve the layer follows the curve and its tangent.
@Suite struct MotionPathSceneTests {
    private static func scene(_ animation: String) -> String {
        ##"{ "flipbook": 1, "size": [240, 160], "layers": [ { "name": "dot", "size": [4, 4], "backgroundColor": "#ff0000", "animations": [ \##(animation) ] } ] }"##
    }

    private static func problems(_ json: String) -> [String] {
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), fileName: "t.json", baseDirectory: "", imageReader: { _, _ in (nil, "no images here") })
            return []
        } catch {
            return error.problems.map { "\($0.pointer): \($0.message)" }
        }
    }

    private static func sample(_ json: String, at seconds: Double) throws -> (x: Double, y: Double, angle: Double) {
        let loaded = try LoadedScene(json: Array(json.utf8), fileName: "t.json")
        var runLoop = try loaded.makeRunLoop(layout: .xrgb8888)
        runLoop.settle(at: Int64((seconds * 1_000_000).rounded()))   // MediaTime (Motion) is Int64
        let dot = try loaded.layers.layer("dot")
        guard case let .pair(x, y) = try loaded.engine.presentationValue(of: .position, of: dot),
              case let .number(angle) = try loaded.engine.presentationValue(of: .rotation, of: dot) else {
            Issue.record("unexpected value kinds")
            return (0, 0, 0)
        }
        return (x, y, angle)
    }

    /// Three keyframes (start, line end, curve end) take three key times and two timing functions; both
    /// `validate` (the decoder) and `render` accept them, and the curve is followed at its local progress.
    @Test func keyTimesAndTimingFunctionsCountTheStartPoint() throws {
        let json = Self.scene(#"""
            { "type": "keyframe", "keyPath": "position", "duration": 1, "path": "M0 0 L100 0 C 100 50 150 100 200 100",
              "keyTimes": [0, 0.25, 1], "timingFunctions": ["linear", "linear"] }
            """#)
        #expect(Self.problems(json) == [])
        let onLine = try Self.sample(json, at: 0.125)
        #expect(abs(onLine.x - 50) <= 1e-3 && abs(onLine.y) <= 1e-3)
        // Local progress ½ of the curve: ((100 + 3·100 + 3·150 + 200) / 8, (0 + 3·50 + 3·100 + 100) / 8).
        let onCurve = try Self.sample(json, at: 0.625)
        #expect(abs(onCurve.x - 131.25) <= 1e-3 && abs(onCurve.y - 68.75) <= 1e-3)
        let wrong = Self.scene(#"{ "type": "keyframe", "keyPath": "position", "path": "M0 0 L100 0 L100 50", "keyTimes": [0, 1] }"#)
        #expect(Self.problems(wrong) == ["/layers/0/animations/0/keyTimes: needs one entry per value (3), found 2"])
    }

    /// rotationMode follows the curve's tangent (a Double model of the derivative), not 8 chords per curve.
    @Test func rotationFollowsTheTangent() throws {
        let json = Self.scene(#"{ "type": "keyframe", "keyPath": "position", "duration": 1, "rotationMode": "auto", "path": "M0 0 C 0 100 100 100 100 0" }"#)
        for t in [0.1, 0.3, 0.45, 0.8] {
            let u = 1 - t
            let expected = atan2(3 * (u * u * 100 - t * t * 100), 3 * 2 * u * t * 100)
            let sample = try Self.sample(json, at: t)
            #expect(abs(sample.angle - expected) <= 2e-3, "t = \(t): \(sample.angle) vs \(expected)")
        }
    }

    /// The cubic modes would make their own curves between the keys: refused with a curved path, at the path.
    @Test func curvedPathsRefuseCubicModes() {
        let json = Self.scene(#"{ "type": "keyframe", "keyPath": "position", "calculationMode": "cubic", "path": "M0 0 Q 10 0 10 10" }"#)
        #expect(Self.problems(json) == ["/layers/0/animations/0/path: " + Engine.curvedPathCubicRule])
    }
}

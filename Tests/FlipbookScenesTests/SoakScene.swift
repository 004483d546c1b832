import Flipbook
import FlipbookSim
import Raster

/// The scene and the command schedule of the soak (`SoakTests`): every kind of animation repeating forever
/// (basic with autoreverse, keyframe position, spring, group, a path keyframe wave like the wave-fill example,
/// a counting text number) and, once per period, control commands that set values with implicit animations,
/// add a transition and a basic animation, move the bound progress bar, and remove and restart an animation.
///
/// Every repetition divides the period of 48 s (4, 3, 4, 6, 1.6 and 12 s) and the commands of one period leave
/// the scene as they found it, so the frame at t + k × 48 s must equal the frame at t.
enum SoakScene {
    /// The period of the whole scene, commands included, in µs.
    static let periodMicros: Int64 = 48_000_000

    /// Wave paths of the same 9 points (a sine of 3 px sampled every 12 px, shifted by a quarter each).
    static let wavePaths: [String] = (0..<4).map { quarter in
        let heights = [0, 2.1, 3, 2.1, 0, -2.1, -3, -2.1]
        var path = ""
        for point in 0...8 {
            let height = heights[(point + 2 * quarter) % 8]
            path += (point == 0 ? "M" : " L") + "\(point * 12) \(height)"
        }
        return path + " L96 14 L0 14 Z"
    }

    static func json(width: Int, height: Int) -> String {
        let waves = (wavePaths + [wavePaths[0]]).map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"flipbook": 1, "size": [\(width), \(height)], "background": "#101418",
             "bindings": {"progress": {"layer": "bar", "keyPath": "strokeEnd", "from": 0, "to": 1}},
             "layers": [
              {"name": "pulse", "position": [10, 10], "size": [14, 14], "backgroundColor": "#3b6fd4",
               "animations": [{"key": "fade", "type": "basic", "keyPath": "opacity", "from": 1, "to": 0.2,
                               "duration": 2, "autoreverses": true, "repeatCount": "infinite"}]},
              {"name": "hop", "position": [30, 10], "size": [10, 10], "backgroundColor": "#f2a03d",
               "animations": [{"key": "hop", "type": "keyframe", "keyPath": "position", "duration": 3,
                               "values": [[30, 10], [38, 18], [30, 24], [30, 10]], "keyTimes": [0, 0.3, 0.7, 1],
                               "calculationMode": "cubic", "repeatCount": "infinite"}]},
              {"name": "boing", "position": [52, 10], "size": [10, 10], "backgroundColor": "#4caf50",
               "animations": [{"key": "boing", "type": "spring", "keyPath": "transform.scale", "from": 0.4, "to": 1,
                               "damping": 4, "duration": 4, "repeatCount": "infinite"}]},
              {"name": "spin", "position": [74, 10], "size": [12, 12], "backgroundColor": "#e91e63",
               "animations": [{"key": "spin", "type": "group", "duration": 6, "repeatCount": "infinite", "animations": [
                 {"type": "basic", "keyPath": "transform.rotation", "from": 0, "to": 6.2831853, "duration": 6},
                 {"type": "basic", "keyPath": "cornerRadius", "from": 0, "to": 6, "duration": 3, "beginTime": 1.5}]}]},
              {"name": "wave", "kind": "shape", "anchorPoint": [0, 0], "position": [0, 30], "size": [96, 14],
               "fillColor": "#5fb4ff99", "path": "\(wavePaths[0])",
               "animations": [{"key": "ripple", "type": "keyframe", "keyPath": "path", "duration": 1.6,
                               "repeatCount": "infinite", "values": [\(waves)]}]},
              {"name": "count", "kind": "text", "anchorPoint": [0, 0], "position": [2, 44], "size": [40, 16],
               "fontSize": 11, "numberFormat": "%d", "number": 0, "foregroundColor": "#ffffff",
               "animations": [{"key": "count", "type": "basic", "keyPath": "number", "from": 0, "to": 99,
                               "duration": 12, "repeatCount": "infinite"}]},
              {"name": "bar", "kind": "shape", "anchorPoint": [0, 0], "position": [44, 52], "size": [48, 4],
               "path": "M0 2 L48 2", "strokeColor": "#ffffff", "lineWidth": 2, "strokeEnd": 0},
              {"name": "card", "position": [70, 50], "size": [12, 8], "backgroundColor": "#3b6fd4"}
             ]}
            """
    }

    /// (offset in the period in µs, command line): applied once per period, after the frame at that time.
    static let commands: [(Int64, String)] = [
        (2_000_000, ##"{"set": "card", "values": {"opacity": 0.5, "position": [74, 52]}, "duration": 1}"##),
        (5_000_000, ##"{"add": "card", "animation": {"key": "swap", "type": "transition", "transitionType": "push", "subtype": "fromLeft", "duration": 1, "to": {"backgroundColor": "#f2a03d"}}}"##),
        (10_000_000, ##"{"progress": 0.3}"##),
        (14_000_000, ##"{"add": "card", "animation": {"key": "turn", "type": "basic", "keyPath": "transform.rotation", "to": 3.14, "duration": 2}}"##),
        (20_000_000, ##"{"remove": "hop", "key": "hop"}"##),
        (21_000_000, ##"{"start": {"layer": "hop", "key": "hop"}}"##),
        (24_000_000, ##"{"set": "card", "values": {"opacity": 1, "position": [70, 50]}, "duration": 1, "timingFunction": "easeIn"}"##),
        (28_000_000, ##"{"add": "card", "animation": {"key": "swap", "type": "transition", "transitionType": "fade", "duration": 1, "to": {"backgroundColor": "#3b6fd4"}}}"##),
        (34_000_000, ##"{"add": "boing", "animation": {"key": "kick", "type": "spring", "keyPath": "position.y", "from": 16, "to": 10, "duration": 2}}"##),
        (40_000_000, ##"{"progress": 0.8}"##),
    ]

    /// Draws the frames `frames` of `clock` with `runLoop` into `surface` (each finished as shown at its time);
    /// returns how many changed the picture. Allocation-free once every animation has run.
    static func drawFrames(_ runLoop: inout RunLoop, into surface: Surface, clock: VirtualClock,
                           frames: Range<Int64>) throws(CompositorError) -> Int {
        var changed = 0
        var frame = frames.lowerBound
        // (A while loop: iterating a Range<Int64> allocates in a debug build, through the unspecialised iterator.)
        while frame < frames.upperBound {
            let time = clock.micros(ofFrame: frame)
            if try runLoop.drawFrame(at: time, into: surface) { changed += 1 }
            runLoop.finishFrame(shownAt: time)
            frame += 1
        }
        return changed
    }

    /// One period at 4 frames a second (every animation and its caches run once), then the 60 Hz frame after it.
    static func warmUp(_ runLoop: inout RunLoop, into surface: Surface) throws -> Int64 {
        let quarters = try VirtualClock(framesPerSecond: 4)
        _ = try drawFrames(&runLoop, into: surface, clock: quarters, frames: 0 ..< periodMicros / 250_000)
        return periodMicros * 60 / 1_000_000
    }
}

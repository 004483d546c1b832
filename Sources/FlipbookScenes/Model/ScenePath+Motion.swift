/// A path as the keyframes of a keyframe animation along it (`CAKeyframeAnimation.path`, SEMANTICS §4).
public struct SceneMotionPath: Equatable, Sendable {
    /// One segment's control points: the cubic from the previous keyframe to the next.
    public struct Controls: Equatable, Sendable {
        public var first: ScenePoint
        public var second: ScenePoint
    }

    /// The keyframes: the start point, then the end point of every segment (a later `move` is reached in a
    /// straight line, a `close` returns to its subpath's start).
    public var points: [ScenePoint] = []
    /// One entry per segment (`points.count − 1`): lines at their thirds, quadratics raised to cubics.
    public var controls: [Controls] = []
    /// Whether any segment is a curve (lines only: the segments may also be eased by the cubic modes).
    public var hasCurves = false
}

extension ScenePath {
    /// The keyframes and segment curves of an animation along this path.
    public var motion: SceneMotionPath {
        var motion = SceneMotionPath()
        var subpathStart = ScenePoint.zero
        func line(to end: ScenePoint) {
            let start = motion.points[motion.points.count - 1]
            motion.controls.append(.init(first: ScenePoint(x: start.x + (end.x - start.x) / 3, y: start.y + (end.y - start.y) / 3),
                                         second: ScenePoint(x: end.x + (start.x - end.x) / 3, y: end.y + (start.y - end.y) / 3)))
            motion.points.append(end)
        }
        for command in commands {
            if motion.points.isEmpty, !command.isMove { motion.points.append(.zero) }   // parsed paths start with a move
            switch command {
            case .move(let point):
                if motion.points.isEmpty { motion.points.append(point) } else { line(to: point) }
                subpathStart = point
            case .line(let point):
                line(to: point)
            case .quad(let control, let end):
                let start = motion.points[motion.points.count - 1]
                motion.controls.append(.init(
                    first: ScenePoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
                    second: ScenePoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))))
                motion.points.append(end)
                motion.hasCurves = true
            case .cubic(let first, let second, let end):
                motion.controls.append(.init(first: first, second: second))
                motion.points.append(end)
                motion.hasCurves = true
            case .close:
                line(to: subpathStart)
            }
        }
        return motion
    }
}

extension ScenePath.Command {
    var isMove: Bool {
        if case .move = self { return true }
        return false
    }
}

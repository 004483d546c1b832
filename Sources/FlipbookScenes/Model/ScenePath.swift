/// A path from SVG path data, in absolute coordinates, with arcs already turned into cubic Béziers and the
/// shorthand commands (`H V S T`) expanded. Built at setup.
public struct ScenePath: Equatable, Sendable {
    /// One drawing command with absolute points.
    public enum Command: Equatable, Sendable {
        /// Starts a subpath at a point.
        case move(ScenePoint)
        /// A straight line to a point.
        case line(ScenePoint)
        /// A quadratic Bézier: control point, end point.
        case quad(ScenePoint, ScenePoint)
        /// A cubic Bézier: two control points, end point.
        case cubic(ScenePoint, ScenePoint, ScenePoint)
        /// Closes the current subpath with a line back to its start.
        case close

        /// The command's points in order (control points, then the end point); none for `close`.
        public var points: [ScenePoint] {
            switch self {
            case .move(let point), .line(let point): [point]
            case .quad(let control, let end): [control, end]
            case .cubic(let first, let second, let end): [first, second, end]
            case .close: []
            }
        }
    }

    /// The commands in drawing order.
    public var commands: [Command]

    /// Creates a path from commands.
    public init(commands: [Command]) {
        self.commands = commands
    }

    /// How many points the commands hold (each control point and end point counts); what the path-point limit
    /// is measured in.
    public var pointCount: Int {
        commands.reduce(0) { count, command in count + command.points.count }
    }

    /// Whether two paths have the same sequence of command kinds, so one can be interpolated into the other.
    public func hasSameStructure(as other: ScenePath) -> Bool {
        guard commands.count == other.commands.count else { return false }
        for (mine, theirs) in zip(commands, other.commands) {
            switch (mine, theirs) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }
}

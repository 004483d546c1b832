import Raster

/// A problem in SVG path data: what and where (1-based byte position in the UTF-8 text).
public struct PathDataError: Error, Equatable, Sendable {
    /// 1-based byte position of the problem.
    public var position: Int
    /// What is wrong, e.g. `unexpected 'x', expected a number`.
    public var message: String
}

extension ScenePath {
    /// Parses SVG path data with Raster's parser (which turns arcs into cubics and expands the shorthand
    /// commands) and converts the result to `Double` commands. Empty data is an error here: a shape needs
    /// something to draw. At most `pointLimit` points.
    public static func parse(svg text: String, pointLimit: Int) throws(PathDataError) -> ScenePath {
        let path: Path
        do {
            path = try SVGPathParser.parse(text, pointLimit: pointLimit)
        } catch {
            throw describe(error)
        }
        guard !path.isEmpty else { throw PathDataError(position: 1, message: "empty path data") }
        return ScenePath(converting: path)
    }

    /// The commands of a Raster path, its Q16.16 points as `Double`s.
    init(converting path: Path) {
        var commands: [Command] = []
        var pointIndex = 0
        func next() -> ScenePoint {
            let point = path.point(at: pointIndex)
            pointIndex += 1
            return ScenePoint(x: point?.x.doubleValue ?? 0, y: point?.y.doubleValue ?? 0)
        }
        for verbIndex in 0..<path.verbCount {
            switch path.verb(at: verbIndex) {
            case .move: commands.append(.move(next()))
            case .line: commands.append(.line(next()))
            case .quadratic:
                let control = next()
                commands.append(.quad(control, next()))
            case .cubic:
                let first = next()
                let second = next()
                commands.append(.cubic(first, second, next()))
            case .close: commands.append(.close)
            case nil: break
            }
        }
        self.init(commands: commands)
    }

    private static func describe(_ error: SVGPathError) -> PathDataError {
        func expectation(_ expected: SVGPathError.Expectation) -> String {
            switch expected {
            case .command: "a command letter (M L H V C S Q T A Z)"
            case .moveTo: "a moveto (M or m) first"
            case .number: "a number"
            case .flag: "an arc flag (0 or 1)"
            }
        }
        switch error {
        case .unexpectedByte(let offset, let found, let expected):
            let shown = found >= 0x21 && found < 0x7F ? "'\(Character(Unicode.Scalar(found)))'" : "byte \(found)"
            return PathDataError(position: offset + 1, message: "unexpected \(shown), expected \(expectation(expected))")
        case .unexpectedEnd(let offset, let expected):
            return PathDataError(position: offset + 1, message: "the data ends where \(expectation(expected)) was expected")
        case .numberOutOfRange(let offset):
            return PathDataError(position: offset + 1, message: "number out of range (±32768)")
        case .path(let offset, .pointLimitExceeded(let limit)):
            return PathDataError(position: offset + 1, message: "more than the limit of \(limit) points")
        case .path(let offset, let geometry):
            return PathDataError(position: offset + 1, message: "cannot be added to a path: \(geometry)")
        }
    }
}

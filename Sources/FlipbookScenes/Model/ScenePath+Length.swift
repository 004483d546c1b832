extension ScenePath {
    /// The path's arc length in pixels, across all subpaths (a `close` counts its closing line), measured by
    /// flattening each curve into 64 chords. Setup-time `Double` maths, used to place `strokeStart`/`strokeEnd`.
    public var length: Double {
        var total = 0.0
        var current = ScenePoint.zero
        var subpathStart = ScenePoint.zero
        func distance(_ a: ScenePoint, _ b: ScenePoint) -> Double {
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        for command in commands {
            switch command {
            case .move(let point):
                current = point
                subpathStart = point
            case .line(let point):
                total += distance(current, point)
                current = point
            case .quad(let control, let end):
                let first = ScenePoint(x: current.x + 2 / 3 * (control.x - current.x), y: current.y + 2 / 3 * (control.y - current.y))
                let second = ScenePoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
                total += Self.cubicLength(current, first, second, end)
                current = end
            case .cubic(let first, let second, let end):
                total += Self.cubicLength(current, first, second, end)
                current = end
            case .close:
                total += distance(current, subpathStart)
                current = subpathStart
            }
        }
        return total
    }

    private static func cubicLength(_ p0: ScenePoint, _ p1: ScenePoint, _ p2: ScenePoint, _ p3: ScenePoint) -> Double {
        var length = 0.0
        var previous = p0
        for step in 1...64 {
            let t = Double(step) / 64
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            let point = ScenePoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            length += ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y)).squareRoot()
            previous = point
        }
        return length
    }
}

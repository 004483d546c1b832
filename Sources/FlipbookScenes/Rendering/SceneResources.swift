import FixedPoint
import Flipbook
import Raster

/// Paths and images a scene hands to the engine, registered once at setup (identical paths share a handle).
final class SceneResources {
    let engine: Engine
    private var registeredPaths: [(path: ScenePath, id: PathID)] = []
    private var registeredColors: [(colors: [Color], id: GradientStopsID)] = []
    private var registeredLocations: [(locations: [Double], id: GradientStopsID)] = []

    init(engine: Engine) {
        self.engine = engine
    }

    /// The path as a Raster `Path` in Q16.16 (coordinates were validated to ±16384, well inside the range).
    static func rasterPath(_ scenePath: ScenePath, pointer: String) throws(SceneRenderError) -> Path {
        func refused(_ reason: String) -> SceneRenderError {
            .unsupported(pointer: pointer, "the path cannot be converted to Q16.16: \(reason)")
        }
        var points: [Point] = []
        do {
            for command in scenePath.commands {
                for point in command.points { points.append(Point(x: try Fixed(exactly: point.x), y: try Fixed(exactly: point.y))) }
            }
        } catch {
            throw refused("\(error)")
        }
        do {
            var path = try Path(pointLimit: max(1, points.count))
            var next = 0
            func take() -> Point {
                next += 1
                return points[next - 1]
            }
            for command in scenePath.commands {
                switch command {
                case .move: try path.move(to: take())
                case .line: try path.line(to: take())
                case .quad:
                    let control = take()
                    try path.quadratic(to: take(), control: control)
                case .cubic:
                    let first = take(), second = take()
                    try path.cubic(to: take(), control1: first, control2: second)
                case .close: try path.close()
                }
            }
            return path
        } catch {
            throw refused("\(error)")
        }
    }

    /// The engine value for a path: registers it (once) and returns its handle.
    func pathValue(_ scenePath: ScenePath, pointer: String) throws(SceneRenderError) -> PropertyValue {
        if let known = registeredPaths.first(where: { $0.path == scenePath }) { return .path(known.id) }
        let path = try Self.rasterPath(scenePath, pointer: pointer)
        let id: PathID
        do {
            id = try engine.addPath(path)
        } catch {
            throw .engine(pointer: pointer, error)
        }
        registeredPaths.append((scenePath, id))
        return .path(id)
    }

    /// The engine value for a gradient's `colors`: registers them (once) and returns their handle.
    func stopsValue(colors: [Color], pointer: String) throws(SceneRenderError) -> PropertyValue {
        if let known = registeredColors.first(where: { $0.colors == colors }) { return .stops(known.id) }
        let id = try registered(pointer) { () throws(EngineError) in try engine.addGradientStops(colors: colors) }
        registeredColors.append((colors, id))
        return .stops(id)
    }

    /// The engine value for a gradient's `locations` (already checked to be in 0 … 1 and not decreasing).
    func stopsValue(locations: [Double], pointer: String) throws(SceneRenderError) -> PropertyValue {
        if let known = registeredLocations.first(where: { $0.locations == locations }) { return .stops(known.id) }
        let fixed = Self.fixedLocations(locations)
        let id = try registered(pointer) { () throws(EngineError) in try engine.addGradientStops(locations: fixed) }
        registeredLocations.append((locations, id))
        return .stops(id)
    }

    /// Gradient locations in Q16.16 (the decoder checked each is in 0 … 1, so the rounding cannot overflow).
    static func fixedLocations(_ locations: [Double]) -> [Fixed] {
        locations.map { Fixed(raw: Int32(($0 * 65536).rounded())) }
    }

    private func registered(_ pointer: String,
                            _ add: () throws(EngineError) -> GradientStopsID) throws(SceneRenderError) -> GradientStopsID {
        do throws(EngineError) {
            return try add()
        } catch {
            throw .engine(pointer: pointer, error)
        }
    }
}

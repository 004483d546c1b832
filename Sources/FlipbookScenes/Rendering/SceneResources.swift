import FixedPoint
import Flipbook
import FlipbookSim
import Raster

/// Paths and images a scene hands to the engine, registered once at setup (identical paths share a handle).
final class SceneResources {
    let engine: Engine
    private var registeredPaths: [(path: ScenePath, id: PathID)] = []

    init(engine: Engine) {
        self.engine = engine
    }

    /// The path as a Raster `Path` in Q16.16 (coordinates were validated to ±16384, well inside the range).
    static func rasterPath(_ scenePath: ScenePath, pointer: String) throws(SceneRenderError) -> Path {
        do {
            var path = try Path(pointLimit: max(1, scenePath.pointCount))
            func point(_ point: ScenePoint) throws(FixedPointError) -> Point {
                Point(x: try Fixed(exactly: point.x), y: try Fixed(exactly: point.y))
            }
            for command in scenePath.commands {
                switch command {
                case .move(let end): try path.move(to: point(end))
                case .line(let end): try path.line(to: point(end))
                case .quad(let control, let end): try path.quadratic(to: point(end), control: point(control))
                case .cubic(let first, let second, let end):
                    try path.cubic(to: point(end), control1: point(first), control2: point(second))
                case .close: try path.close()
                }
            }
            return path
        } catch {
            throw .unsupported(pointer: pointer, "the path cannot be converted to Q16.16: \(error)")
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

    /// Reads an image layer's picture, premultiplies it into engine-owned pixels and registers it.
    func imageID(for image: ImageDescription, pointer: String) throws(SceneRenderError) -> ImageID {
        let picture: PixelImage
        do {
            picture = try SceneFile.readImage(at: image.resolvedPath)
        } catch {
            throw .unsupported(pointer: pointer, "cannot read \"\(image.fileName)\": \(error)")
        }
        let storage: SurfaceStorage
        do {
            storage = try SurfaceStorage(width: picture.width, height: picture.height, layout: .argb8888Premultiplied)
        } catch {
            throw .unsupported(pointer: pointer, "cannot hold \"\(image.fileName)\" (\(picture.width)×\(picture.height)): \(error)")
        }
        let surface = storage.surface
        for y in 0..<picture.height {
            let row = surface.rowAddress(y)
            for x in 0..<picture.width {
                let pixel = picture.pixel(x: x, y: y)
                let color = Color(red: pixel.red, green: pixel.green, blue: pixel.blue, alpha: pixel.alpha).premultiplied()
                row.storeBytes(of: surface.layout.encode(color), toByteOffset: x * 4, as: UInt32.self)
            }
        }
        do {
            return try engine.addImage(storage)
        } catch {
            throw .engine(pointer: pointer, error)
        }
    }
}

import FixedPoint
import Flipbook
import ImageCodecs
import Raster

/// Image layers' pictures. The scene decoder has already read and decoded each file (through the host's or the
/// board player's file reading); here the picture is premultiplied once into engine-owned pixels.
extension SceneResources {
    /// Premultiplies an image layer's picture into engine-owned pixels and registers it.
    func imageID(for image: ImageDescription, pointer: String) throws(SceneRenderError) -> ImageID {
        let picture = image.picture
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

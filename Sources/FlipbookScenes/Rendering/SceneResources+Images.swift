import FixedPoint
import Flipbook
#if !hasFeature(Embedded)
import FlipbookSim
import ImageCodecs
import Raster
#endif

/// Image layers' pictures. They are files (PPM, PGM, PAM), read through FlipbookSim in full Swift; the Embedded
/// build has no file system, so there an image layer is refused (its decoder already refuses the file).
extension SceneResources {
    #if !hasFeature(Embedded)
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
    #else
    /// The Embedded build reads no files: every image layer is refused, naming the picture.
    func imageID(for image: ImageDescription, pointer: String) throws(SceneRenderError) -> ImageID {
        throw .unsupported(pointer: pointer, "cannot read \"\(image.fileName)\": \(SceneDecoder.noFileSystem)")
    }
    #endif
}

import Raster

/// An 8-bit RGBA picture in memory (sRGB, straight alpha, rows top to bottom, no padding): what the simulator
/// captures from a display, what PPM/PAM files hold, and what image comparison works on. Setup and tool use.
public struct PixelImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha for each pixel.
    public var rgba: [UInt8]

    /// An image of one colour (default transparent black).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = fill.0
            pixels[index + 1] = fill.1
            pixels[index + 2] = fill.2
            pixels[index + 3] = fill.3
        }
        self.rgba = pixels
    }

    /// An image from RGBA bytes; `nil` when the byte count is not `width × height × 4`.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width >= 0, height >= 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// What a surface shows: each pixel decoded through its layout (so RGB565 surfaces give 565 colours widened
    /// to 8 bits) and composited over black, i.e. opaque.
    public init(surface: Surface) {
        var pixels = PixelImage(width: surface.width, height: surface.height, fill: (0, 0, 0, 255)).rgba
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                guard let color = surface.color(x: x, y: y) else { continue }
                let index = (y * surface.width + x) * 4
                pixels[index] = color.red
                pixels[index + 1] = color.green
                pixels[index + 2] = color.blue
            }
        }
        self.width = surface.width
        self.height = surface.height
        self.rgba = pixels
    }

    /// The pixel at (x, y) as (red, green, blue, alpha); the caller keeps (x, y) inside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * width + x) * 4
        return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
    }
}

import ImageCodecs

/// The picture file formats `render` and `demo` write: PNG (8-bit RGB, deflated) or binary PPM.
enum ImageFileFormat: String, CaseIterable {
    case png
    case ppm

    /// The format named by `--image-format`, or a failure listing the known names.
    init(option: String) throws(RenderFailure) {
        guard let format = ImageFileFormat(rawValue: option) else {
            throw RenderFailure(description: "--image-format must be png or ppm (found \"\(option)\")")
        }
        self = format
    }

    /// The format a file name's extension names (`.png` or `.ppm`, any case); any other extension is refused.
    init(path: String) throws(RenderFailure) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count > 1, let format = ImageFileFormat(rawValue: parts[parts.count - 1].lowercased()) else {
            throw RenderFailure(description: "\(path): unknown picture file extension (expected .png or .ppm)")
        }
        self = format
    }

    /// `image` encoded in this format.
    func bytes(of image: PixelImage) -> [UInt8] {
        switch self {
        case .png: image.pngBytes
        case .ppm: image.ppmBytes
        }
    }
}

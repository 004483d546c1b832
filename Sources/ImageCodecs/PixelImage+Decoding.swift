/// Reading an image file whatever its format, recognised by its first bytes (not its name): PNG (the
/// eight-byte signature), JPEG (`FF D8 FF`) and Netpbm (`P` and a digit).
extension PixelImage {
    /// Decodes PNG, JPEG or Netpbm `bytes`; anything else is ``ImageDecodingError/unsupportedFormat(magic:)``.
    /// With a `bound`, a picture larger than it is reduced (exact-area) to the size the bound keeps; JPEG and
    /// non-interlaced PNG are reduced row by row as they are decoded (``ImageDisplayBound``).
    public init(imageFile bytes: [UInt8], within bound: ImageDisplayBound? = nil) throws(ImageDecodingError) {
        if bytes.starts(with: PNGChunks.signature) {
            do { self = try PixelImage(png: bytes, within: bound) } catch { throw .png(error) }
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            do { self = try PixelImage(jpeg: bytes, within: bound) } catch { throw .jpeg(error) }
        } else if bytes.count >= 2 && bytes[0] == UInt8(ascii: "P") && (0x30...0x39).contains(bytes[1]) {
            let full: PixelImage
            do { full = try PixelImage(netpbm: bytes) } catch { throw .netpbm(error) }
            guard let bound else { self = full; return }
            do { self = try full.reduced(within: bound) } catch { throw .size(error) }
        } else {
            throw .unsupportedFormat(magic: Array(bytes.prefix(8)))
        }
    }
}

/// Why an image file could not be decoded: its format's own error, or a format that is not read at all.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first bytes match no supported format; `magic` holds up to eight of them.
    case unsupportedFormat(magic: [UInt8])
    /// A PNG file that could not be read.
    case png(PNGError)
    /// A JPEG file that could not be read.
    case jpeg(JPEGError)
    /// A Netpbm file that could not be read.
    case netpbm(NetpbmError)
    /// A picture whose size the reduction refuses.
    case size(ImageSizeError)

    /// The problem in one line, e.g. `not a supported image (it starts with 47 49 46 38 39 61 "GIF89a"; PNG,
    /// JPEG and Netpbm are read)`.
    public var description: String {
        switch self {
        case .unsupportedFormat(let magic):
            var hexBytes: [UInt8] = []
            var text: [UInt8] = []
            for byte in magic {
                if !hexBytes.isEmpty { hexBytes.append(0x20) }
                hexBytes += HexDigits.of(UInt32(byte), count: 2)
                text.append((0x20..<0x7F).contains(byte) && byte != 0x22 ? byte : UInt8(ascii: "."))
            }
            let shown = magic.isEmpty ? "the file is empty"
                : "it starts with \(String(decoding: hexBytes, as: UTF8.self)) \"\(String(decoding: text, as: UTF8.self))\""
            return "not a supported image (\(shown); PNG, JPEG and Netpbm are read)"
        case .png(let error): return "PNG: \(error.message)"
        case .jpeg(let error): return error.description
        case .netpbm(let error): return error.message
        case .size(let error): return error.message
        }
    }
}

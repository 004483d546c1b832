import ImageCodecs

/// Netpbm reading (P3, P5, P6, P7): a refused file is a `NetpbmError` with a message; an accepted one written
/// back as PAM (`pamBytes`) reads back as the same picture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let image: PixelImage
    do {
        image = try PixelImage(netpbm: bytes)
    } catch {
        precondition(!error.message.isEmpty, "a refusal without a message")
        return 0
    }
    precondition(image.width >= 1 && image.height >= 1, "accepted an empty image")
    precondition(image.rgba.count == image.width * image.height * 4, "pixel count disagrees with the size")
    let again: PixelImage
    do {
        again = try PixelImage(netpbm: image.pamBytes)
    } catch {
        preconditionFailure("its own PAM is refused: \(error)")
    }
    precondition(again == image, "the PAM round trip changed the picture")
    return 0
}

import ImageCodecs

/// libFuzzer target for `PixelImage(png:)`: every refusal is a `PNGError` (the typed throw guarantees it; a
/// trap or out-of-bounds access is a crash); an accepted image holds width × height × 4 bytes, and writing it
/// with `pngBytes` and reading that back gives the same pixels.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Small limits keep each run fast; the expansion check still applies to the data present.
    let limits = PNGLimits(maximumSide: 4096, maximumPixels: 1 << 20)
    let image: PixelImage
    do {
        image = try PixelImage(png: bytes, limits: limits)
    } catch {
        precondition(!error.message.isEmpty, "a refusal without a message")
        return 0
    }
    precondition(image.rgba.count == image.width * image.height * 4, "RGBA size does not match the dimensions")
    do {
        let again = try PixelImage(png: image.pngBytes, limits: limits)
        precondition(again == image, "pngBytes does not round-trip")
    } catch {
        preconditionFailure("pngBytes of a decoded image is refused: \(error.message)")
    }
    return 0
}

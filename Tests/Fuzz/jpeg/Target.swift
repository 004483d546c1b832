import ImageCodecs

/// libFuzzer target for `PixelImage(jpeg:limits:)`: any input either decodes to a picture whose byte count is
/// width × height × 4, opaque, within the limits, or is refused with a `JPEGError` (typed throws) whose offset
/// lies inside the input and whose text names the problem. An accepted input is decoded again at a scale picked
/// by its length (`JPEGScale`), which must succeed with the full picture's sides scaled and rounded up.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let limits = JPEGDecodingLimits(maximumSide: 2048, maximumPixelCount: 1 << 20)
    do {
        let image = try PixelImage(jpeg: bytes, limits: limits)
        precondition(image.width > 0 && image.height > 0, "accepted an empty picture")
        precondition(image.width * image.height <= limits.maximumPixelCount, "accepted a picture over the limits")
        precondition(image.rgba.count == image.width * image.height * 4, "picture bytes do not match its size")
        for index in stride(from: 3, to: image.rgba.count, by: 4) {
            precondition(image.rgba[index] == 255, "a decoded JPEG pixel is not opaque")
        }
        let scale = JPEGScale.allCases[size % JPEGScale.allCases.count]
        let scaled = try PixelImage(jpeg: bytes, limits: limits, scale: scale)
        precondition(scaled.width == scale.scaled(image.width) && scaled.height == scale.scaled(image.height),
                     "a scaled decode does not have the scaled size")
        precondition(scaled.rgba.count == scaled.width * scaled.height * 4, "scaled picture bytes do not match its size")
    } catch {
        precondition(error.offset >= 0 && error.offset <= bytes.count, "error offset outside the input")
        precondition(!error.message.isEmpty && error.description.hasPrefix("JPEG "), "error without a message")
    }
    return 0
}

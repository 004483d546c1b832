import ImageCodecs

/// libFuzzer target for `ZLib.decompress` on its own (PNG's chunk CRCs keep most mutations away from the
/// inflater): the first two bytes give the expected size (0…65535), the rest is the zlib stream. A refusal is an
/// `InflateError` with a message; an accepted stream gives exactly the expected bytes, and storing them as a
/// PNG and reading it back (through the inflater again) round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard bytes.count >= 2 else { return 0 }
    let expected = Int(bytes[0]) << 8 | Int(bytes[1])
    let output: [UInt8]
    do {
        output = try ZLib.decompress(Array(bytes[2...]), expectedCount: expected)
    } catch {
        precondition(!error.description.isEmpty, "a refusal without a message")
        return 0
    }
    precondition(output.count == expected, "decompressed size differs from the expected one")
    let padded = output + [UInt8](repeating: 0, count: (4 - output.count % 4) % 4)
    guard let image = PixelImage(width: padded.count / 4, height: 1, rgba: padded), image.width > 0 else { return 0 }
    do {
        let again = try PixelImage(png: image.pngBytes)
        precondition(again == image, "pngBytes does not round-trip")
    } catch {
        preconditionFailure("pngBytes is refused: \(error.message)")
    }
    return 0
}

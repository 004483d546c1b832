import CPeers
import Glibc
import ImageCodecs

/// decode_* workloads (issue 16, "Speed"): decoding a 1920×1080 photo-like picture to 8-bit RGBA, PNG and JPEG,
/// by ImageCodecs and by libpng / libjpeg-turbo in the same run. The files are made here, deterministically, by
/// the peers' own encoders (PNG: libpng's defaults, zlib level 6 and adaptive filters; JPEG: quality 85,
/// baseline 4:2:0), from gradients plus pseudo-random noise. The `× memset` column divides by a memset of the
/// RGBA result; compare the rows of one workload for the ratio to the library.
func runDecodeWorkloads(_ harness: BenchHarness) {
    guard harness.selectsAny(of: "decode_") else { return }
    let width = 1920, height = 1080
    let rgb = decodeBenchPicture(width: width, height: height)
    let rgbaBytes = width * height * 4
    var output = [UInt8](repeating: 0, count: rgbaBytes)

    if harness.selects("decode_png") {
        var encoded: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard peer_png_encode_rgb(rgb, Int32(width), Int32(height), &encoded, &size) == 0, let encoded else {
            print("# decode_png: libpng could not write the test file")
            return
        }
        let file = Array(UnsafeBufferPointer(start: encoded, count: size))
        free(encoded)
        compareDecoders(harness, workload: "decode_png", format: "rgb8", library: "libpng", file: file,
                        expectedBytes: rgbaBytes, ours: { try? PixelImage(png: $0) },
                        peer: { peer_png_decode_rgba($0, $0.count, &output) == 0 })
    }
    if harness.selects("decode_jpeg") {
        var encoded: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        guard peer_jpeg_encode_rgb(rgb, Int32(width), Int32(height), 85, &encoded, &size) == 0, let encoded else {
            print("# decode_jpeg: libjpeg could not write the test file")
            return
        }
        let file = Array(UnsafeBufferPointer(start: encoded, count: Int(size)))
        free(encoded)
        compareDecoders(harness, workload: "decode_jpeg", format: "q85-420", library: "libjpeg-turbo", file: file,
                        expectedBytes: rgbaBytes, ours: { try? PixelImage(jpeg: $0) },
                        peer: { peer_jpeg_decode_rgba($0, UInt($0.count), &output) == 0 })
    }
}

/// Times our decoder and the library's on the same 1920×1080 `file` (7 samples after a warm-up each), reports
/// both rows and their ratio. Either decoder failing is fatal: a benchmark of an error path would mislead.
private func compareDecoders(_ harness: BenchHarness, workload: String, format: String, library: String, file: [UInt8],
                             expectedBytes: Int, ours decodeOurs: ([UInt8]) -> PixelImage?,
                             peer decodePeer: ([UInt8]) -> Bool) {
    let ours = harness.cycles(samples: 7, warmup: 1) {
        guard let image = decodeOurs(file), image.rgba.count == expectedBytes else { fatalError(workload) }
    }
    harness.report(workload: workload, size: "1920x1080", format: format, impl: "flipbook", counts: ours,
                   frameBytes: expectedBytes)
    let peer = harness.cycles(samples: 7, warmup: 1) {
        guard decodePeer(file) else { fatalError("\(workload) \(library)") }
    }
    harness.report(workload: workload, size: "1920x1080", format: format, impl: library, counts: peer,
                   frameBytes: expectedBytes)
    printRatio(workload, ours, peer, library, fileBytes: file.count)
}

/// One comment line: our median time over the library's (not under callgrind, where medians are region numbers).
private func printRatio(_ workload: String, _ ours: (min: UInt64, median: UInt64), _ peer: (min: UInt64, median: UInt64),
                        _ library: String, fileBytes: Int) {
    guard peer.median > 0, ours.min > 0 else { return }
    print("# \(workload): flipbook / \(library) = \(formatted(Double(ours.median) / Double(peer.median), digits: 2)) "
        + "(median; \(fileBytes) bytes of file)")
}

/// A photo-like RGB picture: smooth gradients with a horizon, plus ±12 of noise from a fixed LCG.
private func decodeBenchPicture(width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var state: UInt32 = 16
    for y in 0..<height {
        for x in 0..<width {
            let sky = y * 20 < height * 11 + (x % 97) - 48
            let base = sky ? (90 + y / 8, 150 + y / 16, 230) : (60 + x / 16, 120 - y / 32, 40 + (x ^ y) % 32)
            let index = (y * width + x) * 3
            for (channel, value) in [base.0, base.1, base.2].enumerated() {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 27) - 12  // 0…31 → −12…19, skewed like film grain
                pixels[index + channel] = UInt8(clamping: value + noise)
            }
        }
    }
    return pixels
}

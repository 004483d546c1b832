import Foundation
import ImageCodecs
import Raster
import Testing

/// The PNG writer against an independent reader: Pillow (tools/reference/read_png_with_pillow.py) decodes each
/// file, and its pixel hash must equal the hash of the pixels written; our own decoder must round-trip them.
@Suite struct PNGWritingTests {
    /// Pictures of several sizes: smooth gradients (long matches), noise (literals), flat areas (runs).
    static func picture(width: Int, height: Int, opaque: Bool, seed: UInt32) -> PixelImage {
        var state = seed
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = UInt8(truncatingIfNeeded: state >> 24)
                let flat = (x / 16 + y / 16) % 3 == 0
                rgba += [UInt8(truncatingIfNeeded: x * 3), flat ? 40 : noise, UInt8(truncatingIfNeeded: y * 5 + x),
                         opaque ? 255 : UInt8(truncatingIfNeeded: x + y * 7)]
            }
        }
        return PixelImage(width: width, height: height, rgba: rgba)!
    }

    /// FNV-1a (64-bit) of the frames' RGB (opaque) or RGBA bytes in order, as the Pillow script hashes them.
    static func hash(of frames: [PixelImage], channels: Int) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for image in frames {
            for index in 0..<image.rgba.count where index % 4 < channels {
                value = (value ^ UInt64(image.rgba[index])) &* 0x100_0000_01B3
            }
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Pillow's line for each file: mode, width, height, pixel hash, frame count, durations.
    static func pillowLines(_ files: [[UInt8]]) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("png-writing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, bytes) in files.enumerated() {
            let url = directory.appendingPathComponent("\(index).png")
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("tools/reference/read_png_with_pillow.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    static let sizes = [(1, 1), (2, 1), (7, 3), (33, 17), (64, 64), (301, 97)]

    @Test func pillowReadsTheExactPixels() throws {
        var pictures: [PixelImage] = []
        for (index, (width, height)) in Self.sizes.enumerated() {
            for opaque in [true, false] {
                pictures.append(Self.picture(width: width, height: height, opaque: opaque, seed: UInt32(index)))
            }
        }
        let lines = try Self.pillowLines(pictures.map(\.pngBytes))
        #expect(lines.count == pictures.count)
        for (picture, line) in zip(pictures, lines) {
            let opaque = picture.rgba.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }
            let mode = opaque ? "RGB" : "RGBA"
            #expect(line == "\(mode) \(picture.width) \(picture.height) \(Self.hash(of: [picture], channels: opaque ? 3 : 4)) 1 0")
        }
    }

    @Test func ourDecoderRoundTrips() throws {
        for (index, (width, height)) in Self.sizes.enumerated() {
            for opaque in [true, false] {
                let picture = Self.picture(width: width, height: height, opaque: opaque, seed: UInt32(index + 10))
                #expect(try PixelImage(png: picture.pngBytes) == picture)
            }
        }
    }

    /// Surfaces of both display formats, captured (RGB565 widened to 8 bits) and written as 8-bit RGB.
    @Test(arguments: ["xrgb8888", "rgb565"])
    func surfacesOfBothFormats(name: String) throws {
        let layout: PixelLayout = name == "rgb565" ? .rgb565 : .xrgb8888
        let width = 45, height = 23, stride = width * layout.bytesPerPixel
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 4)
        defer { memory.deallocate() }
        for offset in 0..<(stride * height) { memory.storeBytes(of: UInt8(truncatingIfNeeded: offset * 29 + offset / 7), toByteOffset: offset, as: UInt8.self) }
        let surface = try Surface(baseAddress: memory, width: width, height: height, strideBytes: stride, layout: layout)
        let capture = PixelImage(surface: surface)
        let lines = try Self.pillowLines([capture.pngBytes])
        #expect(lines == ["RGB \(width) \(height) \(Self.hash(of: [capture], channels: 3)) 1 0"])
        #expect(try PixelImage(png: capture.pngBytes) == capture)
    }

    /// LZ77 matches make smooth and repeated pictures much smaller than the raw rows (a stored or literal-only
    /// stream would be at least as large as them).
    @Test func compressesRepeatedContent() {
        var rgba: [UInt8] = []
        for y in 0..<120 { for x in 0..<160 { rgba += [UInt8((x % 20) * 12), UInt8((y % 10) * 25), 90, 255] } }
        let tiles = PixelImage(width: 160, height: 120, rgba: rgba)!
        #expect(tiles.pngBytes.count < 160 * 120 * 3 / 20)
        let flat = PixelImage(width: 320, height: 240, fill: (30, 60, 90, 255))
        // A flat picture is runs of 258-byte matches, 13 bits each in the fixed code (length code 285 and a
        // distance code): at least 320 × 240 × 3 / 258 × 13 / 8 ≈ 1453 bytes, under 1 % of the raw rows.
        #expect(flat.pngBytes.count < 320 * 240 * 3 / 100)
    }
}

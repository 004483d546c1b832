import ImageCodecs
import Testing

/// The animated PNG writer against Pillow's APNG reader (tools/reference/read_png_with_pillow.py composes each
/// frame onto the canvas as APNG §4 says): every frame's pixels and display time must come back exactly.
@Suite struct AnimatedPNGWritingTests {
    /// A background (a gradient, or translucent) with a square at `position`.
    static func frame(position: Int, opaque: Bool) -> PixelImage {
        var image = PNGWritingTests.picture(width: 61, height: 37, opaque: opaque, seed: 7)
        for y in 10..<(10 + 9) {
            for x in position..<(position + 9) {
                let offset = (y * image.width + x) * 4
                image.rgba.replaceSubrange(offset..<(offset + 4), with: [250, 20, UInt8(x * 4), opaque ? 255 : 200])
            }
        }
        return image
    }

    @Test(arguments: [true, false])
    func pillowReadsEveryFrame(opaque: Bool) throws {
        // Frames 2–4 are one run (shown 3 × 40 ms); the square moves between the others.
        let frames = [0, 5, 11, 11, 11, 40, 52].map { Self.frame(position: $0, opaque: opaque) }
        let file = try PixelImage.animatedPNGBytes(frames: frames, framesPerSecond: 25)
        let shown = [frames[0], frames[1], frames[2], frames[5], frames[6]]
        let mode = opaque ? "RGB" : "RGBA"
        let hash = PNGWritingTests.hash(of: shown, channels: opaque ? 3 : 4)
        #expect(try PNGWritingTests.pillowLines([file]) == ["\(mode) 61 37 \(hash) 5 40,40,120,40,40"])
        // Readers without APNG show the first frame: the default image.
        #expect(try PixelImage(png: file) == frames[0])
        // Later frames hold only the moved square's rectangle.
        #expect(file.count < 2 * frames[0].pngBytes.count)
    }

    @Test func oneFrameIsAStillWithOneFrame() throws {
        let still = Self.frame(position: 3, opaque: true)
        let file = try PixelImage.animatedPNGBytes(frames: [still], framesPerSecond: 1)
        #expect(try PNGWritingTests.pillowLines([file]) == ["RGB 61 37 \(PNGWritingTests.hash(of: [still], channels: 3)) 1 1000"])
    }

    @Test func badFramesAreRefused() {
        let small = PixelImage(width: 4, height: 3, fill: (1, 2, 3, 255))
        let other = PixelImage(width: 3, height: 4, fill: (1, 2, 3, 255))
        #expect(throws: AnimatedPNGError.noFrames) { try PixelImage.animatedPNGBytes(frames: [], framesPerSecond: 30) }
        #expect(throws: AnimatedPNGError.frameSizeDiffers(frame: 2, width: 3, height: 4, expectedWidth: 4, expectedHeight: 3)) {
            try PixelImage.animatedPNGBytes(frames: [small, small, other], framesPerSecond: 30)
        }
        #expect(throws: AnimatedPNGError.framesPerSecondOutOfRange(0)) {
            try PixelImage.animatedPNGBytes(frames: [small], framesPerSecond: 0)
        }
        #expect(throws: AnimatedPNGError.framesPerSecondOutOfRange(65_536)) {
            try PixelImage.animatedPNGBytes(frames: [small], framesPerSecond: 65_536)
        }
        #expect(throws: AnimatedPNGError.emptyFrames(width: 0, height: 3)) {
            try PixelImage.animatedPNGBytes(frames: [PixelImage(width: 0, height: 3)], framesPerSecond: 30)
        }
    }
}

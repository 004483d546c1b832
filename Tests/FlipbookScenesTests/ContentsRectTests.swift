import FlipbookSim
import FlipbookScenes
import ImageCodecs
import Raster
import Testing

/// `contentsRect` against the sprite sheet's own pixels: at one image pixel per canvas pixel each frame shows
/// exactly one sprite, nothing of its neighbours, and beyond the image the edge pixels repeat (Core Animation).
@Suite struct ContentsRectTests {
    /// Four opaque 6 × 5 sprites side by side, each pixel a colour of its own.
    static let sheet: PixelImage = {
        var rgba: [UInt8] = []
        for y in 0..<5 {
            for x in 0..<24 { rgba += [UInt8(x * 10), UInt8(y * 40 + 20), UInt8((x / 6) * 60 + 10), 255] }
        }
        return PixelImage(width: 24, height: 5, rgba: rgba)!
    }()

    static func render(_ scene: String, at times: [Int64]) throws -> [PixelImage] {
        let directory = "/tmp/flipbook-contents-rect-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(directory)
        try FileSystem.write(sheet.pngBytes, to: directory + "/sheet.png")
        let second = PixelImage(width: 6, height: 5, rgba: crop(sheet, x: 6, y: 0, width: 6, height: 5))!
        try FileSystem.write(second.pngBytes, to: directory + "/second.png")
        try FileSystem.write(Array(scene.utf8), to: directory + "/scene.json")
        let loaded = try SceneFile.load(path: directory + "/scene.json")
        let renderer = try SceneRenderer(scene: loaded, width: loaded.width, height: loaded.height, layout: .xrgb8888)
        return try times.map { micros in
            try renderer.render(atMicros: micros)
            return renderer.capture()
        }
    }

    /// The `width × height` pixels of `image` at (`x`, `y`).
    static func crop(_ image: PixelImage, x: Int, y: Int, width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            pixels += image.rgba[start..<(start + width * 4)]
        }
        return pixels
    }

    @Test func discreteKeyframesWalkTheSheet() throws {
        let frames = try Self.render(#"""
            { "flipbook": 1, "size": [10, 9], "background": "#000000",
              "layers": [ { "kind": "image", "image": "sheet.png", "position": [5, 4.5], "size": [6, 5],
                "contentsRect": [0, 0, 0.25, 1],
                "animations": [ { "type": "keyframe", "keyPath": "contentsRect", "calculationMode": "discrete",
                  "values": [[0, 0, 0.25, 1], [0.25, 0, 0.25, 1], [0.5, 0, 0.25, 1], [0.75, 0, 0.25, 1]],
                  "duration": 0.4, "repeatCount": 1 } ] } ] }
            """#, at: [50_000, 150_000, 250_000, 350_000, 500_000])
        for (index, frame) in frames.enumerated() {
            let sprite = index < 4 ? index : 0  // after the animation: the model value, the first sprite
            #expect(Self.crop(frame, x: 2, y: 2, width: 6, height: 5)
                    == Self.crop(Self.sheet, x: sprite * 6, y: 0, width: 6, height: 5), "frame \(index)")
            #expect(Self.crop(frame, x: 0, y: 0, width: 10, height: 2).allSatisfy { $0 == 0 || $0 == 255 })
        }
    }

    /// A rectangle reaching one sprite-width past the sheet's right edge: the last column repeats.
    @Test func edgePixelsRepeatBeyondTheImage() throws {
        let frames = try Self.render(#"""
            { "flipbook": 1, "size": [12, 5], "background": "#000000",
              "layers": [ { "kind": "image", "image": "sheet.png", "position": [6, 2.5], "size": [12, 5],
                "contentsRect": [0.75, 0, 0.5, 1] } ] }
            """#, at: [0])
        let frame = frames[0]
        #expect(Self.crop(frame, x: 0, y: 0, width: 6, height: 5) == Self.crop(Self.sheet, x: 18, y: 0, width: 6, height: 5))
        for x in 6..<12 {
            #expect(Self.crop(frame, x: x, y: 0, width: 1, height: 5) == Self.crop(Self.sheet, x: 23, y: 0, width: 1, height: 5))
        }
    }

    /// Magnified 2.5 × and rotated, the second sprite blends nothing of the first or third: it equals the
    /// same sprite cut out into a file of its own and drawn the same way.
    @Test func scaledSpritesDoNotBleed() throws {
        let layer = #""kind": "image", "position": [10, 9], "size": [15, 12.5], "transform": { "rotation": 0.3 }"#
        let cut = try Self.render(#"""
            { "flipbook": 1, "size": [20, 18], "background": "#000000",
              "layers": [ { \#(layer), "image": "sheet.png", "contentsRect": [0.25, 0, 0.25, 1] } ] }
            """#, at: [0])
        let whole = try Self.render(#"""
            { "flipbook": 1, "size": [20, 18], "background": "#000000",
              "layers": [ { \#(layer), "image": "second.png" } ] }
            """#, at: [0])
        #expect(cut == whole)
    }
}

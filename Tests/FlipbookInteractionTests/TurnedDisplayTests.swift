import FixedPoint
import Flipbook
import FlipbookInput
import FlipbookScenes
import ImageCodecs
import Raster
import Testing

/// `play --rotate` and `--fit`: the scene drawn through the engine's display transform equals the upright
/// frame turned and placed by plain pixel copies made here (a reference independent of the transform code),
/// under the same replayed touches (given in scene points, hit-tested on the turned picture).
@Suite struct TurnedDisplayTests {
    /// `image` turned clockwise by `quarterTurns` quarter turns, pixel by pixel.
    static func turned(_ image: PixelImage, quarterTurns: Int) -> PixelImage {
        var current = image
        for _ in 0 ..< quarterTurns {
            var next = PixelImage(width: current.height, height: current.width)
            for y in 0 ..< current.height {
                for x in 0 ..< current.width {
                    let from = (y * current.width + x) * 4, to = (x * next.width + (next.width - 1 - y)) * 4
                    for channel in 0 ..< 4 { next.rgba[to + channel] = current.rgba[from + channel] }
                }
            }
            current = next
        }
        return current
    }

    /// `image` on a `width` × `height` canvas of its top-left pixel's colour (the scene's background), at
    /// (`x`, `y`).
    static func padded(_ image: PixelImage, width: Int, height: Int, x: Int, y: Int) -> PixelImage {
        let fill = (image.rgba[0], image.rgba[1], image.rgba[2], image.rgba[3])
        var canvas = PixelImage(width: width, height: height, fill: fill)
        for row in 0 ..< image.height {
            for column in 0 ..< image.width {
                let from = (row * image.width + column) * 4, to = ((row + y) * width + column + x) * 4
                for channel in 0 ..< 4 { canvas.rgba[to + channel] = image.rgba[from + channel] }
            }
        }
        return canvas
    }

    /// Pixels that differ, and the largest channel difference.
    static func difference(_ a: PixelImage, _ b: PixelImage) -> (pixels: Int, largest: Int) {
        var pixels = 0, largest = 0
        for pixel in 0 ..< a.width * a.height {
            var worst = 0
            for channel in 0 ..< 4 { worst = max(worst, abs(Int(a.rgba[pixel * 4 + channel]) - Int(b.rgba[pixel * 4 + channel]))) }
            if worst > 0 { pixels += 1 }
            largest = max(largest, worst)
        }
        return (pixels, largest)
    }

    static let cardStills: [Int64] = [400_000, 700_000, 1_300_000, 1_600_000]

    /// The most a turned frame may differ from the upright one turned: one level in antialiased edge pixels,
    /// fewer than 0.1 % of them (77 of 76,800). Positions are exact (quarter-turn matrices, whole-pixel
    /// offsets); the rasterizer accumulates coverage along rows, so an edge's partial coverage is rounded a
    /// little differently once it runs across the rows instead of along them. Everything else is equal.
    static func isTurnedUpright(_ difference: (pixels: Int, largest: Int)) -> Bool {
        difference.largest <= 1 && difference.pixels < 77
    }

    /// The card dragged open and flung shut, turned 90°, 180° and 270°: every still and the last frame equal
    /// the upright run's turned (`isTurnedUpright`); with no drag, upright layers on whole pixels, exactly.
    @Test(arguments: [90, 180, 270])
    func theTurnedCardDemoIsTheUprightOneTurned(degrees: Int) throws {
        let upright = try ReplayedScene(scene: "card-fling.json", script: "scripts/card-fling-input.json")
            .play(fps: 60, end: 3_000_000, stills: Self.cardStills)
        let sideways = degrees != 180
        let placement = try DisplayPlacement(panelWidth: sideways ? 240 : 320, panelHeight: sideways ? 320 : 240,
                                             sceneWidth: 320, sceneHeight: 240, rotation: try DisplayRotation(degrees: degrees))
        let turned = try ReplayedScene(scene: "card-fling.json", script: "scripts/card-fling-input.json", placement: placement)
            .play(fps: 60, end: 3_000_000, stills: Self.cardStills)
        #expect(turned.stills.count == upright.stills.count)
        for (index, still) in (turned.stills + [turned.last]).enumerated() {
            let difference = Self.difference(still, Self.turned((upright.stills + [upright.last])[index], quarterTurns: degrees / 90))
            #expect(Self.isTurnedUpright(difference), "still \(index) at \(degrees)°: \(difference)")
        }
        let still = try ReplayedScene(scene: "card-fling.json", script: nil).play(fps: 60, end: 0, stills: []).last
        let turnedStill = try ReplayedScene(scene: "card-fling.json", script: nil, placement: placement).play(fps: 60, end: 0, stills: []).last
        #expect(Self.difference(turnedStill, Self.turned(still, quarterTurns: degrees / 90)).pixels == 0)
        // The drag moved the card (the touches landed on it), so the comparison is not of two still scenes.
        #expect(Self.difference(upright.stills[1], upright.stills[0]).pixels > 0)
    }

    /// The like button tapped (a curved heart, a burst), turned: equal to the upright frames turned.
    @Test(arguments: [90, 270])
    func theTurnedLikeDemoIsTheUprightOneTurned(degrees: Int) throws {
        let stills: [Int64] = [400_000, 600_000, 900_000]
        let upright = try ReplayedScene(scene: "like-tap.json", script: "scripts/like-tap-input.json")
            .play(fps: 60, end: 2_000_000, stills: stills)
        let placement = try DisplayPlacement(panelWidth: 240, panelHeight: 320, sceneWidth: 320, sceneHeight: 240,
                                             rotation: try DisplayRotation(degrees: degrees))
        let turned = try ReplayedScene(scene: "like-tap.json", script: "scripts/like-tap-input.json", placement: placement)
            .play(fps: 60, end: 2_000_000, stills: stills)
        for (index, still) in (turned.stills + [turned.last]).enumerated() {
            let reference = Self.turned((upright.stills + [upright.last])[index], quarterTurns: degrees / 90)
            let difference = Self.difference(still, reference)
            #expect(Self.isTurnedUpright(difference), "still \(index) at \(degrees)°: \(difference)")
        }
        // The tap's burst is in the turned frames too: they differ from the untouched first frame.
        #expect(Self.difference(turned.stills[1], turned.stills[0]).pixels > 0)
    }

    /// `--fit contain` on wider (and, turned, taller) panels: the scene at 1:1 between bars of its
    /// background, centred on whole pixels (the root masks to the scene's rectangle).
    @Test(arguments: [0, 90])
    func containLetterboxesTheSceneExactly(degrees: Int) throws {
        let upright = try ReplayedScene(scene: "card-fling.json", script: "scripts/card-fling-input.json")
            .play(fps: 60, end: 3_000_000, stills: Self.cardStills)
        let sideways = degrees == 90
        // 401 × 240: the 81 spare columns give a 40-pixel bar on the left and 41 on the right.
        let placement = try DisplayPlacement(panelWidth: sideways ? 240 : 401, panelHeight: sideways ? 401 : 240,
                                             sceneWidth: 320, sceneHeight: 240, rotation: try DisplayRotation(degrees: degrees),
                                             fit: .contain)
        #expect(placement.leavesBars)
        let fitted = try ReplayedScene(scene: "card-fling.json", script: "scripts/card-fling-input.json", placement: placement)
            .play(fps: 60, end: 3_000_000, stills: Self.cardStills)
        for (index, still) in (fitted.stills + [fitted.last]).enumerated() {
            let reference = Self.turned(Self.padded((upright.stills + [upright.last])[index], width: 401, height: 240, x: 40, y: 0),
                                        quarterTurns: degrees / 90)
            let difference = Self.difference(still, reference)
            // Upright the bars only shift the picture by whole pixels: exactly equal.
            #expect(degrees == 0 ? difference.pixels == 0 : Self.isTurnedUpright(difference), "still \(index) at \(degrees)°: \(difference)")
        }
    }

    /// Hit testing on the turned and scaled canvas: the card's canvas position, worked out here from the
    /// turn and the scale, hits the card; where the card would be upright hits something else.
    @Test func touchesLandOnTheTurnedAndScaledLayer() throws {
        // A 480 × 640 panel turned 90° holds the 320 × 240 scene at scale 2 (contain), centred vertically.
        let placement = try DisplayPlacement(panelWidth: 480, panelHeight: 640, sceneWidth: 320, sceneHeight: 240,
                                             rotation: .quarter, fit: .contain)
        let scene = try ReplayedScene(scene: "card-fling.json", script: nil, placement: placement)
        scene.settle(at: 0)
        let card = try scene.loaded.layers.layer("card")
        // Scene (40, 60), inside the card (30 … 130 × 50 … 190): turned → (240 − 60, 40), × 2, then 0 and
        // (640 − 640) / 2 = 0 offsets.
        let canvas = Point(x: Fixed(2 * (240 - 60)), y: Fixed(2 * 40))
        #expect(scene.loaded.engine.presentation.hitTest(canvas) == card)
        #expect(scene.loaded.engine.presentation.hitTest(Point(x: Fixed(40), y: Fixed(60))) != card)
        // The inverse used for devices brings the canvas point back to the scene point.
        let back = placement.scenePoint(panelX: Int64(canvas.x.raw), panelY: Int64(canvas.y.raw))
        #expect(back.x == Fixed(40) && back.y == Fixed(60))
    }

    /// A display transform without an inverse (touches could not be mapped back) is refused as such, with
    /// its determinant; the engine keeps the one it had.
    @Test func aSingularDisplayTransformIsRefusedAsNotInvertible() throws {
        let scene = try ReplayedScene(scene: "card-fling.json", script: nil)
        let flat = Affine(a: Fixed(1), b: Fixed(2), c: Fixed(2), d: Fixed(4), tx: .zero, ty: .zero)
        #expect(throws: EngineError.invalidValue(layer: nil, field: "displayTransform", value: 0, reason: .notInvertible)) {
            try scene.loaded.engine.setDisplayTransform(flat)
        }
        #expect(scene.loaded.engine.displayTransform == .identity)
    }

    @Test func unplaceableFitsAreRefusedByName() {
        // Covering a 16 384 × 1 panel with a 1 × 16 384 scene would put its far edge 2^28 pixels away.
        #expect(throws: DisplayPlacementError.invalidSize(field: "placedScene", value: 268_435_456)) {
            try DisplayPlacement(panelWidth: 16_384, panelHeight: 1, sceneWidth: 1, sceneHeight: 16_384, fit: .cover)
        }
        #expect(throws: DisplayPlacementError.invalidSize(field: "panelWidth", value: 0)) {
            try DisplayPlacement(panelWidth: 0, panelHeight: 1, sceneWidth: 1, sceneHeight: 1)
        }
    }
}

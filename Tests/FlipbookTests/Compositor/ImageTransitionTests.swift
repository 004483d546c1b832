import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

/// A transition whose new content is another picture (seed 000's `UIImage imageNamed:` swapped inside a
/// transition): mid-transition the outgoing side still shows the old picture, checked pixel by pixel
/// against a Double model of the two pictures; afterwards only the new one.
@Suite struct ImageTransitionTests {
    static let width = 32, height = 16

    /// The old picture: red rises along x, green along y.
    static func oldColor(_ x: Int, _ y: Int) -> (Double, Double, Double) { (Double(8 * x), Double(16 * y), 200) }
    /// The new picture: red falls along x, blue rises along y.
    static func newColor(_ x: Int, _ y: Int) -> (Double, Double, Double) { (Double(250 - 7 * x), 60, Double(15 * y)) }

    static func picture(in engine: Engine, _ color: (Int, Int) -> (Double, Double, Double)) throws -> ImageID {
        try picture(in: engine, width: width, height: height, color)
    }

    /// A `width × height` opaque picture of `color(x, y)`, registered with `engine`.
    static func picture(in engine: Engine, width: Int, height: Int,
                        _ color: (Int, Int) -> (Double, Double, Double)) throws -> ImageID {
        let storage = try SurfaceStorage(width: width, height: height, layout: .argb8888Premultiplied)
        let surface = storage.surface
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = color(x, y)
                let pixel = Color(red: UInt8(red), green: UInt8(green), blue: UInt8(blue), alpha: 255).premultiplied()
                surface.rowAddress(y).storeBytes(of: surface.layout.encode(pixel), toByteOffset: x * 4, as: UInt32.self)
            }
        }
        return try engine.addImage(storage)
    }

    /// A 64 × 32 canvas with a 32 × 16 image layer at canvas (16, 8) showing the old picture, and the new
    /// picture registered.
    static func makeEngine() throws -> (Engine, LayerID, old: ImageID, new: ImageID) {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 64, canvasHeight: 32, layerCapacity: 8))
        let old = try picture(in: engine, oldColor), new = try picture(in: engine, newColor)
        let layer = try engine.createLayer(kind: .image)
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: Double(width), height: Double(height)), for: .bounds, of: layer)
        try engine.setValue(.pair(32, 16), for: .position, of: layer)
        try engine.setImage(old, of: layer)
        return (engine, layer, old, new)
    }

    static func rgb(_ harness: borrowing CompositorHarness, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let value = harness.surface.pixel(x: x, y: y)!
        return (Int(value >> 16 & 255), Int(value >> 8 & 255), Int(value & 255))
    }

    /// Whether the canvas pixel matches the model colour within `tolerance` per channel.
    static func matches(_ got: (Int, Int, Int), _ want: (Double, Double, Double), tolerance: Double) -> Bool {
        abs(Double(got.0) - want.0) <= tolerance && abs(Double(got.1) - want.1) <= tolerance
            && abs(Double(got.2) - want.2) <= tolerance
    }

    static func transition(_ type: TransitionType, to image: ImageID) -> Animation {
        .transition(TransitionAnimation(type: type, subtype: .fromRight, image: TransitionImage(image),
                                        timing: AnimationTiming(duration: 1)))
    }

    /// Every pixel of the layer's area after the transition is the new picture's.
    static func expectOnlyNew(_ harness: borrowing CompositorHarness) {
        var wrong = 0
        for y in 8..<24 { for x in 16..<48 where !matches(rgb(harness, x, y), newColor(x - 16, y - 8), tolerance: 0) { wrong += 1 } }
        #expect(wrong == 0)
    }

    /// An engine whose picture layer starts a `type` transition to the new picture at 0, drawn into `harness`
    /// at `time` µs.
    static func transitioned(_ type: TransitionType, drawnAt time: Int64, into harness: inout CompositorHarness) throws -> Engine {
        let (engine, layer, _, new) = try makeEngine()
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        try engine.addAnimation(transition(type, to: new), forKey: "transition", to: layer)
        engine.advance(to: time)
        try harness.render(engine.presentation)
        return engine
    }

    @Test func aFadeDissolvesTheOldPictureIntoTheNewOne() throws {
        var harness = try CompositorHarness(width: 64, height: 32)
        let engine = try Self.transitioned(.fade, drawnAt: 500_000, into: &harness)
        // Half way: old · ½ + new · ½. Tolerance 1: the dissolve weighs with 128/255 and rounds once.
        var wrong = 0
        for y in 8..<24 {
            for x in 16..<48 {
                let old = Self.oldColor(x - 16, y - 8), new = Self.newColor(x - 16, y - 8)
                let half = ((old.0 + new.0) / 2, (old.1 + new.1) / 2, (old.2 + new.2) / 2)
                if !Self.matches(Self.rgb(harness, x, y), half, tolerance: 1) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the half-way dissolve")
        engine.advance(to: 1_500_000)
        try harness.render(engine.presentation)
        Self.expectOnlyNew(harness)
    }

    @Test func aPushMovesTheOldPictureOutAndTheNewOneIn() throws {
        var harness = try CompositorHarness(width: 64, height: 32)
        let engine = try Self.transitioned(.push, drawnAt: 250_000, into: &harness)
        // A quarter way, from the right: the old picture 8 px to the left (canvas x 8 … 40), the new one
        // 24 px to the right of its place (canvas x 40 … 72, cut by the canvas).
        var wrong = 0
        for y in 8..<24 {
            for x in 8..<40 where !Self.matches(Self.rgb(harness, x, y), Self.oldColor(x - 8, y - 8), tolerance: 0) { wrong += 1 }
            for x in 40..<64 where !Self.matches(Self.rgb(harness, x, y), Self.newColor(x - 40, y - 8), tolerance: 0) { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) pixels differ from the pushed pictures")
        engine.advance(to: 1_500_000)
        try harness.render(engine.presentation)
        Self.expectOnlyNew(harness)
    }

    @Test func theBlockAPICapturesTheNewPicture() throws {
        let (engine, layer, _, new) = try Self.makeEngine()
        var harness = try CompositorHarness(width: 64, height: 32)
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        try engine.transition(with: layer, duration: 1) { () throws(EngineError) in
            try engine.setImage(new, of: layer)
        }
        engine.advance(to: 500_000)
        try harness.render(engine.presentation)
        let old = Self.oldColor(10, 5), fresh = Self.newColor(10, 5)
        let half = ((old.0 + fresh.0) / 2, (old.1 + fresh.1) / 2, (old.2 + fresh.2) / 2)
        #expect(Self.matches(Self.rgb(harness, 26, 13), half, tolerance: 1))
        engine.advance(to: 1_500_000)
        try harness.render(engine.presentation)
        Self.expectOnlyNew(harness)
    }

    @Test func aNewPictureOnANonImageLayerIsRefused() throws {
        let (engine, _, _, new) = try Self.makeEngine()
        let plain = try engine.createLayer()
        try engine.addSublayer(plain, to: engine.root)
        #expect {
            try engine.addAnimation(Self.transition(.fade, to: new), forKey: "t", to: plain)
        } throws: { error in
            guard case let EngineError.wrongLayerKind(_, field, kind) = error else { return false }
            return field == "image" && kind == .plain
        }
        let (engine2, layer2, _, _) = try Self.makeEngine()
        #expect(throws: EngineError.unknownResource(.image, index: 9)) {
            try engine2.addAnimation(Self.transition(.fade, to: ImageID(index: 9)), forKey: "t", to: layer2)
        }
    }
}

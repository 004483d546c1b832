import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

/// Animated `colors` and `locations` of gradient layers: at every sampled time the frame equals, byte for
/// byte, the frame of a layer given a static gradient whose stops a `Double` model computed (Core
/// Animation's straight-colour interpolation, rounded once), through basic and keyframe animations, a
/// timing curve, and after the animation ends; the refusals; no allocation per frame.
@Suite struct GradientStopsAnimationTests {
    static let size = (width: 96, height: 64)

    /// A random gradient of `count` stops: colours and sorted locations (Q16.16).
    static func randomStops(_ count: Int, _ random: inout CompositorRandom) -> (colors: [Color], locations: [Fixed]) {
        let colors = (0 ..< count).map { _ in
            Color(red: UInt8.random(in: 0 ... 255, using: &random), green: UInt8.random(in: 0 ... 255, using: &random),
                  blue: UInt8.random(in: 0 ... 255, using: &random), alpha: UInt8.random(in: 0 ... 255, using: &random))
        }
        let locations = (0 ..< count).map { _ in Int32.random(in: 0 ... 65536, using: &random) }.sorted().map(Fixed.init(raw:))
        return (colors, locations)
    }

    /// An engine with one gradient layer of `type` and `stops`, turned a little so edges are not axis-aligned.
    static func makeEngine(_ type: GradientType, colors: [Color], locations: [Fixed]) throws -> (Engine, LayerID) {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: size.width, canvasHeight: size.height,
                                                                   layerCapacity: 8))
        let layer = try engine.createLayer(kind: .gradient, name: "sky")
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 80, height: 50), for: .bounds, of: layer)
        try engine.setValue(.pair(48, 32), for: .position, of: layer)
        try engine.setValue(.number(0.2), for: .rotation, of: layer)
        try engine.setGradient(type, colors: colors, locations: locations, of: layer)
        try engine.setValue(.pair(0.1, 0.2), for: .startPoint, of: layer)
        try engine.setValue(.pair(0.9, 0.7), for: .endPoint, of: layer)
        return (engine, layer)
    }

    /// The frame of `engine` at `time`.
    static func frame(_ engine: Engine, at time: MediaTime) throws -> [UInt32] {
        var harness = try CompositorHarness(width: size.width, height: size.height, background: .black)
        engine.advance(to: time)
        try harness.render(engine.presentation)
        return harness.pixels
    }

    /// The model: a straight channel `s + (e − s)·p` rounded half up (Core Animation interpolates colour
    /// components), a location `s + (e − s)·p` in Q16.16 rounded half up.
    static func modelColor(_ start: Color, _ end: Color, _ progress: Double) -> Color {
        func channel(_ s: UInt8, _ e: UInt8) -> UInt8 { UInt8((Double(s) + (Double(e) - Double(s)) * progress + 0.5).rounded(.down)) }
        return Color(red: channel(start.red, end.red), green: channel(start.green, end.green),
                     blue: channel(start.blue, end.blue), alpha: channel(start.alpha, end.alpha))
    }

    static func modelLocation(_ start: Fixed, _ end: Fixed, _ progress: Double) -> Fixed {
        Fixed(raw: Int32((Double(start.raw) + (Double(end.raw) - Double(start.raw)) * progress + 0.5).rounded(.down)))
    }

    /// The frame of a layer whose gradient is set, statically, to `colors` at `locations`.
    static func staticFrame(_ type: GradientType, colors: [Color], locations: [Fixed]) throws -> [UInt32] {
        let (engine, _) = try makeEngine(type, colors: colors, locations: locations)
        return try frame(engine, at: 0)
    }

    @Test(arguments: [GradientType.axial, .radial, .conic])
    func basicAnimationsEqualTheModelsStaticGradients(type: GradientType) throws {
        var random = CompositorRandom(seed: 0x5EED_0019 &+ UInt64(type == .axial ? 0 : type == .radial ? 1 : 2))
        var cases = 0
        for _ in 0 ..< 12 {
            let count = Int.random(in: 2 ... 6, using: &random)
            let base = Self.randomStops(count, &random), from = Self.randomStops(count, &random)
            let to = Self.randomStops(count, &random)
            let (engine, layer) = try Self.makeEngine(type, colors: base.colors, locations: base.locations)
            let colorsFrom = try engine.addGradientStops(colors: from.colors)
            let colorsTo = try engine.addGradientStops(colors: to.colors)
            let locationsTo = try engine.addGradientStops(locations: to.locations)
            let timing = AnimationTiming(duration: 1)
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .colors, from: .stops(colorsFrom), to: .stops(colorsTo),
                                                          timing: timing)), forKey: "colors", to: layer)
            // No `from`: the locations start at the layer's own.
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .locations, to: .stops(locationsTo), timing: timing)),
                                    forKey: "locations", to: layer)
            for step in [0, 3, 8, 13, 16] {
                // Sixteenths of the duration: progress exact in Q15, so the model needs no timing arithmetic.
                let progress = Double(step) / 16
                let frame = try Self.frame(engine, at: MediaTime(step) * 62_500)
                let colors = (0 ..< count).map { Self.modelColor(from.colors[$0], to.colors[$0], progress) }
                let locations = (0 ..< count).map { Self.modelLocation(base.locations[$0], to.locations[$0], progress) }
                let expected = step == 16 ? try Self.staticFrame(type, colors: base.colors, locations: base.locations)
                    : try Self.staticFrame(type, colors: colors, locations: locations)
                #expect(frame == expected, "case \(cases), step \(step): \(count) stops")
                cases += 1
            }
            // Removed on completion: the layer's own stops again.
            #expect(try engine.presentationValue(of: .colors, of: layer) == .stops(nil))
        }
        #expect(cases == 60)
    }

    /// A keyframe animation of `colors` through three lists, eased: halfway through a segment the colours
    /// are the model's midpoint; a discrete one holds each list.
    @Test func keyframeColorsMorphAndDiscreteHold() throws {
        var random = CompositorRandom(seed: 0x19_C010)
        let base = Self.randomStops(4, &random)
        let lists = (0 ..< 3).map { _ in Self.randomStops(4, &random).colors }
        let (engine, layer) = try Self.makeEngine(.axial, colors: base.colors, locations: base.locations)
        let values = try lists.map { PropertyValue.stops(try engine.addGradientStops(colors: $0)) }
        try engine.addAnimation(.keyframe(KeyframeAnimation(keyPath: .colors, values: values,
                                                            timing: AnimationTiming(duration: 1))),
                                forKey: "walk", to: layer)
        // Keys at 0, ½, 1: a quarter of the way is segment 0's midpoint, three quarters segment 1's.
        for (time, first, progress) in [(MediaTime(250_000), 0, 0.5), (750_000, 1, 0.5), (125_000, 0, 0.25)] {
            let colors = (0 ..< 4).map { Self.modelColor(lists[first][$0], lists[first + 1][$0], progress) }
            #expect(try Self.frame(engine, at: time) == (try Self.staticFrame(.axial, colors: colors, locations: base.locations)))
        }
        var discrete = KeyframeAnimation(keyPath: .colors, values: values, timing: AnimationTiming(duration: 1))
        discrete.calculationMode = .discrete
        try engine.addAnimation(.keyframe(discrete), forKey: "walk", to: layer)
        // Added at the last frame's time (125 ms), so it begins there: 550 ms into it the middle list holds.
        let held = try Self.frame(engine, at: 125_000 + 550_000)
        #expect(held == (try Self.staticFrame(.axial, colors: lists[1], locations: base.locations)))
    }

    /// `setValue` replaces the layer's colours at once (no implicit animation); `setGradient` restores its own.
    @Test func settingStopsReplacesColoursAtOnce() throws {
        var random = CompositorRandom(seed: 0x19_5E7)
        let base = Self.randomStops(3, &random), other = Self.randomStops(3, &random)
        let (engine, layer) = try Self.makeEngine(.radial, colors: base.colors, locations: base.locations)
        _ = try Self.frame(engine, at: 0)
        let colors = try engine.addGradientStops(colors: other.colors)
        try engine.setValue(.stops(colors), for: .colors, of: layer)
        #expect(try engine.animationKeys(of: layer).isEmpty)
        #expect(try Self.frame(engine, at: 16_667) == (try Self.staticFrame(.radial, colors: other.colors, locations: base.locations)))
        try engine.setGradient(.radial, colors: base.colors, locations: base.locations, of: layer)
        #expect(try engine.modelValue(of: .colors, of: layer) == .stops(nil))
        #expect(try Self.frame(engine, at: 33_333) == (try Self.staticFrame(.radial, colors: base.colors, locations: base.locations)))
    }

    /// The error `body` throws, described without the layer's handle (`LayerName` prints its name).
    static func refusal(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func refusals() throws {
        let (engine, layer) = try Self.makeEngine(.axial, colors: [Palette.red, Palette.blue, Palette.yellow],
                                                  locations: [.zero, Fixed(raw: 30000), .one])
        let timing = AnimationTiming(duration: 1)
        #expect(Self.refusal { _ = try engine.addGradientStops(colors: [Palette.red]) }
            == "\(EngineError.invalidValue(layer: nil, field: "colors", value: 1, reason: .outOfRange(min: 2, max: 16)))")
        #expect(Self.refusal { _ = try engine.addGradientStops(locations: [.one, Fixed(raw: 32768)]) }
            == "\(EngineError.invalidValue(layer: nil, field: "locations", value: 0.5, reason: .outOfRange(min: 0, max: 1)))")
        let name = LayerName(id: layer, name: "sky")
        let two = try engine.addGradientStops(colors: [Palette.red, Palette.blue])
        let wrongCount = { (field: String) in
            "\(EngineError.invalidValue(layer: name, field: field, value: 2, reason: .outOfRange(min: 3, max: 3)))"
        }
        #expect(Self.refusal { try engine.setValue(.stops(two), for: .colors, of: layer) } == wrongCount("colors"))
        #expect(Self.refusal {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .locations, to: .stops(two), timing: timing)),
                                    forKey: nil, to: layer)
        } == wrongCount("locations"))
        #expect(Self.refusal { try engine.setValue(.stops(GradientStopsID(index: 999)), for: .colors, of: layer) }
            == "\(EngineError.unknownResource(.gradientStops, index: 999))")
        let three = try engine.addGradientStops(colors: [Palette.red, Palette.blue, Palette.green])
        #expect(Self.refusal {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .colors, to: .stops(three), by: .stops(three),
                                                          timing: timing)), forKey: nil, to: layer)
        } == "\(EngineError.invalidAnimation(field: "byValue", reason: Engine.stopsRelativeRefusal))")
        var additive = KeyframeAnimation(keyPath: .colors, values: [.stops(three), .stops(nil)], timing: timing)
        additive.isAdditive = true
        #expect(Self.refusal { try engine.addAnimation(.keyframe(additive), forKey: nil, to: layer) }
            == "\(EngineError.invalidAnimation(field: "additive", reason: Engine.stopsRelativeRefusal))")
        #expect(try engine.animationKeys(of: layer).isEmpty)
        let plain = try engine.createLayer(name: "plain")
        #expect(Self.refusal { try engine.setValue(.stops(three), for: .colors, of: plain) }
            == "\(EngineError.wrongLayerKind(layer: LayerName(id: plain, name: "plain"), field: "colors", kind: .plain))")
        #expect(Self.refusal { try engine.setValue(.color(Palette.red), for: .colors, of: layer) }
            == "\(EngineError.valueKindMismatch(layer: name, field: "colors", expected: .stops, got: .color))")
    }

    /// Colours and locations morphing every frame, in a repeating autoreversed animation: no allocation.
    @Test func noAllocationPerFrame() throws {
        var random = CompositorRandom(seed: 0x19_A110C)
        let base = Self.randomStops(5, &random), other = Self.randomStops(5, &random)
        let (engine, layer) = try Self.makeEngine(.conic, colors: base.colors, locations: base.locations)
        var timing = AnimationTiming(duration: 0.7)
        timing.autoreverses = true
        timing.repeatCount = .infinity
        timing.timingFunction = .easeInEaseOut
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .colors, to: .stops(try engine.addGradientStops(colors: other.colors)),
                                                      timing: timing)), forKey: "colors", to: layer)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .locations,
                                                      to: .stops(try engine.addGradientStops(locations: other.locations)),
                                                      timing: timing)), forKey: "locations", to: layer)
        var harness = try CompositorHarness(width: Self.size.width, height: Self.size.height, background: .black)
        #expect(try harness.allocations(playing: engine) == 0)
        #expect(harness.damageRects.count > 0)
    }
}

import FixedPoint
import Foundation
import Motion
import Raster
import Testing
@testable import Flipbook

/// Replicator layers (`CAReplicatorLayer`): each instance's placement against a `Double` model of the instance
/// transform applied k times about the replicator's anchor, its colours and opacity against the tint model
/// (`instanceColor` + k × offsets, held in 0 … 1), its animations `instanceDelay` × k later; a frame equal byte
/// for byte to the same layers placed by hand; damage, hit testing, the refusals and no allocation per frame.
@Suite struct ReplicatorTests {
    static let size = (width: 160, height: 120)

    struct Settings {
        var count = 3
        var rotation = 0.0, scale = 1.0, translation = (x: 0.0, y: 0.0)
        var position = (x: 80.0, y: 60.0), bounds = (width: 80.0, height: 60.0), anchor = (x: 0.5, y: 0.5)
        var color = Color.white, offsets = (red: 0.0, green: 0.0, blue: 0.0, alpha: 0.0)
        var delay = 0.0
    }

    /// An engine with a replicator of `settings` holding one bar (12 × 20 at (30, 16), a background and a border).
    static func makeEngine(_ settings: Settings, barColor: Color = Palette.yellow) throws -> (Engine, LayerID, LayerID) {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: size.width, canvasHeight: size.height,
                                                                   layerCapacity: 16))
        let replicator = try engine.createLayer(kind: .replicator, name: "replicator")
        try engine.addSublayer(replicator, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: settings.bounds.width, height: settings.bounds.height), for: .bounds, of: replicator)
        try engine.setValue(.pair(settings.position.x, settings.position.y), for: .position, of: replicator)
        try engine.setValue(.pair(settings.anchor.x, settings.anchor.y), for: .anchorPoint, of: replicator)
        try engine.setValue(.number(Double(settings.count)), for: .instanceCount, of: replicator)
        try engine.setValue(.number(settings.rotation), for: .instanceRotation, of: replicator)
        try engine.setValue(.number(settings.scale), for: .instanceScale, of: replicator)
        try engine.setValue(.pair(settings.translation.x, settings.translation.y), for: .instanceTranslation, of: replicator)
        try engine.setValue(.color(settings.color), for: .instanceColor, of: replicator)
        try engine.setValue(.number(settings.offsets.red), for: .instanceRedOffset, of: replicator)
        try engine.setValue(.number(settings.offsets.green), for: .instanceGreenOffset, of: replicator)
        try engine.setValue(.number(settings.offsets.blue), for: .instanceBlueOffset, of: replicator)
        try engine.setValue(.number(settings.offsets.alpha), for: .instanceAlphaOffset, of: replicator)
        try engine.setValue(.number(settings.delay), for: .instanceDelay, of: replicator)
        let bar = try engine.createLayer(name: "bar")
        try engine.addSublayer(bar, to: replicator)
        try engine.setValue(.rect(x: 0, y: 0, width: 12, height: 20), for: .bounds, of: bar)
        try engine.setValue(.pair(30, 16), for: .position, of: bar)
        try engine.setValue(.color(barColor), for: .backgroundColor, of: bar)
        try engine.setValue(.number(2), for: .borderWidth, of: bar)
        try engine.setValue(.color(Palette.blue), for: .borderColor, of: bar)
        return (engine, replicator, bar)
    }

    /// The model's world of instance `k`'s bar: bar space → replicator space (position 30, 16; anchor ½) → the
    /// instance transform k times about the replicator's anchor (x ↦ scale · R · x + t, composed) → root space.
    static func modelCorners(_ settings: Settings, instance k: Int) -> [(Double, Double)] {
        let anchorX = settings.anchor.x * settings.bounds.width, anchorY = settings.anchor.y * settings.bounds.height
        func step(_ p: (Double, Double)) -> (Double, Double) {
            let (x, y) = (p.0 - anchorX, p.1 - anchorY)
            let c = cos(settings.rotation) * settings.scale, s = sin(settings.rotation) * settings.scale
            return (x * c - y * s + settings.translation.x + anchorX, x * s + y * c + settings.translation.y + anchorY)
        }
        return [(0.0, 0.0), (12, 0), (0, 20), (12, 20)].map { corner in
            var point = (corner.0 + 30 - 6, corner.1 + 16 - 10)
            for _ in 0 ..< k { point = step(point) }
            return (point.0 + settings.position.x - anchorX, point.1 + settings.position.y - anchorY)
        }
    }

    /// The model's instance colour channel: `base + k · offset · 255` held in 0 … 255, rounded half up.
    static func modelChannel(_ base: UInt8, _ offset: Double, _ k: Int) -> Int64 {
        Int64((min(max(Double(base) + offset * 255 * Double(k), 0), 255) + 0.5).rounded(.down))
    }

    static func tinted(_ color: Color, _ channels: [Int64]) -> Color {
        func scaled(_ value: UInt8, _ factor: Int64) -> UInt8 { UInt8((Int64(value) * factor + 127) / 255) }
        return Color(red: scaled(color.red, channels[0]), green: scaled(color.green, channels[1]),
                     blue: scaled(color.blue, channels[2]), alpha: color.alpha)
    }

    static func barEntries(_ engine: Engine, _ bar: LayerID) -> [PresentationLayer] {
        engine.presentation.entries.filter { $0.id == bar }
    }

    /// 400 random replicators: every instance's bar corners within 1/32 px of the model (Q16.16 products chained
    /// up to five times), its colours and opacity exactly the tint model's; only the first instance is not a replica.
    @Test func instancesFollowTheModel() throws {
        var random = CompositorRandom(seed: 0x0019_5EED)
        for caseIndex in 0 ..< 400 {
            var settings = Settings()
            settings.count = Int.random(in: 1 ... 6, using: &random)
            settings.rotation = Double.random(in: -1.2 ... 1.2, using: &random)
            settings.scale = Double.random(in: 0.8 ... 1.2, using: &random)
            settings.translation = (Double.random(in: -15 ... 15, using: &random), Double.random(in: -15 ... 15, using: &random))
            settings.position = (Double.random(in: 40 ... 120, using: &random), Double.random(in: 30 ... 90, using: &random))
            settings.anchor = (Double.random(in: 0 ... 1, using: &random), Double.random(in: 0 ... 1, using: &random))
            settings.color = Color(red: UInt8.random(in: 0 ... 255, using: &random), green: UInt8.random(in: 0 ... 255, using: &random),
                                   blue: UInt8.random(in: 0 ... 255, using: &random), alpha: UInt8.random(in: 0 ... 255, using: &random))
            // Offsets in 1/256 steps: exact in Q16.16, so the model needs no rounding of its own.
            func offset() -> Double { Double(Int.random(in: -64 ... 64, using: &random)) / 256 }
            settings.offsets = (offset(), offset(), offset(), offset())
            let (engine, _, bar) = try Self.makeEngine(settings)
            engine.advance(to: 0)
            let entries = Self.barEntries(engine, bar)
            #expect(entries.count == settings.count, "case \(caseIndex)")
            for (k, entry) in entries.enumerated() {
                #expect((entry.instanceKey >= 0) == (k > 0))
                let model = Self.modelCorners(settings, instance: k)
                for (corner, expected) in zip([(Int16(0), Int16(0)), (12, 0), (0, 20), (12, 20)], model) {
                    let mapped = entry.transform.apply(to: Point(x: Fixed(corner.0), y: Fixed(corner.1)))
                    #expect(abs(mapped.x.doubleValue - expected.0) <= 1.0 / 32 && abs(mapped.y.doubleValue - expected.1) <= 1.0 / 32,
                            "case \(caseIndex) instance \(k): \(mapped) against \(expected)")
                }
                let channels = [Self.modelChannel(settings.color.red, settings.offsets.red, k),
                                Self.modelChannel(settings.color.green, settings.offsets.green, k),
                                Self.modelChannel(settings.color.blue, settings.offsets.blue, k),
                                Self.modelChannel(settings.color.alpha, settings.offsets.alpha, k)]
                #expect(entry.backgroundColor == Self.tinted(Palette.yellow, channels), "case \(caseIndex) instance \(k)")
                #expect(entry.borderColor == Self.tinted(Palette.blue, channels))
                #expect(entry.opacity.raw == Int32((65536 * channels[3] + 127) / 255), "case \(caseIndex) instance \(k)")
            }
        }
    }

    /// Instance k's bar fades k × `instanceDelay` later: before its start it shows the model (opacity 1).
    @Test func instanceDelayShiftsTheAnimations() throws {
        var settings = Settings()
        settings.count = 5
        settings.translation = (14, 0)
        settings.delay = 0.125
        let (engine, _, bar) = try Self.makeEngine(settings)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .opacity, from: .number(1), to: .number(0),
                                                      timing: AnimationTiming(duration: 1))), forKey: "fade", to: bar)
        for time in [0.0, 0.25, 0.4375, 0.6] {
            engine.advance(to: MediaTime((time * 1_000_000).rounded()))
            let opacities = Self.barEntries(engine, bar).map { $0.opacity.doubleValue }
            let expected = (0 ..< 5).map { k -> Double in
                let local = time - 0.125 * Double(k)
                return local < 0 ? 1 : 1 - local
            }
            for (found, model) in zip(opacities, expected) {
                #expect(abs(found - model) <= 1.0 / 32768 + 1.0 / 65536, "at \(time): \(opacities) against \(expected)")
            }
            // The layer's own presentation is the first instance's, whatever the later ones showed.
            #expect(abs(Fixture.number(try engine.presentationValue(of: .opacity, of: bar)) - expected[0]) <= 1.0 / 32768)
        }
    }

    /// Three instances translated by whole pixels with a tint draw exactly what three tinted bars placed by hand
    /// draw; a second frame of the still scene damages nothing; changing the instance colour damages.
    @Test func frameEqualsHandPlacedLayersAndDamagesOnlyChanges() throws {
        var settings = Settings()
        settings.translation = (22, 3)
        settings.color = Color(red: 255, green: 200, blue: 255, alpha: 255)
        settings.offsets = (-0.25, 0, 0.125, -0.25)
        let (engine, replicator, _) = try Self.makeEngine(settings)
        var harness = try CompositorHarness(width: Self.size.width, height: Self.size.height, background: .black)
        engine.advance(to: 0)
        try harness.render(engine.presentation)

        let reference = try Engine(configuration: EngineConfiguration(canvasWidth: Self.size.width, canvasHeight: Self.size.height,
                                                                      layerCapacity: 16))
        let container = try reference.createLayer()
        try reference.addSublayer(container, to: reference.root)
        try reference.setValue(.rect(x: 0, y: 0, width: 80, height: 60), for: .bounds, of: container)
        try reference.setValue(.pair(80, 60), for: .position, of: container)
        for k in 0 ..< 3 {
            let channels = [Self.modelChannel(255, -0.25, k), Self.modelChannel(200, 0, k),
                            Self.modelChannel(255, 0.125, k), Self.modelChannel(255, -0.25, k)]
            let bar = try reference.createLayer()
            try reference.addSublayer(bar, to: container)
            try reference.setValue(.rect(x: 0, y: 0, width: 12, height: 20), for: .bounds, of: bar)
            try reference.setValue(.pair(30 + 22 * Double(k), 16 + 3 * Double(k)), for: .position, of: bar)
            try reference.setValue(.color(Self.tinted(Palette.yellow, channels)), for: .backgroundColor, of: bar)
            try reference.setValue(.number(2), for: .borderWidth, of: bar)
            try reference.setValue(.color(Self.tinted(Palette.blue, channels)), for: .borderColor, of: bar)
            try reference.setValue(.number(Double(channels[3]) / 255), for: .opacity, of: bar)
        }
        var referenceHarness = try CompositorHarness(width: Self.size.width, height: Self.size.height, background: .black)
        reference.advance(to: 0)
        try referenceHarness.render(reference.presentation)
        let opacities = reference.presentation.entries.dropFirst(2).map(\.opacity)
        #expect(Self.barEntries(engine, try engine.sublayers(of: replicator)[0]).map(\.opacity) == Array(opacities))
        #expect(harness.pixels == referenceHarness.pixels)

        engine.advance(to: 16_667)
        try harness.render(engine.presentation)
        #expect(harness.damageRects.isEmpty)
        // An implicit animation from the old colour begins at the next frame; 0.25 s later it has arrived.
        try engine.setValue(.color(Palette.red), for: .instanceColor, of: replicator)
        engine.advance(to: 1_000_000)
        try harness.render(engine.presentation)
        engine.advance(to: 2_000_000)
        try harness.render(engine.presentation)
        #expect(harness.damageRects.count >= 1)
        let union = harness.damageRects.reduce(IntRect.empty) { $0.union($1) }
        #expect(union.width >= 12 + 2 * 22 && union.height >= 20)
    }

    /// Only the sublayers themselves are hit, as CALayer hit-tests them: an instance's pixels are not a hit.
    @Test func hitTestingSkipsInstances() throws {
        var settings = Settings()
        settings.translation = (30, 0)
        let (engine, replicator, bar) = try Self.makeEngine(settings)
        engine.advance(to: 0)
        // The bar spans x 64 … 76, y 36 … 56 in root space; its second instance 94 … 106.
        #expect(engine.hitTest(Point(x: Fixed(70), y: Fixed(46))) == bar)
        #expect(engine.hitTest(Point(x: Fixed(100), y: Fixed(46))) == replicator)
    }

    @Test func refusals() throws {
        let (engine, replicator, bar) = try Self.makeEngine(Settings())
        for count in [0.0, 65, 2.5] {
            do {
                try engine.setValue(.number(count), for: .instanceCount, of: replicator)
                Issue.record("instanceCount \(count) accepted")
            } catch {
                guard case .invalidValue(_, "instanceCount", count, _) = error else { Issue.record("\(error)"); continue }
            }
        }
        #expect(throws: EngineError.self) { try engine.setValue(.number(1.5), for: .instanceAlphaOffset, of: replicator) }
        #expect(throws: EngineError.self) {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .instanceCount, to: .number(4), timing: AnimationTiming(duration: 1))),
                                    forKey: nil, to: replicator)
        }
        // 64 instances of one bar need 63 replica entries (room: 64); of two bars, 126.
        try engine.setValue(.number(64), for: .instanceCount, of: replicator)
        let second = try engine.createLayer()
        do {
            try engine.addSublayer(second, to: replicator)
            Issue.record("a second bar under 64 instances was accepted")
        } catch {
            #expect(error == .poolFull(.replicaEntries, capacity: Engine.replicaEntryCapacity))
        }
        #expect(try engine.sublayers(of: replicator) == [bar])
        try engine.addSublayer(second, to: engine.root)
        do {
            try engine.addSublayer(second, to: replicator)
            Issue.record("moving a layer under 64 instances was accepted")
        } catch {
            #expect(try engine.sublayers(of: engine.root) == [replicator, second])
        }
        // Replicators of 64 instances nested 20 deep (64¹⁹ copies of the innermost, past `Int`): refused, no trap.
        let nested = try Fixture.engine()
        var inner = try nested.createLayer(kind: .replicator)
        try nested.setValue(.number(64), for: .instanceCount, of: inner)
        for _ in 0 ..< 19 {
            let outer = try nested.createLayer(kind: .replicator)
            try nested.setValue(.number(64), for: .instanceCount, of: outer)
            try nested.addSublayer(inner, to: outer)
            inner = outer
        }
        #expect(throws: EngineError.poolFull(.replicaEntries, capacity: Engine.replicaEntryCapacity)) {
            try nested.addSublayer(inner, to: nested.root)
        }
        let plain = try engine.createLayer(name: "plain")
        #expect(throws: EngineError.self) { try engine.setValue(.number(2), for: .instanceCount, of: plain) }
        engine.advance(to: 0)
        #expect(Self.barEntries(engine, bar).count == 64)
    }

    /// Twelve delayed instances of a fading, turning bar (the activity spinner): no allocation per frame.
    @Test func noAllocationPerFrame() throws {
        var settings = Settings()
        settings.count = 12
        settings.rotation = Double.pi / 6
        settings.delay = 1.0 / 12
        settings.offsets = (0, 0, 0, -0.05)
        let (engine, _, bar) = try Self.makeEngine(settings)
        var timing = AnimationTiming(duration: 1)
        timing.repeatCount = .infinity
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .opacity, from: .number(1), to: .number(0.1), timing: timing)),
                                forKey: "fade", to: bar)
        var harness = try CompositorHarness(width: Self.size.width, height: Self.size.height, background: .black)
        #expect(try harness.allocations(playing: engine) == 0)
        #expect(Self.barEntries(engine, bar).count == 12)
    }
}

/// Replicator instances tint pictures (and backing stores and gradients) as they tint colours: every pixel of
/// instance k's picture is the picture's colour × (instanceColor + k × offsets) / 255, rounded, against a model
/// over the opaque picture.
@Suite struct ReplicatorContentTintTests {
    @Test func instancesTintTheirPictures() throws {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 160, canvasHeight: 60, layerCapacity: 8))
        let replicator = try engine.createLayer(kind: .replicator)
        try engine.addSublayer(replicator, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 160, height: 60), for: .bounds, of: replicator)
        try engine.setValue(.pair(80, 30), for: .position, of: replicator)
        try engine.setValue(.number(3), for: .instanceCount, of: replicator)
        try engine.setValue(.pair(48, 0), for: .instanceTranslation, of: replicator)
        try engine.setValue(.color(Color(red: 255, green: 128, blue: 200)), for: .instanceColor, of: replicator)
        try engine.setValue(.number(-0.25), for: .instanceRedOffset, of: replicator)
        try engine.setValue(.number(0.2), for: .instanceBlueOffset, of: replicator)
        let picture = try engine.createLayer(kind: .image)
        try engine.addSublayer(picture, to: replicator)
        try engine.setValue(.rect(x: 0, y: 0, width: 32, height: 16), for: .bounds, of: picture)
        try engine.setValue(.pair(24, 20), for: .position, of: picture)
        try engine.setImage(try ImageTransitionTests.picture(in: engine, ImageTransitionTests.oldColor), of: picture)
        var harness = try CompositorHarness(width: 160, height: 60)
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        var wrong = 0
        for k in 0 ..< 3 {
            let tint = [ReplicatorTests.modelChannel(255, -0.25, k), ReplicatorTests.modelChannel(128, 0, k),
                        ReplicatorTests.modelChannel(200, 0.2, k)]
            for y in 0 ..< 16 {
                for x in 0 ..< 32 {
                    let (r, g, b) = ImageTransitionTests.oldColor(x, y)
                    let want = ReplicatorTests.tinted(Color(red: UInt8(r), green: UInt8(g), blue: UInt8(b)), tint)
                    let value = harness.surface.pixel(x: 8 + 48 * k + x, y: 12 + y)!
                    if value >> 16 & 255 != UInt32(want.red) || value >> 8 & 255 != UInt32(want.green)
                        || value & 255 != UInt32(want.blue) { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }
}

/// `instanceTransform.rotation.x` and `.y`: instance k's sublayers under the 3-D instance transform applied k
/// times about the replicator's anchor, T(−a) · S · Rx · Ry · Rz · T(t) · T(a) (the order of a layer's own
/// transform), against a `Double` model of the matrices: projected corners within 1/32 px at 200 random settings,
/// with and without a perspective on the replicator's superlayer.
@Suite struct ReplicatorTurnTests {
    typealias Model = DoubleSidedTests

    @Test func instancesTurnAboutXAndYAsTheModel() throws {
        var worst = 0.0
        for trial in 0 ..< 200 {
            let count = Int.random(in: 2 ... 5)
            let (ax, ay, az) = (Double.random(in: -0.6 ... 0.6), Double.random(in: -0.6 ... 0.6), Double.random(in: -1 ... 1))
            let scale = Double.random(in: 0.8 ... 1.1), translation = (Double.random(in: -20 ... 20), Double.random(in: -20 ... 20))
            let perspective = trial % 2 == 0 ? 0.0 : Double.random(in: 400 ... 1200)
            let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 400, canvasHeight: 300, layerCapacity: 8))
            let stage = try engine.createLayer()
            try engine.addSublayer(stage, to: engine.root)
            try engine.setValue(.rect(x: 0, y: 0, width: 400, height: 300), for: .bounds, of: stage)
            try engine.setValue(.pair(200, 150), for: .position, of: stage)
            try engine.setValue(.number(perspective), for: .sublayerPerspective, of: stage)
            let replicator = try engine.createLayer(kind: .replicator)
            try engine.addSublayer(replicator, to: stage)
            try engine.setValue(.rect(x: 0, y: 0, width: 160, height: 120), for: .bounds, of: replicator)
            try engine.setValue(.pair(200, 150), for: .position, of: replicator)
            try engine.setValue(.number(Double(count)), for: .instanceCount, of: replicator)
            try engine.setValue(.number(ax), for: .instanceRotationX, of: replicator)
            try engine.setValue(.number(ay), for: .instanceRotationY, of: replicator)
            try engine.setValue(.number(az), for: .instanceRotation, of: replicator)
            try engine.setValue(.number(scale), for: .instanceScale, of: replicator)
            try engine.setValue(.pair(translation.0, translation.1), for: .instanceTranslation, of: replicator)
            let bar = try engine.createLayer()
            try engine.addSublayer(bar, to: replicator)
            try engine.setValue(.rect(x: 0, y: 0, width: 12, height: 20), for: .bounds, of: bar)
            try engine.setValue(.pair(100, 40), for: .position, of: bar)
            engine.advance(to: 0)
            let bars = engine.presentation.entries.filter { $0.id == bar }
            #expect(bars.count == count)
            // The model: bar → replicator (position 100, 40; anchor ½) → step^k about the anchor (80, 60) →
            // replicator placement (origin 120, 90) → the stage's perspective about its anchor (200, 150) → stage
            // placement (origin 0, 0).
            var rx = Model.identity(), ry = Model.identity(), rz = Model.identity(), s = Model.identity(), p = Model.identity()
            rx[1][1] = cos(ax); rx[1][2] = sin(ax); rx[2][1] = -sin(ax); rx[2][2] = cos(ax)
            ry[0][0] = cos(ay); ry[0][2] = -sin(ay); ry[2][0] = sin(ay); ry[2][2] = cos(ay)
            rz[0][0] = cos(az); rz[0][1] = sin(az); rz[1][0] = -sin(az); rz[1][1] = cos(az)
            s[0][0] = scale; s[1][1] = scale
            if perspective > 0 { p[2][3] = -1 / perspective }
            var step = Model.translation(-80, -60)
            for next in [s, rx, ry, rz, Model.translation(translation.0, translation.1), Model.translation(80, 60)] {
                step = Model.product(step, next)
            }
            var power = Model.identity()
            for (k, entry) in bars.enumerated() {
                var model = Model.product(Model.translation(-6 + 100, -10 + 40), power)
                for next in [Model.translation(120, 90), Model.translation(-200, -150), p, Model.translation(200, 150)] {
                    model = Model.product(model, next)
                }
                let world = entry.transform3D ?? Transform3D(entry.transform)  // the first instance may be flat
                // Without a perspective the 2-D world (hit testing, extents) is the orthographic part too.
                worst = max(worst, try Model.cornerError(world, entry.transform, model: model,
                                                         corners: [(0, 0), (12, 0), (12, 20), (0, 20)], flat: perspective == 0))
                power = Model.product(power, step)
            }
        }
        #expect(worst <= 1.0 / 32, "worst \(worst) px")
    }
}

import CMallocCounter
import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

@Suite("Frames allocate nothing")
struct AllocationTests {
    /// A scene with every layer kind and every animation type, all repeating forever (the block-API flip
    /// lasts 12 s, past the 11 s counted, crossing its half-way switch).
    func busyScene() throws -> Engine {
        let engine = try Fixture.engine(layers: 32, animations: 128)
        let forever = AnimationTiming(duration: 0.7, repeatCount: .infinity, autoreverses: true,
                                      timingFunction: .controlPoints(0.3, 0.1, 0.2, 1.4))
        let plain = try Fixture.layer(in: engine, name: "plain")
        let shape = try Fixture.layer(in: engine, kind: .shape, name: "shape")
        let image = try Fixture.layer(in: engine, kind: .image, name: "image")
        let custom = try Fixture.layer(in: engine, kind: .custom, name: "custom")
        let mask = try engine.createLayer(kind: .shape)
        try engine.setMask(mask, of: plain)
        try engine.addSublayer(try engine.createLayer(), to: shape)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1),
                                                      timing: forever)), forKey: "basic", to: plain)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .backgroundColor, to: .color(.white), cumulative: true,
                                                      timing: forever)), forKey: "colour", to: custom)
        for (index, mode) in [CalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced].enumerated() {
            var keyframes = KeyframeAnimation(keyPath: .position, values: [.pair(0, 0), .pair(50, 20), .pair(90, 10)],
                                              calculationMode: mode, timing: forever)
            keyframes.isAdditive = index.isMultiple(of: 2)
            try engine.addAnimation(.keyframe(keyframes), forKey: "k\(index)", to: index < 3 ? shape : image)
        }
        var springTiming = forever
        springTiming.timingFunction = .linear   // a spring refuses a curve: its motion is its own timing
        try engine.addAnimation(.spring(SpringAnimation(BasicAnimation(keyPath: .rotation, from: .number(0),
                                                                       to: .number(3), timing: springTiming))),
                                forKey: "spring", to: image)
        try engine.addAnimation(.group(AnimationGroup(animations: [
            .basic(BasicAnimation(keyPath: .strokeEnd, from: .number(0), to: .number(1), timing: AnimationTiming(duration: 0.5))),
            .basic(BasicAnimation(keyPath: .scale, by: .number(0.5), timing: AnimationTiming(duration: 0.5))),
        ], timing: forever)), forKey: "group", to: shape)
        try engine.addAnimation(.transition(TransitionAnimation(
            type: .moveIn, subtype: .fromTop, changes: [PropertyChange(.cornerRadius, .number(8))], timing: forever)),
            forKey: nil, to: custom)
        let small = try engine.addPath(PathAnimationTests.segment(to: 10))
        let large = try engine.addPath(PathAnimationTests.segment(to: 90))
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .path, from: .path(small), to: .path(large),
                                                      timing: forever)), forKey: "path", to: shape)
        let middle = try engine.addPath(PathAnimationTests.segment(to: 40))
        let morphing = try Fixture.layer(in: engine, kind: .shape, name: "morphing")
        try engine.addAnimation(.keyframe(KeyframeAnimation(keyPath: .path, values: [.path(small), .path(large), .path(middle)],
                                                            calculationMode: .cubic, timing: forever)), forKey: "morph", to: morphing)
        let inner = AnimationGroup(animations: [
            .keyframe(KeyframeAnimation(keyPath: .positionY, values: [.number(0), .number(30), .number(10)],
                                        timing: AnimationTiming(duration: 0.3, repeatCount: 2))),
            .basic(BasicAnimation(keyPath: .cornerRadius, to: .number(4), timing: AnimationTiming(duration: 0.2))),
        ], timing: AnimationTiming(beginTime: 0.1, duration: 0.5, autoreverses: true))
        try engine.addAnimation(.group(AnimationGroup(animations: [.group(inner)], timing: forever)), forKey: "nested", to: plain)
        engine.advance(to: 0)
        try engine.transition(with: image, duration: 12, options: [.transitionFlipFromLeft], animations: { () throws(EngineError) in
            try engine.setValue(.color(.white), for: .backgroundColor, of: image)
        })
        try engine.setValue(.number(0.5), for: .shadowOpacity, of: plain)   // an implicit animation
        // A picture pushed out by another (the outgoing side keeps the old picture).
        let pictures = try Fixture.layer(in: engine, kind: .image, name: "pictures")
        let first = try engine.addImage(SurfaceStorage(width: 4, height: 4, layout: .argb8888Premultiplied))
        let second = try engine.addImage(SurfaceStorage(width: 4, height: 4, layout: .argb8888Premultiplied))
        try engine.setImage(first, of: pictures)
        try engine.addAnimation(.transition(TransitionAnimation(type: .push, image: TransitionImage(second), timing: forever)),
                                forKey: nil, to: pictures)
        return engine
    }

    /// 600 frames after warm-up, counted by the per-thread malloc counter, must allocate nothing.
    @Test func sixHundredFramesAfterWarmUp() throws {
        let engine = try busyScene()
        var time: MediaTime = 0
        for _ in 0 ..< 60 {
            time += 16_667
            engine.advance(to: time)
            engine.deliverCallbacks()
        }
        let before = cmc_allocation_count()
        for _ in 0 ..< 600 {
            time += 16_667
            engine.advance(to: time)
            engine.deliverCallbacks()
        }
        #expect(cmc_allocation_count() - before == 0)
        #expect(engine.presentation.count >= 9)
        let image = try #require(engine.presentation.entries.first { $0.kind == .image })
        #expect(image.transform3D != nil)                                    // the flip, in 3-D
        #expect(try engine.animationKeys(of: engine.sublayers(of: engine.root)[1]).count == 5)
    }
}

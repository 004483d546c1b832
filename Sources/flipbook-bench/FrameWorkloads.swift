import CMallocCounter
import FixedPoint
import Flipbook
import Motion
import Raster

/// frame_* workloads (BENCHMARKS.md): whole frames of a 200-layer scene with 500 running animations of
/// every type (basic, keyframe, spring, group, transition), at 800×480 and 1920×1080 in XRGB8888 — the run
/// loop's frame on a virtual clock (`drawFrame`: the engine's `advance` plus the compositor's damage-tracked
/// `render`, then `finishFrame`), and the engine's share alone.
func runFrameWorkloads(_ harness: BenchHarness) {
    guard harness.selects("frame_") else { return }
    for (width, height) in [(800, 480), (1920, 1080)] {
        do {
            try runFrameScene(harness, width: width, height: height)
        } catch {
            print("# frame_scene200 \(width)x\(height): setup failed: \(error)")
        }
    }
}

/// One engine + compositor + back buffer at `width × height`, advanced one 60 Hz frame per sample.
private func runFrameScene(_ harness: BenchHarness, width: Int, height: Int) throws {
    let engine = try Engine(configuration: EngineConfiguration(
        canvasWidth: width, canvasHeight: height, layerCapacity: 256, animationCapacity: 1024))
    let animations = try FrameScene.build(in: engine, width: Double(width), height: Double(height))
    var runLoop = RunLoop(engine: engine, compositor: try Compositor(configuration: CompositorConfiguration(
        width: width, height: height, layout: .xrgb8888, layerCapacity: 256,
        backgroundColor: Color(red: 16, green: 18, blue: 24))))
    let backBuffer = try SurfaceStorage(width: width, height: height, layout: .xrgb8888)
    var time: MediaTime = 0
    let size = "\(width)x\(height)"
    func frame() {
        time += 16_667
        do { _ = try runLoop.drawFrame(at: time, into: backBuffer.surface) } catch {
            fatalError("frame_scene200: render failed: \(error)")
        }
        runLoop.finishFrame(shownAt: time)
    }
    for _ in 0..<30 { frame() }
    let before = cmc_allocation_count()
    for _ in 0..<120 { frame() }
    let mallocs = Int(cmc_allocation_count() - before) / 120
    let counts = harness.cycles(samples: 61, warmup: 5) { frame() }
    harness.report(workload: "frame_scene200", size: size, format: "xrgb8888", impl: "flipbook", counts: counts,
                   frameBytes: width * height * 4, mallocsPerFrame: mallocs)
    let advanceOnly = harness.cycles(samples: 61, warmup: 5) {
        time += 16_667
        engine.advance(to: time)
    }
    harness.report(workload: "frame_scene200", size: size, format: "xrgb8888", impl: "flipbook-advance",
                   counts: advanceOnly, items: animations, frameBytes: width * height * 4, mallocsPerFrame: mallocs)
    print("# frame_scene200 \(size): \(animations) animations; heap held: back buffer \(backBuffer.byteCount / 1024) KiB, "
        + "compositor offscreen buffers \(runLoop.compositor.offscreenByteCount / 1024) KiB; mallocs per frame \(mallocs)")
}

/// The benchmark scene: 20 cards, each with 9 sublayers (shapes, images, plain layers), 500 animations.
private enum FrameScene {
    /// Builds the scene under the engine's root and returns the number of animations added.
    static func build(in engine: Engine, width: Double, height: Double) throws -> Int {
        let star = try engine.addPath(try SVGPathParser.parse("M12 0 L19 24 L0 9 L24 9 L5 24 Z"))
        var count = 0
        for card in 0..<20 {
            let layer = try engine.createLayer()
            try engine.addSublayer(layer, to: engine.root)
            let column = Double(card % 5), row = Double(card / 5)
            let cellWidth = width / 5, cellHeight = height / 4
            try engine.setValue(.rect(x: 0, y: 0, width: cellWidth * 0.8, height: cellHeight * 0.8), for: .bounds, of: layer)
            try engine.setValue(.pair(cellWidth * (column + 0.5), cellHeight * (row + 0.5)), for: .position, of: layer)
            try engine.setValue(.color(Color(red: 40, green: 60 + UInt8(card * 7), blue: 120)), for: .backgroundColor, of: layer)
            try engine.setValue(.number(12), for: .cornerRadius, of: layer)
            try engine.setValue(.number(2), for: .borderWidth, of: layer)
            try engine.setValue(.color(Color(red: 230, green: 230, blue: 240)), for: .borderColor, of: layer)
            try engine.setValue(.flag(card % 3 == 0), for: .masksToBounds, of: layer)
            if card % 4 == 1 { try engine.setValue(.number(0.8), for: .opacity, of: layer) }
            count += try animate(card: layer, index: card, in: engine)
            for child in 0..<9 {
                count += try addChild(child, of: layer, card: card, star: star, cell: (cellWidth * 0.8, cellHeight * 0.8), in: engine)
            }
        }
        return count
    }

    /// A card: a repeating position drift and a spring on its scale.
    static func animate(card: LayerID, index: Int, in engine: Engine) throws -> Int {
        let drift = BasicAnimation(keyPath: .translationX, from: .number(-6), to: .number(6),
                                   timing: AnimationTiming(duration: 1.5 + Double(index % 5) * 0.2, repeatCount: .infinity,
                                                           autoreverses: true, timingFunction: .easeInEaseOut))
        try engine.addAnimation(.basic(drift), forKey: "drift", to: card)
        let spring = SpringAnimation(BasicAnimation(keyPath: .scale, from: .number(0.96), to: .number(1),
                                                    timing: AnimationTiming(duration: 2, repeatCount: .infinity)),
                                     stiffness: 120, damping: 8)
        try engine.addAnimation(.spring(spring), forKey: "breathe", to: card)
        return 2
    }

    /// One of a card's 9 sublayers, with its animations: 23 per card, 25 with the card's own (500 in all).
    static func addChild(_ child: Int, of card: LayerID, card index: Int, star: PathID, cell: (Double, Double),
                         in engine: Engine) throws -> Int {
        let isShape = child % 3 == 0
        let layer = try engine.createLayer(kind: isShape ? .shape : .plain)
        try engine.addSublayer(layer, to: card)
        let x = cell.0 * (0.15 + 0.3 * Double(child % 3)), y = cell.1 * (0.2 + 0.3 * Double(child / 3))
        try engine.setValue(.rect(x: 0, y: 0, width: 24, height: 24), for: .bounds, of: layer)
        try engine.setValue(.pair(x, y), for: .position, of: layer)
        var count = 0
        let timing = AnimationTiming(duration: 1 + Double((child + index) % 7) * 0.25, repeatCount: .infinity,
                                     autoreverses: true, timingFunction: .easeInEaseOut)
        if isShape {
            try engine.setValue(.path(star), for: .path, of: layer)
            try engine.setValue(.color(Color(red: 250, green: 200, blue: 40)), for: .fillColor, of: layer)
            try engine.setValue(.color(Color(red: 220, green: 50, blue: 47)), for: .strokeColor, of: layer)
            try engine.setValue(.number(2), for: .lineWidth, of: layer)
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .strokeEnd, from: .number(0.1), to: .number(1), timing: timing)),
                                    forKey: "trim", to: layer)
            try engine.addAnimation(.keyframe(KeyframeAnimation(
                keyPath: .rotation, values: [.number(0), .number(1.5), .number(-0.5), .number(0)], keyTimes: [0, 0.3, 0.7, 1],
                timing: AnimationTiming(duration: 3, repeatCount: .infinity))), forKey: "wobble", to: layer)
            count = 2
        } else {
            try engine.setValue(.color(Color(red: 64, green: 170, blue: 90)), for: .backgroundColor, of: layer)
            try engine.setValue(.number(6), for: .cornerRadius, of: layer)
            try engine.addAnimation(.group(AnimationGroup(animations: [
                .basic(BasicAnimation(keyPath: .positionY, by: .number(10))),
                .basic(BasicAnimation(keyPath: .backgroundColor, to: .color(Color(red: 38, green: 139, blue: 210)))),
            ], timing: timing)), forKey: "bob", to: layer)
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .opacity, from: .number(1), to: .number(0.4), timing: timing)),
                                    forKey: "fade", to: layer)
            count = 2
            if child != 7 && child != 8 {
                try engine.addAnimation(.basic(BasicAnimation(keyPath: .cornerRadius, from: .number(2), to: .number(12),
                                                              timing: timing)), forKey: "round", to: layer)
                count = 3
            }
            if child == 8 {
                count = 3
                try engine.addAnimation(.transition(TransitionAnimation(
                    type: .push, subtype: .fromLeft, changes: [PropertyChange(.backgroundColor, .color(Color(red: 211, green: 54, blue: 130)))],
                    timing: AnimationTiming(duration: 2, repeatCount: .infinity))), forKey: "swap", to: layer)
            }
        }
        return count
    }
}

import FixedPoint
import Foundation
import Motion
import Raster
import Testing
@testable import Flipbook

/// The warp transitions (`pageCurl`, `pageUnCurl`, `rippleEffect`, `suckEffect`) and `cameraIris`, drawn by the
/// compositor, against a `Double` model: each warp's formulas (as the types document them) evaluated in
/// floating point, the pictures sampled bilinearly, whitened and composited in floating point; the iris against
/// the exact area of its circle in each pixel.
@Suite struct WarpTransitionTests {
    /// An 80 × 48 picture layer at canvas (8, 8) of a 96 × 64 canvas.
    static let width = 80, height = 48, originX = 8, originY = 8
    static let background = (20.0, 24.0, 32.0)

    /// The old picture: red rises along x, green along y, blue in stripes (something for a warp to bend).
    static func oldColor(_ x: Int, _ y: Int) -> (Double, Double, Double) {
        (Double(3 * x), Double(5 * y), x % 10 < 5 ? 230 : 40)
    }

    /// The new picture: red falls along x, blue rises along y.
    static func newColor(_ x: Int, _ y: Int) -> (Double, Double, Double) { (Double(250 - 3 * x), 90, Double(5 * y)) }

    /// An engine whose picture layer starts a `type` transition (linear, 1 s) to the new picture at 0, drawn at
    /// `progress` into a fresh harness.
    static func drawn(_ type: TransitionType, _ subtype: TransitionSubtype = .fromRight,
                      progress: Double) throws -> CompositorHarness {
        var harness = try CompositorHarness(width: 96, height: 64)
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 96, canvasHeight: 64, layerCapacity: 8))
        let old = try ImageTransitionTests.picture(in: engine, width: width, height: height, oldColor)
        let new = try ImageTransitionTests.picture(in: engine, width: width, height: height, newColor)
        let layer = try engine.createLayer(kind: .image)
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: Double(width), height: Double(height)), for: .bounds, of: layer)
        try engine.setValue(.pair(Double(originX + width / 2), Double(originY + height / 2)), for: .position, of: layer)
        try engine.setImage(old, of: layer)
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        let animation = TransitionAnimation(type: type, subtype: subtype, image: TransitionImage(new),
                                            timing: AnimationTiming(duration: 1))
        try engine.addAnimation(.transition(animation), forKey: "transition", to: layer)
        engine.advance(to: MediaTime((progress * 1_000_000).rounded()))
        try harness.render(engine.presentation)
        return harness
    }

    // MARK: The Double model

    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    /// A picture's premultiplied texel; transparent outside the layer.
    static func texel(_ color: (Int, Int) -> (Double, Double, Double), _ x: Int, _ y: Int) -> RGBA {
        guard x >= 0, x < width, y >= 0, y < height else { return (0, 0, 0, 0) }
        let (r, g, b) = color(x, y)
        return (r, g, b, 255)
    }

    /// Bilinear reconstruction at layer point (x, y) (texel centres at ½), transparent beyond the edges.
    static func sample(_ color: (Int, Int) -> (Double, Double, Double), _ x: Double, _ y: Double) -> RGBA {
        let s = x - 0.5, t = y - 0.5
        let x0 = Int(s.rounded(.down)), y0 = Int(t.rounded(.down))
        let fx = s - Double(x0), fy = t - Double(y0)
        func mix(_ a: RGBA, _ b: RGBA, _ f: Double) -> RGBA {
            (a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f, a.a + (b.a - a.a) * f)
        }
        let top = mix(texel(color, x0, y0), texel(color, x0 + 1, y0), fx)
        let bottom = mix(texel(color, x0, y0 + 1), texel(color, x0 + 1, y0 + 1), fx)
        return mix(top, bottom, fy)
    }

    static func over(_ top: RGBA, _ under: RGBA) -> RGBA {
        let keep = 1 - top.a / 255
        return (top.r + under.r * keep, top.g + under.g * keep, top.b + under.b * keep, top.a + under.a * keep)
    }

    static func whitened(_ c: RGBA) -> RGBA {
        let share = 193.0 / 256
        return (c.r + (c.a - c.r) * share, c.g + (c.a - c.g) * share, c.b + (c.a - c.b) * share, c.a)
    }

    /// The curl direction of the documented tilt (15°) for `edge`, as the engine holds it (Q16: near the fold
    /// the curl's slope is unbounded, and on the stripes the direction's last bit shows).
    static func curlDirection(_ edge: TransitionSubtype) -> (Double, Double) {
        let c = (cos(Double.pi / 12) * 65536).rounded() / 65536, s = (sin(Double.pi / 12) * 65536).rounded() / 65536
        switch edge {
        case .fromRight: return (c, s)
        case .fromLeft: return (-c, s)
        case .fromBottom: return (s, c)
        case .fromTop: return (s, -c)
        }
    }

    /// The curl's source points for layer point (x, y): the front and the back pass (nil: nothing there), and
    /// the distance from the fold's far edge (points within 1/100 pixel of it are left out of comparisons).
    static func curl(_ x: Double, _ y: Double, edge: TransitionSubtype, progress p: Double)
        -> (front: (Double, Double)?, back: (Double, Double)?, edgeDistance: Double) {
        let (dx, dy) = curlDirection(edge)
        let corners = [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))]
        let us = corners.map { $0.0 * dx + $0.1 * dy }
        let nearest = us.min()!, farthest = us.max()!
        let radius = (farthest - nearest) / 8
        // The engine's progress is Q17.15: near the fold its last bit shows too.
        let axis = farthest - (p * 32768).rounded() / 32768 * (farthest - nearest + radius)
        let d = x * dx + y * dy - axis
        if d > radius { return (nil, nil, d - radius) }
        func point(_ s: Double) -> (Double, Double) { (x + (s - d) * dx, y + (s - d) * dy) }
        let front = d < 0 ? (x, y) : point(radius * asin(d / radius))
        let back = d < 0 ? point(Double.pi * radius - d) : point(radius * (Double.pi - asin(d / radius)))
        return (front, back, radius - d)
    }

    /// The model's pixel at layer point (x, y) of `page` curled over `under` (nil within 1/100 pixel of the
    /// fold's far edge, where the map jumps).
    static func curled(_ page: (Int, Int) -> (Double, Double, Double), over under: (Int, Int) -> (Double, Double, Double),
                       _ x: Double, _ y: Double, edge: TransitionSubtype, progress: Double) -> RGBA? {
        let curl = Self.curl(x, y, edge: edge, progress: progress)
        if abs(curl.edgeDistance) < 0.01 { return nil }
        let front = curl.front.map { sample(page, $0.0, $0.1) } ?? (0, 0, 0, 0)
        let back = curl.back.map { whitened(sample(page, $0.0, $0.1)) } ?? (0, 0, 0, 0)
        return over(back, over(front, sample(under, x, y)))
    }

    /// The ripple's source point for layer point (x, y).
    static func ripple(_ x: Double, _ y: Double, progress p: Double) -> (Double, Double) {
        let w = Double(width), h = Double(height)
        let cx = w / 2, cy = h / 2
        let amplitude = min(w, h) / 32 * sin(Double.pi * p), wavelength = max(w, h) / 6
        let r = hypot(x - cx, y - cy)
        if r == 0 { return (x, y) }
        let shift = amplitude * sin(2 * Double.pi * (r / wavelength - 2 * p))
        return (x - (x - cx) / r * shift, y - (y - cy) / r * shift)
    }

    /// The genie's source point for layer point (x, y).
    static func suck(_ x: Double, _ y: Double, progress p: Double) -> (Double, Double) {
        func eased(_ t: Double) -> Double { 3 * t * t - 2 * t * t * t }
        let bend = eased(min(2 * p, 1)), slide = eased(max((p - 0.25) * 4 / 3, 0))
        let v = min(max(y / Double(height), 0), 1)
        let halfWidth = 0.5 - bend * 0.45 * eased(v)
        let cx = Double(width) / 2
        return (cx + (x - cx) * 0.5 / halfWidth, y - slide * Double(height))
    }

    static func rgb(_ harness: borrowing CompositorHarness, _ x: Int, _ y: Int) -> (Double, Double, Double) {
        let value = harness.surface.pixel(x: x, y: y)!
        return (Double(value >> 16 & 255), Double(value >> 8 & 255), Double(value & 255))
    }

    /// How many layer pixels differ from `model` by more than `tolerance` in a channel (the worst is recorded).
    static func mismatches(_ harness: borrowing CompositorHarness, tolerance: Double,
                           model: (Double, Double) -> RGBA?) -> (count: Int, worst: String) {
        var count = 0, worst = ""
        var worstError = 0.0
        let under: RGBA = (background.0, background.1, background.2, 255)
        for y in 0..<height {
            for x in 0..<width {
                guard let want = model(Double(x) + 0.5, Double(y) + 0.5).map({ over($0, under) }) else { continue }
                let got = rgb(harness, x + originX, y + originY)
                let error = max(abs(got.0 - want.r), abs(got.1 - want.g), abs(got.2 - want.b))
                if error > tolerance { count += 1 }
                if error > worstError {
                    worstError = error
                    worst = "(\(x), \(y)): got \(got), want (\(want.r), \(want.g), \(want.b))"
                }
            }
        }
        return (count, worst)
    }

    // MARK: Tests

    @Test(arguments: [TransitionSubtype.fromRight, .fromLeft, .fromTop, .fromBottom], [0.2, 0.5, 0.8])
    func pageCurlFollowsTheCylinderModel(edge: TransitionSubtype, progress: Double) throws {
        let harness = try Self.drawn(.pageCurl, edge, progress: progress)
        let result = Self.mismatches(harness, tolerance: 2) { x, y in
            Self.curled(Self.oldColor, over: Self.newColor, x, y, edge: edge, progress: progress)
        }
        #expect(result.count == 0, "\(edge) at \(progress): \(result.count) pixels, worst \(result.worst)")
    }

    @Test(arguments: [0.3, 0.7])
    func pageUnCurlIsTheCurlOfTheNewPageBackwards(progress: Double) throws {
        let harness = try Self.drawn(.pageUnCurl, .fromLeft, progress: progress)
        let result = Self.mismatches(harness, tolerance: 2) { x, y in
            Self.curled(Self.newColor, over: Self.oldColor, x, y, edge: .fromLeft, progress: 1 - progress)
        }
        #expect(result.count == 0, "at \(progress): \(result.count) pixels, worst \(result.worst)")
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func rippleDisplacesTheDissolveAlongTheRadius(progress: Double) throws {
        let harness = try Self.drawn(.rippleEffect, progress: progress)
        let t = (progress * 255).rounded() / 255
        let result = Self.mismatches(harness, tolerance: 2) { x, y in
            let (sx, sy) = Self.ripple(x, y, progress: progress)
            let old = Self.sample(Self.oldColor, sx, sy), new = Self.sample(Self.newColor, sx, sy)
            return (old.r + (new.r - old.r) * t, old.g + (new.g - old.g) * t, old.b + (new.b - old.b) * t,
                    old.a + (new.a - old.a) * t)
        }
        #expect(result.count == 0, "at \(progress): \(result.count) pixels, worst \(result.worst)")
    }

    @Test(arguments: [0.2, 0.5, 0.8])
    func suckDrawsTheOldPictureThroughTheFunnel(progress: Double) throws {
        let harness = try Self.drawn(.suckEffect, progress: progress)
        let result = Self.mismatches(harness, tolerance: 2) { x, y in
            let (sx, sy) = Self.suck(x, y, progress: progress)
            return Self.over(Self.sample(Self.oldColor, sx, sy), Self.sample(Self.newColor, x, y))
        }
        #expect(result.count == 0, "at \(progress): \(result.count) pixels, worst \(result.worst)")
    }

    /// The area of the unit pixel centred at (x, y) inside the circle of `radius` about the origin: the
    /// circle's vertical extent over the pixel's rows, integrated across its columns (midpoint rule, 4,096 steps:
    /// the error is far below one 8-bit step).
    static func circleArea(inPixelCenteredAt x: Double, _ y: Double, radius: Double) -> Double {
        let steps = 4096
        var area = 0.0
        for step in 0..<steps {
            let u = x - 0.5 + (Double(step) + 0.5) / Double(steps)
            guard abs(u) < radius else { continue }
            let half = (radius * radius - u * u).squareRoot()
            area += max(0, min(y + 0.5, half) - max(y - 0.5, -half))
        }
        return area / Double(steps)
    }

    /// The iris at `progress`: inside the aperture circle the side it shows, the blades elsewhere in the layer.
    @Test(arguments: [0.2, 0.45, 0.5, 0.6, 0.9])
    func cameraIrisClosesOnTheOldAndOpensOnTheNew(progress: Double) throws {
        let harness = try Self.drawn(.cameraIris, progress: progress)
        let closing = progress < 0.5
        let openness = closing ? 1 - 2 * progress : 2 * progress - 1
        let radius = (hypot(Double(Self.width), Double(Self.height)) / 2 + 1) * openness
        let cx = Double(Self.width) / 2, cy = Double(Self.height) / 2
        let blade: RGBA = (48, 50, 56, 255)
        let result = Self.mismatches(harness, tolerance: 2) { x, y in
            let share = Self.circleArea(inPixelCenteredAt: x - cx, y - cy, radius: radius)
            let content = Self.sample(closing ? Self.oldColor : Self.newColor, x, y)
            return (content.r * share + blade.r * (1 - share), content.g * share + blade.g * (1 - share),
                    content.b * share + blade.b * (1 - share), 255)
        }
        #expect(result.count == 0, "at \(progress): \(result.count) pixels, worst \(result.worst)")
    }

    /// At progress 0 every type shows exactly the old picture (the warps start as the identity, the iris open).
    @Test(arguments: [TransitionType.pageCurl, .rippleEffect, .suckEffect, .cameraIris])
    func theFirstFrameIsTheOldPicture(type: TransitionType) throws {
        let harness = try Self.drawn(type, progress: 0)
        let result = Self.mismatches(harness, tolerance: 0) { x, y in Self.sample(Self.oldColor, x, y) }
        #expect(result.count == 0, "\(type): \(result.count) pixels, worst \(result.worst)")
    }

    /// The warp transitions and the iris draw their frames without a heap allocation.
    @Test(arguments: [TransitionType.pageCurl, .pageUnCurl, .rippleEffect, .suckEffect, .cameraIris])
    func framesAllocateNothing(type: TransitionType) throws {
        var harness = try CompositorHarness(width: 96, height: 64)
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 96, canvasHeight: 64, layerCapacity: 8))
        let layer = try engine.createLayer(kind: .plain)
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 80, height: 48), for: .bounds, of: layer)
        try engine.setValue(.pair(48, 32), for: .position, of: layer)
        try engine.setValue(.color(.white), for: .backgroundColor, of: layer)
        let transition = TransitionAnimation(type: type, subtype: .fromRight,
                                             changes: [PropertyChange(.backgroundColor, .color(.black))],
                                             timing: AnimationTiming(duration: 10, repeatCount: .infinity))
        try engine.addAnimation(.transition(transition), forKey: "transition", to: layer)
        #expect(try harness.allocations(playing: engine) == 0)
    }
}

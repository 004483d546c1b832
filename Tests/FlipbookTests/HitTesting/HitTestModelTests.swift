import Foundation
import FixedPoint
import Testing
@testable import Flipbook

/// Hit testing against an independent `Double` model: random trees of 2-D and perspective-turned layers with
/// rounded corners, `masksToBounds`, masks, hidden and transparent layers, built by `SceneSketch` (world
/// matrices in `Double`, converted once), and the model's own walk in `Double` over the same sketches.
@Suite struct HitTestModelTests {
    static let canvas = (width: 200.0, height: 150.0)
    /// Points whose model decision lies within this distance (layer points) of any rounded-bounds edge it
    /// tested, or where a turned layer's w is within `horizon` of the eye plane, are not compared: the
    /// snapshot's geometry is rounded to Q16.16 (positions, sizes, affine entries) and Q32.32 (3-D entries).
    static let edgeEpsilon = 1.0 / 64
    static let horizon = 1.0 / 64

    @Test func hitLayerMatchesTheDoubleModelOnRandomTrees() throws {
        var random = CompositorRandom(seed: 0x5EED_4817)
        var compared = 0, excluded = 0, hits = 0, mismatches: [String] = []
        for scene in 0..<255 {
            var slot: UInt16 = 1
            let roots = (0..<Int.random(in: 2...5, using: &random)).map { _ in
                Self.randomSketch(depth: 0, slot: &slot, random: &random)
            }
            let tree = try snapshot(roots, capacity: 1024)
            let model = roots.map { ModelLayer($0, parentWorld: ReferenceAffine(), parent3D: nil) }
            for _ in 0..<400 {
                let raw = (x: Int32.random(in: -10 * 65536...210 * 65536, using: &random),
                           y: Int32.random(in: -10 * 65536...160 * 65536, using: &random))
                let point = (x: Double(raw.x) / 65536, y: Double(raw.y) / 65536)
                var margin = Double.infinity
                var expected: UInt16? = nil
                for root in model.reversed() {
                    if let hit = Self.modelHit(root, point: point, margin: &margin) {
                        expected = hit
                        break
                    }
                }
                if margin < Self.edgeEpsilon { excluded += 1; continue }
                compared += 1
                let actual = tree.hitTest(Point(x: Fixed(raw: raw.x), y: Fixed(raw: raw.y)))?.index
                if expected != nil { hits += 1 }
                if actual != expected && mismatches.count < 10 {
                    mismatches.append("scene \(scene) point \(point): model \(String(describing: expected)), got \(String(describing: actual))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(compared >= 100_000 && compared + excluded == 102_000)
        #expect(excluded < 1_000, "near-edge points excluded: \(excluded)")
        #expect(hits > 25_000 && hits < compared - 10_000, "hits \(hits) of \(compared)")
        print("hit-test model: \(compared) compared, \(excluded) excluded within \(Self.edgeEpsilon) pt of an edge, \(hits) hits")
    }

    /// A random layer with up to three levels of sublayers below it.
    static func randomSketch(depth: Int, slot: inout UInt16, random: inout CompositorRandom) -> SceneSketch {
        var sketch = SceneSketch(slot, Double.random(in: -20...140, using: &random), Double.random(in: -20...100, using: &random),
                                 Double.random(in: 8...140, using: &random), Double.random(in: 8...110, using: &random))
        slot += 1
        if Bool.random(using: &random) { sketch.rotation = Double.random(in: -3...3, using: &random) }
        if Int.random(in: 0..<4, using: &random) == 0 {
            sketch.rotationY = Double.random(in: -1.3...1.3, using: &random)
            sketch.perspective = Double.random(in: 90...600, using: &random)
        }
        if Int.random(in: 0..<3, using: &random) == 0 { sketch.cornerRadius = Double.random(in: 0...60, using: &random) }
        sketch.masksToBounds = Int.random(in: 0..<3, using: &random) == 0
        sketch.isHidden = Int.random(in: 0..<20, using: &random) == 0
        if Int.random(in: 0..<20, using: &random) == 0 { sketch.opacity = 0 }
        if Int.random(in: 0..<6, using: &random) == 0 {
            var mask = SceneSketch(slot, Double.random(in: -10...40, using: &random), Double.random(in: -10...40, using: &random),
                                   Double.random(in: 10...80, using: &random), Double.random(in: 10...80, using: &random))
            slot += 1
            mask.cornerRadius = Double.random(in: 0...30, using: &random)
            mask.rotation = Double.random(in: -1...1, using: &random)
            sketch.mask = [mask]
        }
        if depth < 3 {
            sketch.sublayers = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                randomSketch(depth: depth + 1, slot: &slot, random: &random)
            }
        }
        return sketch
    }

    /// A sketch with its world matrices worked out once (`Double`), for the model's walk.
    struct ModelLayer {
        var sketch: SceneSketch
        var world: ReferenceAffine
        var world3D: ReferenceMatrix?
        var mask: [ModelLayer]
        var sublayers: [ModelLayer]

        init(_ sketch: SceneSketch, parentWorld: ReferenceAffine, parent3D: ReferenceMatrix?) {
            let (x, y, width, height) = sketch.frame
            let local = ReferenceAffine.translation(x + width / 2, y + height / 2)
                .concatenating(.rotation(sketch.rotation)).concatenating(.translation(-width / 2, -height / 2))
            self.sketch = sketch
            world = parentWorld.concatenating(local)
            world3D = sketch.matrix3D(world: world, local: local, parent3D: parent3D)
            let (world, world3D) = (world, world3D)
            mask = sketch.mask.suffix(1).map { ModelLayer($0, parentWorld: world, parent3D: world3D) }
            sublayers = sketch.sublayers.map { ModelLayer($0, parentWorld: world, parent3D: world3D) }
        }
    }

    /// The model's hit in `layer`'s subtree, keeping in `margin` the smallest distance of the point to an
    /// edge (or of a turned layer's w to the eye plane) that a decision depended on.
    static func modelHit(_ layer: ModelLayer, point: (x: Double, y: Double), margin: inout Double) -> UInt16? {
        let sketch = layer.sketch
        if sketch.isHidden || sketch.opacity == 0 { return nil }
        let (width, height) = (sketch.frame.width, sketch.frame.height)
        var inside = false
        if let position = Self.localPoint(point, world: layer.world, world3D: layer.world3D, margin: &margin) {
            let distance = CompositorProjectionTests.roundedRectDistance(
                x: position.x, y: position.y, rect: (0, 0, width, height), radius: min(sketch.cornerRadius, min(width, height) / 2))
            margin = min(margin, abs(distance))
            inside = distance < 0
        }
        if sketch.masksToBounds && !inside { return nil }
        if let mask = layer.mask.first, modelHit(mask, point: point, margin: &margin) == nil { return nil }
        for sublayer in layer.sublayers.reversed() {
            if let hit = modelHit(sublayer, point: point, margin: &margin) { return hit }
        }
        return inside ? sketch.slot : nil
    }

    /// The layer point drawn at canvas `point`: the affine inverse, or for a 3-D layer the point of its z = 0
    /// plane on the eye ray (nil behind the eye).
    static func localPoint(_ point: (x: Double, y: Double), world: ReferenceAffine, world3D: ReferenceMatrix?,
                           margin: inout Double) -> (x: Double, y: Double)? {
        guard let m = world3D else {
            let det = world.a * world.d - world.b * world.c
            let dx = point.x - world.tx, dy = point.y - world.ty
            return ((world.d * dx - world.c * dy) / det, (world.a * dy - world.b * dx) / det)
        }
        // [x y 1]·H = λ[sx sy 1] with H the x, y, w rows and columns: two linear equations in x and y.
        let (sx, sy) = point
        let a11 = m[0][0] - sx * m[0][3], a12 = m[1][0] - sx * m[1][3], b1 = sx * m[3][3] - m[3][0]
        let a21 = m[0][1] - sy * m[0][3], a22 = m[1][1] - sy * m[1][3], b2 = sy * m[3][3] - m[3][1]
        let det = a11 * a22 - a12 * a21
        let x = (b1 * a22 - a12 * b2) / det, y = (a11 * b2 - b1 * a21) / det
        let w = x * m[0][3] + y * m[1][3] + m[3][3]
        if abs(w) < horizon { margin = 0 }
        return w > 0 ? (x, y) : nil
    }
}

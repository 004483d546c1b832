import FixedPoint
import Foundation
import Testing
@testable import Flipbook

/// `transform` as a whole `CATransform3D` (`LayerTransform`): Core Animation's matrices, concatenation, the
/// decomposition into the layer's components (round trips at 500 random transforms and arbitrary axes), a layer
/// drawn through a set matrix as a `Double` model maps its corners, animations interpolating the components
/// (decomposition), value functions turning past half a turn, and the refusals.
@Suite struct TransformValueTests {
    typealias Model = DoubleSidedTests

    static func matrix(_ t: LayerTransform) -> [[Double]] { (1 ... 4).map { row in (1 ... 4).map { t[row, $0] } } }

    static func close(_ a: LayerTransform, _ b: LayerTransform, within tolerance: Double) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1)) }
    }

    /// A transform is a plain value, so `PropertyValue` stays trivial: control and engine queues keep values in
    /// raw memory, where assigning a value that must be released crashed (an array-backed matrix once did).
    @Test func valuesStayTrivial() {
        #expect(_isPOD(LayerTransform.self) && _isPOD(PropertyValue.self))
    }

    @Test func rotationsAndConcatenationAreCoreAnimations() throws {
        let angle = 0.7, c = cos(angle), s = sin(angle)
        let x = LayerTransform(rotationAngle: angle, x: 1, y: 0, z: 0)
        #expect(Self.close(x, try LayerTransform(entries: [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1]), within: 1e-12))
        let z = LayerTransform(rotationAngle: angle, x: 0, y: 0, z: 2)
        #expect(Self.close(z, try LayerTransform(entries: [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]), within: 1e-12))
        // About (1, 1, 1): the axis stays, a third of a turn cycles x → y → z.
        let third = LayerTransform(rotationAngle: 2 * Double.pi / 3, x: 1, y: 1, z: 1)
        #expect(Self.close(third, try LayerTransform(entries: [0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1]), within: 1e-9))
        // Concatenation is the matrix product, self first.
        let a = LayerTransform(translationX: 3, y: -2).rotated(by: 0.4, x: 0, y: 1, z: 0)
        let b = LayerTransform(scaleX: 2, y: 0.5, z: 1).translated(x: 1, y: 7, z: -3)
        let product = Model.product(Self.matrix(a), Self.matrix(b))
        #expect(Self.close(a.concatenating(b), try LayerTransform(entries: product.flatMap { $0 }), within: 1e-12))
        #expect(Self.close(LayerTransform(rotationAngle: 1.1, x: 0.3, y: -2, z: 0.5)
            .concatenating(LayerTransform(rotationAngle: -1.1, x: 0.3, y: -2, z: 0.5)), .identity, within: 1e-12))
    }

    /// A matrix made of components gives them back exactly, turns beyond half a turn and zero scales included.
    @Test func madeOfComponentsGivesThemBack() throws {
        var c = TransformComponents()
        (c.rotationZ, c.scaleY) = (4, 0)
        #expect(try LayerTransform(components: c).components() == c)
        var changed = LayerTransform(components: c)
        changed[4, 1] = 5  // an entry changed: taken apart from the entries (a zero scale cannot be)
        #expect(throws: EngineError.self) { try changed.components() }
    }

    @Test func componentsRoundTripAtRandom() throws {
        var worst = 0.0
        for trial in 0 ..< 500 {
            var c = TransformComponents()
            (c.translationX, c.translationY, c.translationZ) = (.random(in: -300 ... 300), .random(in: -300 ... 300), .random(in: -50 ... 50))
            (c.rotationX, c.rotationY, c.rotationZ) = (.random(in: -3 ... 3), .random(in: -1.5 ... 1.5), .random(in: -3 ... 3))
            (c.scaleX, c.scaleY, c.scaleZ) = (.random(in: 0.2 ... 3) * (trial % 5 == 0 ? -1 : 1), .random(in: 0.2 ... 3), .random(in: 0.2 ... 3))
            c.perspective = trial % 3 == 0 ? .random(in: 200 ... 2000) : 0
            // From its entries alone (a matrix made of components gives those back without taking it apart).
            let matrix = try LayerTransform(entries: LayerTransform(components: c).entries)
            let back = try matrix.components()
            for (x, y) in zip(c.values, back.values) { worst = max(worst, abs(x - y) / max(1, abs(x))) }
            // An arbitrary axis: the components found give the same matrix again.
            let turned = LayerTransform(rotationAngle: .random(in: -3 ... 3), x: .random(in: -1 ... 1), y: .random(in: -1 ... 1),
                                        z: .random(in: -1 ... 1)).translated(x: 5, y: 6, z: 7)
            #expect(Self.close(LayerTransform(components: try turned.components()), turned, within: 1e-4))
        }
        #expect(worst <= 1e-4, "worst relative difference \(worst)")
    }

    /// A layer given a matrix maps its corners as T(−anchor) · M · T(anchor) · T(position) does.
    @Test func aSetMatrixPlacesTheLayerAsTheModel() throws {
        let engine = try Fixture.engine()
        let layer = try engine.createLayer()
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 120, height: 80), for: .bounds, of: layer)
        try engine.setValue(.pair(400, 240), for: .position, of: layer)
        var perspective = LayerTransform.identity
        perspective[3, 4] = -1.0 / 600
        let m = LayerTransform(rotationAngle: 0.6, x: 1, y: 1, z: 0).scaled(x: 1.2, y: 0.9).translated(x: 10, y: -5, z: 20)
            .concatenating(perspective)
        try engine.setValue(.transform(m), for: .transform, of: layer)
        engine.advance(to: 0)
        let read = try engine.modelValue(of: .transform, of: layer)
        guard case .transform(let matrix) = read else {
            Issue.record("transform read back as \(read)")
            return
        }
        #expect(Self.close(matrix, m, within: 1e-4))
        let entry = try #require(engine.presentation.entries.first { $0.id == layer })
        let world = try #require(entry.transform3D)
        var model = Model.translation(-60, -40)
        for next in [Self.matrix(m), Model.translation(60, 40), Model.translation(340, 200)] { model = Model.product(model, next) }
        for (u, v) in [(0.0, 0.0), (120, 0), (120, 80), (0, 80)] {
            let image = (0 ..< 4).map { u * model[0][$0] + v * model[1][$0] + model[3][$0] }
            let point = try #require(try world.project(Point(x: Fixed(exactly: u), y: Fixed(exactly: v))))
            #expect(abs(point.x.doubleValue - image[0] / image[3]) <= 1.0 / 64 && abs(point.y.doubleValue - image[1] / image[3]) <= 1.0 / 64,
                    "(\(u), \(v)): \(point) vs \(image[0] / image[3]), \(image[1] / image[3])")
        }
    }

    /// A basic animation from one matrix to another moves every component linearly (interpolation by
    /// decomposition), the group's curve driving them together.
    @Test func animationsInterpolateTheComponents() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        var from = TransformComponents(), to = TransformComponents()
        (from.rotationZ, from.scaleX, from.translationY) = (0.2, 1, 10)
        (to.rotationZ, to.scaleX, to.translationY, to.rotationX) = (1.4, 2, -30, 0.8)
        var animation = BasicAnimation(keyPath: .transform, from: .transform(LayerTransform(components: from)),
                                       to: .transform(LayerTransform(components: to)))
        animation.timing = AnimationTiming(duration: 1, fillMode: .forwards, isRemovedOnCompletion: false)
        try engine.addAnimation(.basic(animation), forKey: "turn", to: layer)
        #expect(try engine.animationKeys(of: layer) == ["turn"])
        engine.advance(to: 500_000)
        for (property, expected) in [(LayerProperty.rotation, 0.8), (.scaleX, 1.5), (.translationY, -10), (.rotationX, 0.4)] {
            let value = Fixture.number(try engine.presentationValue(of: property, of: layer))
            #expect(abs(value - expected) <= 1e-3, "\(property.keyPath): \(value)")
        }
    }

    /// `rotateZ` from 0 to 2π turns once (a matrix could not tell the ends apart), and the transform is the
    /// function's alone while it runs: the model's scale of 2 is 1 then, and back after.
    @Test func aValueFunctionTurnsPastHalfATurn() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        try engine.setValue(.number(2), for: .scale, of: layer)
        engine.advance(to: 0)
        var spin = BasicAnimation(keyPath: .transform, from: .number(0), to: .number(2 * Double.pi),
                                  timing: AnimationTiming(duration: 1))
        spin.valueFunction = .rotateZ
        try engine.addAnimation(.basic(spin), forKey: "spin", to: layer)
        engine.advance(to: 750_000)
        #expect(abs(Fixture.number(try engine.presentationValue(of: .rotation, of: layer)) - 1.5 * Double.pi) <= 1e-3)
        #expect(Fixture.number(try engine.presentationValue(of: .scaleX, of: layer)) == 1)
        engine.advance(to: 1_100_000)
        #expect(Fixture.number(try engine.presentationValue(of: .scaleX, of: layer)) == 2)
    }

    @Test func refusals() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        let shear = try LayerTransform(entries: [1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        do {
            try engine.setValue(.transform(shear), for: .transform, of: layer)
            Issue.record("a shear was taken")
        } catch {
            guard case .invalidValue(_, "transform", _, .notDecomposable) = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(throws: EngineError.self) { try LayerTransform(entries: [1, 2, 3]) }
        #expect(throws: EngineError.self) { try engine.setValue(.number(1), for: .transform, of: layer) }
        let spring = SpringAnimation(BasicAnimation(keyPath: .transform, to: .transform(.identity)))
        #expect(throws: EngineError.self) { try engine.addAnimation(.spring(spring), forKey: nil, to: layer) }
        var wrongPath = BasicAnimation(keyPath: .opacity, to: .number(1))
        wrongPath.valueFunction = .rotateZ
        #expect(throws: EngineError.self) { try engine.addAnimation(.basic(wrongPath), forKey: nil, to: layer) }
        var far = LayerTransform.identity
        far[3, 4] = -1.0 / 500
        #expect(throws: EngineError.self) {
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .transform, from: .transform(.identity), to: .transform(far))),
                                    forKey: nil, to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }
}

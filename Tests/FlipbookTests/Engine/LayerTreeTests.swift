import FixedPoint
import Motion
import Testing
@testable import Flipbook

@Suite("Layer tree, snapshot order and errors")
struct LayerTreeTests {
    @Test func defaultsFollowCoreAnimation() throws {
        let engine = try Fixture.engine()
        let shape = try engine.createLayer(kind: .shape)
        #expect(try engine.modelValue(of: .anchorPoint, of: shape) == .pair(0.5, 0.5))
        #expect(try engine.modelValue(of: .opacity, of: shape) == .number(1))
        #expect(try engine.modelValue(of: .borderColor, of: shape) == .color(.black))
        #expect(try engine.modelValue(of: .backgroundColor, of: shape) == .color(nil))
        #expect(try engine.modelValue(of: .shadowOffset, of: shape) == .pair(0, -3))
        #expect(try engine.modelValue(of: .shadowRadius, of: shape) == .number(3))
        #expect(try engine.modelValue(of: .fillColor, of: shape) == .color(.black))
        #expect(try engine.modelValue(of: .strokeColor, of: shape) == .color(nil))
        #expect(try engine.modelValue(of: .lineWidth, of: shape) == .number(1))
        #expect(try engine.modelValue(of: .miterLimit, of: shape) == .number(10))
        #expect(try engine.modelValue(of: .strokeEnd, of: shape) == .number(1))
        #expect(try engine.modelValue(of: .scaleY, of: shape) == .number(1))
    }

    /// Drawing order: parent first, sublayers by zPosition then sublayer order; subtreeEnd closes each.
    @Test func snapshotOrderAndSubtrees() throws {
        let engine = try Fixture.engine()
        let a = try Fixture.layer(in: engine, name: "a")
        let b = try Fixture.layer(in: engine, name: "b")
        let c = try Fixture.layer(in: engine, name: "c")
        let a1 = try engine.createLayer(name: "a1")
        try engine.addSublayer(a1, to: a)
        try engine.setValue(.number(1), for: .zPosition, of: a)   // a draws last among the root's sublayers
        engine.advance(to: 0)
        let tree = engine.presentation
        let ids = (0 ..< tree.count).map { tree[$0].id }
        #expect(ids == [engine.root, b, c, a, a1])
        #expect(tree[0].subtreeEnd == 5)
        #expect(tree[3].subtreeEnd == 5)
        #expect(tree[4].parentIndex == 3)
        #expect(tree.drawCount == 5)
    }

    /// World transform: position at the anchor, bounds origin, scale and rotation about the anchor.
    @Test func worldTransformPlacesTheAnchorAtThePosition() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.setValue(.pair(100, 50), for: .position, of: layer)
        try engine.setValue(.rect(x: 0, y: 0, width: 40, height: 20), for: .bounds, of: layer)
        try engine.setValue(.number(2), for: .scale, of: layer)
        engine.advance(to: 0)
        let entry = engine.presentation[1]
        let corner = entry.transform.apply(to: Point(x: .zero, y: .zero))
        #expect(corner == Point(x: Fixed(60), y: Fixed(30)))
        let center = entry.transform.apply(to: Point(x: Fixed(20), y: Fixed(10)))
        #expect(center == Point(x: Fixed(100), y: Fixed(50)))
    }

    @Test func masksFollowTheDrawnTree() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let mask = try engine.createLayer(kind: .shape, name: "mask")
        try engine.setMask(mask, of: layer)
        engine.advance(to: 0)
        let tree = engine.presentation
        #expect(tree.drawCount == 2)
        #expect(tree.count == 3)
        #expect(tree[1].maskIndex == 2)
        #expect(tree[2].isMask && tree[2].id == mask)
    }

    @Test func changeStampsMarkOnlyChangedLayers() throws {
        let engine = try Fixture.engine()
        let still = try Fixture.layer(in: engine)
        let moving = try Fixture.layer(in: engine)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                      timing: AnimationTiming(duration: 1))), forKey: "x", to: moving)
        engine.advance(to: 0)
        engine.advance(to: 100_000)
        let tree = engine.presentation
        #expect(tree[1].id == still && tree[1].changeStamp == 1)
        #expect(tree[2].id == moving && tree[2].changeStamp == 2)
    }

    // MARK: - Errors

    @Test func staleHandleIsRefused() throws {
        let engine = try Fixture.engine()
        let layer = try engine.createLayer()
        try engine.destroyLayer(layer)
        #expect(throws: EngineError.staleLayer(layer)) { try engine.setValue(.number(1), for: .opacity, of: layer) }
        let reused = try engine.createLayer()
        #expect(reused.index == layer.index && reused.generation != layer.generation)
    }

    @Test func cycleIsRefused() throws {
        let engine = try Fixture.engine()
        let parent = try engine.createLayer(name: "parent")
        let child = try engine.createLayer(name: "child")
        try engine.addSublayer(child, to: parent)
        #expect(throws: EngineError.sublayerCycle(layer: LayerName(id: parent, name: "parent"),
                                                  superlayer: LayerName(id: child, name: "child"))) {
            try engine.addSublayer(parent, to: child)
        }
        #expect(throws: EngineError.self) { try engine.addSublayer(parent, to: parent) }
    }

    @Test func maskErrors() throws {
        let engine = try Fixture.engine()
        let a = try engine.createLayer(name: "a")
        let b = try engine.createLayer(name: "b")
        let mask = try engine.createLayer(name: "m")
        #expect(throws: EngineError.invalidMask(layer: LayerName(id: a, name: "a"), mask: LayerName(id: a, name: "a"),
                                                reason: .maskIsTheLayer)) { try engine.setMask(a, of: a) }
        try engine.setMask(mask, of: a)
        #expect(throws: EngineError.invalidMask(layer: LayerName(id: b, name: "b"), mask: LayerName(id: mask, name: "m"),
                                                reason: .alreadyMasksAnotherLayer(LayerName(id: a, name: "a")))) {
            try engine.setMask(mask, of: b)
        }
    }

    @Test func fullPoolIsATypedError() throws {
        let engine = try Fixture.engine(layers: 3)
        _ = try engine.createLayer()
        _ = try engine.createLayer()
        #expect(throws: EngineError.poolFull(.layers, capacity: 3)) { _ = try engine.createLayer() }
    }

    @Test func badValuesNameTheFieldAndValue() throws {
        let engine = try Fixture.engine()
        let layer = try engine.createLayer(name: "card")
        let name = LayerName(id: layer, name: "card")
        #expect(throws: EngineError.invalidValue(layer: name, field: "opacity", value: 1.5,
                                                 reason: .outOfRange(min: 0, max: 1))) {
            try engine.setValue(.number(1.5), for: .opacity, of: layer)
        }
        #expect(throws: EngineError.valueKindMismatch(layer: name, field: "position", expected: .pair, got: .number)) {
            try engine.setValue(.number(1), for: .position, of: layer)
        }
        #expect(throws: EngineError.wrongLayerKind(layer: name, field: "strokeEnd", kind: .plain)) {
            try engine.setValue(.number(0.5), for: .strokeEnd, of: layer)
        }
        #expect(throws: EngineError.self) { try engine.setValue(.number(.nan), for: .cornerRadius, of: layer) }
        #expect(throws: EngineError.unknownKeyPath("transform.skew")) { _ = try LayerProperty(keyPath: "transform.skew") }
    }

    @Test func badAnimationsAreRefused() throws {
        let engine = try Fixture.engine()
        let layer = try engine.createLayer()
        let unordered = KeyframeAnimation(keyPath: .positionX, values: [.number(0), .number(1), .number(2)],
                                          keyTimes: [0, 0.7, 0.5])
        #expect(throws: EngineError.invalidAnimation(field: "keyTimes", reason: "must be non-decreasing (0.5 after 0.7)")) {
            try engine.addAnimation(.keyframe(unordered), forKey: "k", to: layer)
        }
        let miscounted = KeyframeAnimation(keyPath: .positionX, values: [.number(0), .number(1)], keyTimes: [0, 0.5, 1])
        #expect(throws: EngineError.self) { try engine.addAnimation(.keyframe(miscounted), forKey: "k", to: layer) }
        let negative = BasicAnimation(keyPath: .opacity, to: .number(0), timing: AnimationTiming(duration: -1))
        #expect(throws: EngineError.invalidValue(layer: nil, field: "duration", value: -1, reason: .negative)) {
            try engine.addAnimation(.basic(negative), forKey: "o", to: layer)
        }
        let spring = SpringAnimation(BasicAnimation(keyPath: .opacity, to: .number(0)), stiffness: 0)
        #expect(throws: EngineError.self) { try engine.addAnimation(.spring(spring), forKey: "s", to: layer) }
        let curve = BasicAnimation(keyPath: .opacity, to: .number(0),
                                   timing: AnimationTiming(duration: 1, timingFunction: .controlPoints(1.5, 0, 1, 1)))
        #expect(throws: EngineError.self) { try engine.addAnimation(.basic(curve), forKey: "c", to: layer) }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }
}

@Suite("3-D world transforms")
struct Transform3DTests {
    @Test func perspectiveAndRotationGiveA3DTransformInheritedBySublayers() throws {
        let engine = try Fixture.engine()
        let card = try Fixture.layer(in: engine, modelX: 100)
        let flat = try Fixture.layer(in: engine)
        let child = try engine.createLayer()
        try engine.addSublayer(child, to: card)
        try engine.setValue(.number(500), for: .perspective, of: card)
        try engine.setValue(.number(Double.pi / 3), for: .rotationY, of: card)
        engine.advance(to: 0)
        let tree = engine.presentation
        let cardEntry = tree[1]
        let matrix = try #require(cardEntry.transform3D)
        #expect(abs(Double(matrix.row3.w.raw) / 4_294_967_296 + 0.5 / 500) <= 1e-6)   // cos 60° · (−1/d)
        #expect(abs(Double(matrix.row1.w.raw) / 4_294_967_296 - 0.8660254 / 500) <= 1e-6) // sin 60° / d
        #expect(abs(cardEntry.transform.a.doubleValue - 0.5) <= 1e-4)                 // cos 60°
        #expect(cardEntry.transform.tx.doubleValue == 100)
        #expect(tree[2].id == child && tree[2].transform3D != nil)
        #expect(tree[3].id == flat && tree[3].transform3D == nil)
    }
}

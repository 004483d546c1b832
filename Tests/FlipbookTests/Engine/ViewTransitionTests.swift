import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

/// `transition(from:to:duration:options:completion:)` (UIKit's view replacement): the container's outgoing side
/// holds the old layer and not the new one, its incoming side the reverse, drawn as a cross-dissolve of the two;
/// when it ends the old layer is no longer drawn, then leaves the tree, and the completion runs.
@Suite struct ViewTransitionTests {
    static let oldColor = Color(red: 200, green: 40, blue: 40), newColor = Color(red: 40, green: 90, blue: 220)

    /// A 64 × 48 canvas with a container holding one 40 × 30 square of `oldColor`, and a detached square of
    /// `newColor` to replace it with.
    static func scene() throws -> (Engine, container: LayerID, old: LayerID, new: LayerID) {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 64, canvasHeight: 48, layerCapacity: 8))
        let container = try engine.createLayer(kind: .plain)
        try engine.addSublayer(container, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 64, height: 48), for: .bounds, of: container)
        try engine.setValue(.pair(32, 24), for: .position, of: container)
        var squares: [LayerID] = []
        for color in [oldColor, newColor] {
            let square = try engine.createLayer(kind: .plain)
            try engine.setValue(.rect(x: 0, y: 0, width: 40, height: 30), for: .bounds, of: square)
            try engine.setValue(.pair(32, 24), for: .position, of: square)
            try engine.setValue(.color(color), for: .backgroundColor, of: square)
            squares.append(square)
        }
        try engine.addSublayer(squares[0], to: container)
        engine.advance(to: 0)
        return (engine, container, squares[0], squares[1])
    }

    /// The layers each side of the container's transition shows, by handle, in drawing order.
    static func sides(_ engine: Engine, container: LayerID) -> (outgoing: [LayerID], incoming: [LayerID]) {
        let tree = engine.presentation
        var outgoing: [LayerID] = [], incoming: [LayerID] = []
        for index in 0..<tree.count where tree[index].id == container {
            let end = Int(tree[index].subtreeEnd)
            let children = (index + 1 ..< end).map { tree[$0].id }
            if tree[index].transition?.role == .outgoing { outgoing = children } else { incoming = children }
        }
        return (outgoing, incoming)
    }

    @Test func eachSideShowsItsLayerAndTheOldOneLeavesAtTheEnd() throws {
        let (engine, container, old, new) = try Self.scene()
        var finished: [Bool] = []
        try engine.transition(from: old, to: new, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                              completion: { finished.append($0) })
        #expect(try engine.sublayers(of: container) == [old, new])
        engine.advance(to: 500_000)
        let sides = Self.sides(engine, container: container)
        #expect(sides.outgoing == [old] && sides.incoming == [new])
        engine.deliverCallbacks()
        #expect(finished.isEmpty)
        // The frame the transition ends in draws the new layer only, before the completion removes the old one.
        engine.advance(to: 1_000_000)
        let drawn = (0..<engine.presentation.count).map { engine.presentation[$0].id }
        #expect(drawn.contains(new) && !drawn.contains(old))
        engine.deliverCallbacks()
        #expect(finished == [true])
        #expect(try engine.sublayers(of: container) == [new] && engine.superlayer(of: old) == nil)
        // Added again later, the old layer is drawn as any other.
        try engine.addSublayer(old, to: container)
        engine.advance(to: 1_100_000)
        #expect((0..<engine.presentation.count).map { engine.presentation[$0].id }.contains(old))
    }

    /// Half-way through a linear cross-dissolve every pixel of the square is the mean of the two colours.
    @Test func theContainerCrossDissolvesTheTwoLayers() throws {
        let (engine, _, old, new) = try Self.scene()
        var harness = try CompositorHarness(width: 64, height: 48)
        try engine.transition(from: old, to: new, duration: 1, options: [.curveLinear])
        engine.advance(to: 500_000)
        try harness.render(engine.presentation)
        let t = (0.5 * 255).rounded() / 255
        func mixed(_ a: UInt8, _ b: UInt8) -> Double { Double(a) + (Double(b) - Double(a)) * t }
        var wrong = 0
        for y in 9..<39 {
            for x in 12..<52 {
                let value = harness.surface.pixel(x: x, y: y)!
                let got = [Double(value >> 16 & 255), Double(value >> 8 & 255), Double(value & 255)]
                let want = [mixed(Self.oldColor.red, Self.newColor.red), mixed(Self.oldColor.green, Self.newColor.green),
                            mixed(Self.oldColor.blue, Self.newColor.blue)]
                if zip(got, want).contains(where: { abs($0 - $1) > 1 }) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// A flip is one turning entry: the old layer until it is edge-on, the new one after.
    @Test func aFlipShowsTheOldLayerThenTheNewOne() throws {
        let (engine, container, old, new) = try Self.scene()
        try engine.transition(from: old, to: new, duration: 1, options: [.transitionFlipFromLeft, .curveLinear])
        for (time, shown, hidden) in [(250_000, old, new), (750_000, new, old)] {
            engine.advance(to: MediaTime(time))
            let tree = engine.presentation
            let index = try #require((0..<tree.count).first { tree[$0].id == container })
            let children = (index + 1 ..< Int(tree[index].subtreeEnd)).map { tree[$0].id }
            #expect(children.contains(shown) && !children.contains(hidden), "at \(time) µs")
        }
    }

    /// UIKit's curl options select the page curl and uncurl from the bottom edge.
    @Test(arguments: [(ViewAnimationOptions.transitionCurlUp, TransitionType.pageCurl),
                      (.transitionCurlDown, .pageUnCurl), (.transitionCrossDissolve, .fade)])
    func curlOptionsChooseThePageCurl(option: ViewAnimationOptions, type: TransitionType) throws {
        let (engine, container, old, new) = try Self.scene()
        try engine.transition(from: old, to: new, duration: 1, options: [option])
        engine.advance(to: 300_000)
        let entry = (0..<engine.presentation.count).map { engine.presentation[$0] }.first { $0.id == container }
        #expect(entry?.transition?.type == type)
        if type != .fade { #expect(entry?.transition?.subtype == .fromBottom) }
    }

    @Test func withAnimationsDisabledTheLayersSwapAtOnce() throws {
        let (engine, container, old, new) = try Self.scene()
        var finished: [Bool] = []
        engine.setAnimationsEnabled(false)
        try engine.transition(from: old, to: new, duration: 1, completion: { finished.append($0) })
        engine.advance(to: 10_000)
        engine.deliverCallbacks()
        #expect(try engine.sublayers(of: container) == [new] && finished == [true])
        #expect((0..<engine.presentation.count).allSatisfy { engine.presentation[$0].transition == nil })
    }

    @Test func badInputIsRefusedByName() throws {
        let (engine, _, old, new) = try Self.scene()
        func refusal(_ body: () throws(EngineError) -> Void) -> (field: String, reason: ValueProblem)? {
            do throws(EngineError) { try body() } catch {
                if case let .invalidValue(_, field, _, reason) = error { return (field, reason) }
            }
            return nil
        }
        #expect(refusal { () throws(EngineError) in try engine.transition(from: old, to: old, duration: 1) }
            .map { $0.field == "toView" && $0.reason == .replacesItself } == true)
        #expect(refusal { () throws(EngineError) in try engine.transition(from: new, to: old, duration: 1) }
            .map { $0.field == "superlayer" } == true)
        #expect(refusal { () throws(EngineError) in try engine.transition(from: old, to: new, duration: 0) }
            .map { $0.field == "duration" } == true)
        #expect(try engine.sublayers(of: engine.superlayer(of: old)!) == [old])
    }
}

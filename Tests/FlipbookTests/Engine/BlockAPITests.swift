import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

@Suite("Block API and display link")
struct BlockAPITests {
    @Test func animateMovesAndCompletesOnce() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        var finished: [Bool] = []
        try engine.animate(withDuration: 1, options: [.curveLinear], animations: { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
        }, completion: { finished.append($0) })
        for time in [0.0, 0.5, 1.0, 1.5] {
            let x = try Fixture.x(engine, layer, at: time)
            engine.deliverCallbacks()
            if time == 0.5 { #expect(abs(x - 50) <= 0.01) }
        }
        #expect(finished == [true])
    }

    @Test func repeatAndAutoreverseOptionsAndDelay() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        try engine.animate(withDuration: 1, delay: 1, options: [.curveLinear, .repeat, .autoreverse], animations: { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
        })
        #expect(try Fixture.x(engine, layer, at: 0.5) == 0)        // delay: holds the start (fill backwards)
        #expect(abs(try Fixture.x(engine, layer, at: 1.25) - 25) <= 0.01)
        #expect(abs(try Fixture.x(engine, layer, at: 2.25) - 75) <= 0.01)   // coming back
        #expect(abs(try Fixture.x(engine, layer, at: 5.5) - 50) <= 0.01)    // forever
    }

    /// UIKit spring mapping (SEMANTICS §3): ζ 0.5, T 0.5 s → k 646.88, c 25.434; the layer follows the
    /// closed-form solution of that spring.
    @Test func springBlockFollowsTheUIKitMapping() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        try engine.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, animations: { () throws(EngineError) in
            try engine.setValue(.pair(1000, 0), for: .position, of: layer)
        })
        let omega = 646.88.squareRoot(), zeta = 25.434 / (2 * omega), damped = omega * (1 - zeta * zeta).squareRoot()
        for time in [0.05, 0.1, 0.2] {
            let envelope: Double = exp(-zeta * omega * time)
            let oscillation: Double = cos(damped * time) + zeta * omega / damped * sin(damped * time)
            let x = 1 - envelope * oscillation
            let value = try Fixture.x(engine, layer, at: time) / 1000
            #expect(abs(value - x) <= 1e-3, "t \(time): \(value) vs \(x)")
        }
    }

    @Test func keyframesHoldBetweenWindows() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        try engine.animateKeyframes(withDuration: 1, animations: { () throws(EngineError) in
            try engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { () throws(EngineError) in
                try engine.setValue(.pair(100, 0), for: .position, of: layer)
            }
            try engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { () throws(EngineError) in
                try engine.setValue(.pair(200, 0), for: .position, of: layer)
            }
        })
        for (time, expected) in [(0.125, 50.0), (0.375, 100), (0.75, 150), (1.5, 200)] {
            #expect(abs(try Fixture.x(engine, layer, at: time) - expected) <= 0.01, "t \(time)")
        }
    }

    @Test func crossDissolveAndFlipTransitions() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        try engine.setValue(.rect(x: 0, y: 0, width: 100, height: 50), for: .bounds, of: layer)
        try engine.transition(with: layer, duration: 1, animations: { () throws(EngineError) in
            try engine.setValue(.color(.white), for: .backgroundColor, of: layer)
        })
        engine.advance(to: Fixture.micros(0.5))
        #expect(engine.presentation.count == 3)
        #expect(engine.presentation[2].transition?.type == .fade)
        engine.advance(to: Fixture.micros(2))
        try engine.transition(with: layer, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: { () throws(EngineError) in
            try engine.setValue(.color(.black), for: .backgroundColor, of: layer)
        })
        engine.advance(to: Fixture.micros(2.25))
        #expect(engine.presentation.count == 2)
        let entry = engine.presentation[1]
        #expect(entry.backgroundColor == .white)                    // old content on the way out
        #expect(abs(entry.transform.a.doubleValue - cos(Double.pi / 4)) <= 1e-3)
        engine.advance(to: Fixture.micros(2.75))
        #expect(engine.presentation[1].backgroundColor == .black)
    }

    @Test func zeroDurationAppliesAtOnce() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        var finished: [Bool] = []
        try engine.animate(withDuration: 0, animations: { () throws(EngineError) in
            try engine.setValue(.pair(70, 0), for: .position, of: layer)
        }, completion: { finished.append($0) })
        #expect(finished == [true])
        #expect(try Fixture.x(engine, layer, at: 0.01) == 70)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test func blockErrors() throws {
        let engine = try Fixture.engine()
        #expect(throws: EngineError.invalidValue(layer: nil, field: "delay", value: -1, reason: .negative)) {
            try engine.animate(withDuration: 1, delay: -1, animations: {})
        }
        #expect(throws: EngineError.self) {
            try engine.animate(withDuration: 0.5, usingSpringWithDamping: 1.5, initialSpringVelocity: 0, animations: {})
        }
        #expect(throws: EngineError.self) { try engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {} }
    }

    @Test func displayLinkTimestampsAndPreferredRate() throws {
        var fired: [(MediaTime, MediaTime)] = []
        var link = try DisplayLink(frameInterval: 16_667) { fired.append(($0.timestamp, $0.targetTimestamp)) }
        try link.setPreferredFramesPerSecond(30)
        for frame in 1 ... 6 { try link.step(presentedAt: MediaTime(frame) * 16_667) }
        #expect(fired.map(\.0) == [16_667, 50_001, 83_335])
        #expect(fired[0].1 == 33_334)
        link.isPaused = true
        #expect(try !link.step(presentedAt: 200_000))
        #expect(throws: EngineError.self) { try link.step(presentedAt: 100) }
        #expect(throws: EngineError.self) { _ = try DisplayLink(frameInterval: 0) { _ in } }
    }
}

import FixedPoint
import Foundation
import Motion
import Raster
import Testing
@testable import Flipbook

/// Paths a caller released are reused once nothing refers to them (CGPath's retain/release: the layer
/// holds its path, the caller lets go of its own handle).
@Suite("Path reclamation")
struct PathReclamationTests {
    /// Seed 001's wave: 121 points of `amplitude · sin(…x + phase) + amplitude`, closed below.
    static func wave(phase: Double) throws -> Path {
        var path = try Path()
        for x in 0 ... 120 {
            let y = 12 * sin(3 * Double(x) * .pi / 120 + phase * .pi / 180) + 12
            let point = Point(x: try Fixed(exactly: Double(x)), y: try Fixed(exactly: (y * 256).rounded() / 256))
            if x == 0 { try path.move(to: point) } else { try path.line(to: point) }
        }
        try path.line(to: Point(x: Fixed(120), y: Fixed(60)))
        try path.line(to: Point(x: Fixed(0), y: Fixed(60)))
        return path
    }

    @Test func aWaveSetEveryFrameRunsTenMinutes() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let waves = try (0 ..< 45).map { try Self.wave(phase: Double($0) * 8) }
        for frame in 0 ..< 36_000 {
            let wave = waves[frame % 45]
            let path = try engine.addPath(wave)
            try engine.setValue(.path(path), for: .path, of: shape)
            try engine.releasePath(path)
            engine.advance(to: MediaTime(frame) * 16_667)
            guard try engine.presentationValue(of: .path, of: shape) == .path(path) else {
                Issue.record("frame \(frame): the new path is not shown")
                return
            }
            if frame % 97 == 0 {   // the (reused) slot holds this frame's wave
                let shown = try #require(engine.presentation.resources.path(for: path))
                #expect(shown.point(at: 7) == wave.point(at: 7), "frame \(frame)")
            }
        }
    }

    @Test func aReleasedPathStaysWhileReferencedAndItsHandleIsRefused() throws {
        let engine = try Fixture.engine()
        let shape = try Fixture.layer(in: engine, kind: .shape)
        let kept = try engine.addPath(Self.wave(phase: 0))
        try engine.setValue(.path(kept), for: .path, of: shape)
        try engine.releasePath(kept)
        #expect(throws: EngineError.unknownResource(.path, index: Int(kept.index))) { try engine.releasePath(kept) }
        #expect(throws: EngineError.unknownResource(.path, index: Int(kept.index))) {
            try engine.setValue(.path(kept), for: .path, of: shape)
        }
        engine.advance(to: 0)
        // Fill the store with released, unreferenced paths: the layer's path is never reclaimed.
        for _ in 0 ..< EngineResources.capacity + 10 {
            try engine.releasePath(try engine.addPath(Self.wave(phase: 90)))
        }
        let shown = try #require(engine.presentation.resources.path(for: kept))
        #expect(shown.pointCount == 123)
        #expect(shown.point(at: 0) == (try Self.wave(phase: 0)).point(at: 0))
    }

    /// A layer's shadow path is a reference too: released, it survives a full store's reclamation.
    @Test func aReleasedShadowPathStaysWhileALayerCastsIt() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let kept = try engine.addPath(Self.wave(phase: 0))
        try engine.setValue(.path(kept), for: .shadowPath, of: layer)
        try engine.releasePath(kept)
        engine.advance(to: 0)
        for _ in 0 ..< EngineResources.capacity + 10 {
            try engine.releasePath(try engine.addPath(Self.wave(phase: 90)))
        }
        let shown = try #require(engine.presentation.resources.path(for: kept))
        #expect(shown.point(at: 0) == (try Self.wave(phase: 0)).point(at: 0))
        #expect(try engine.presentationValue(of: .shadowPath, of: layer) == .path(kept))
    }
}

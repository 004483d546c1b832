// The link-time "no allocation in a frame" proof.
//
// `flipbook_proof_frame` calls the frame-path functions of every core module built in Embedded mode.
// Its state arrives by pointer, the way a real frame receives what setup built, so setup code is not
// part of this link. The program is linked with -Wl,--gc-sections against runtime/freestanding.c, which
// has no allocator: if any allocation were reachable from this entry, the link would fail on an
// undefined `posix_memalign` or `free`. The binary is a proof by linking, not meant to be run with
// arguments (without arguments it exits 0 without touching the state).
import FixedPoint

#if canImport(Motion)
import Motion
#endif
#if canImport(Raster)
import Raster
#endif
#if canImport(Flipbook)
import Flipbook
#endif

/// What one frame reads: values setup produced (timing curves point into setup-built tables).
struct ProofState {
    var affine: Affine
    var components: Transform3D.Components
    var start: Color
    var end: Color
    #if canImport(Motion)
    var timing: MediaTiming
    var curve: TimingCurve
    var spring: SpringCurve
    #endif
    #if canImport(Raster)
    var surface: Surface
    var path: UnsafePointer<Path>
    var rasterizer: UnsafeMutablePointer<Rasterizer>
    var cards: UnsafeMutablePointer<RoundedRectPainter>
    #endif
    #if canImport(Flipbook)
    /// The run loop setup built (engine and compositor): the frame runs its two allocation-free parts.
    var runLoop: UnsafeMutablePointer<RunLoop>
    #endif
}

/// One frame's worth of FixedPoint maths: transforms, projection, trigonometry, colour.
@_noAllocation
func fixedPointFrame(_ state: UnsafePointer<ProofState>, progress: Progress) -> Int64 {
    let angle = Fixed.pi.interpolated(to: -Fixed.pi, by: progress)
    var checksum = Int64(angle.sine.raw) &+ Int64(angle.cosine.raw)
    checksum &+= Int64(Fixed.atan2(y: angle, x: Fixed.one).raw)
    checksum &+= Int64((try? Fixed.exp(-angle))?.raw ?? 0) &+ Int64((try? angle.squareRoot())?.raw ?? 0)
    let rotation = state.pointee.affine.concatenating(Affine(rotationAngle: angle))
    let point = rotation.apply(to: Point(x: angle, y: Fixed.half))
    checksum &+= Int64(point.x.raw) &+ Int64((try? rotation.inverted())?.tx.raw ?? 0)
    var components = state.pointee.components
    components.rotationY = angle
    if let matrix = try? Transform3D(components), let image = try? matrix.project(point) {
        checksum &+= Int64(image.x.raw) &+ Int64(image.y.raw)
    }
    let color = state.pointee.start.interpolated(to: state.pointee.end, by: progress).premultiplied()
    return checksum &+ Int64(color.unpremultiplied().red)
}

#if canImport(Motion)
/// One frame's worth of Motion: media timing, the timing curve, and a spring's state.
@_noAllocation
func motionFrame(_ state: UnsafePointer<ProofState>, time: MediaTime) -> Progress {
    guard let timing = state.pointee.timing.evaluate(parentTime: time) else { return .zero }
    let spring = state.pointee.spring.state(at: timing.iterationTime)
    return state.pointee.curve.value(at: timing.progress) + spring.progress
}
#endif

#if canImport(Raster)
/// One frame's worth of Raster: clear, a rounded card, a transformed path, damage bookkeeping.
@_noAllocation
func rasterFrame(_ state: UnsafePointer<ProofState>, progress: Progress) -> Bool {
    let surface = state.pointee.surface
    let color = Color(red: 30, green: 60, blue: 90).interpolated(to: .white, by: progress).premultiplied()
    surface.fill(surface.bounds, color: color)
    var damage = DamageList()
    damage.add(surface.bounds)
    let side = Fixed(Int16(40))
    let card = Rect(x: Fixed.zero.interpolated(to: side, by: progress), y: .zero, width: side, height: side)
    guard let shape = try? RoundedRect(rect: card, cornerRadius: Fixed(Int16(6))),
        (try? state.pointee.cards.pointee.fill(shape, color: color, into: surface)) != nil,
        var sink = try? SolidColorSink(surface: surface, color: color, opacity: 200)
    else { return false }
    let transform = Affine(rotationAngle: Fixed.pi.interpolated(to: .zero, by: progress))
    // `Path` keeps its points in reference-counted storage: borrowing it retains and releases, which the
    // type-based @_noAllocation check counts as a possible deallocation. The link below is the precise
    // proof that no allocation or deallocation is reachable.
    return _unsafePerformance {
        (try? state.pointee.rasterizer.pointee.fill(
            state.pointee.path.pointee, transform: transform, rule: .nonZero, clip: surface.clip, into: &sink)) != nil
    }
}
#endif

#if canImport(Flipbook)
/// One run-loop frame: advance the model (edits, animations, snapshot), then composite the damaged pixels
/// (`RunLoop.advanceModel(to:)` and `renderDamage(into:)`, the allocation-free parts of `drawFrame`).
/// `advanceModel` is compiled in with `-D PROOF_ENGINE_ADVANCE` only: that link is a separate step of
/// `check-embedded.sh`, which may excuse a known allocation in the engine (docs/boards.md).
@_noAllocation
func engineFrame(_ state: UnsafePointer<ProofState>, time: MediaTime) -> Bool {
    let runLoop = state.pointee.runLoop
    #if PROOF_ENGINE_ADVANCE
    runLoop.pointee.advanceModel(to: time)
    #endif
    return (try? runLoop.pointee.renderDamage(into: state.pointee.surface)) != nil
}
#endif

/// The proof's frame entry: everything a frame computes, nothing it may not.
@_cdecl("flipbook_proof_frame")
@_noAllocation
public func proofFrame(_ stateAddress: UnsafeRawPointer, _ timeMicros: Int64) -> Int64 {
    let state = stateAddress.assumingMemoryBound(to: ProofState.self)
    #if canImport(Motion)
    let progress = motionFrame(state, time: timeMicros)
    #else
    let progress = Progress(raw: Int32(truncatingIfNeeded: timeMicros & 0x7FFF))
    #endif
    #if canImport(Raster)
    guard rasterFrame(state, progress: progress) else { return -1 }
    #endif
    #if canImport(Flipbook)
    guard engineFrame(state, time: timeMicros) else { return -2 }
    #endif
    return fixedPointFrame(state, progress: progress)
}

@_cdecl("flipbook_main")
public func flipbookMain(_ argc: Int32, _ argv: UnsafeMutableRawPointer) -> Int32 {
    guard argc > 1 else { return 0 }
    // Never taken in practice: the state would come from setup. Its presence keeps the frame reachable.
    return Int32(truncatingIfNeeded: proofFrame(argv, Int64(argc)))
}

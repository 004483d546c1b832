import FixedPoint
import Glibc
import Motion

/// anim_eval and spring_eval (BENCHMARKS.md "Animation workloads"), each beside its `Double` reference
/// in the same run.
func runAnimationWorkloads(_ harness: BenchHarness) {
    if harness.selects("anim_eval") { runAnimationEvaluation(harness) }
    if harness.selects("spring_eval") { runSpringEvaluation(harness) }
}

/// The number of properties or springs per workload.
private let itemCount = 10_000

/// A small deterministic generator (xorshift32) so every run builds the same workload.
private struct Xorshift32 {
    var state: UInt32
    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
    /// A value in `low ..< high`.
    mutating func next(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(next()) / 4_294_967_296 }
}

/// One animated scalar property as the `Double` peers hold it.
private struct DoubleProperty {
    var beginTime: Double, duration: Double, from: Double, to: Double
}

/// One animated scalar property as an engine's animation record holds it: timing, its cursor, the values.
private struct AnimatedScalar {
    var timing: MediaTiming
    var cursor = TimingCursor()
    var from: Fixed, to: Fixed
}

/// anim_eval: 10,000 ease-in-out, forever-repeating, autoreversing scalar properties at one frame time.
private func runAnimationEvaluation(_ harness: BenchHarness) {
    var random = Xorshift32(state: 0x1234_5678)
    let properties = UnsafeMutableBufferPointer<AnimatedScalar>.allocate(capacity: itemCount)
    let results = UnsafeMutableBufferPointer<Fixed>.allocate(capacity: itemCount)
    let doubles = UnsafeMutableBufferPointer<DoubleProperty>.allocate(capacity: itemCount)
    let doubleResults = UnsafeMutableBufferPointer<Double>.allocate(capacity: itemCount)
    defer {
        properties.deallocate()
        results.deallocate()
        doubles.deallocate()
        doubleResults.deallocate()
    }
    for index in 0..<itemCount {
        let property = DoubleProperty(
            beginTime: random.next(0, 2).rounded(toMicros: ()), duration: random.next(0.2, 2).rounded(toMicros: ()),
            from: random.next(-500, 500), to: random.next(-500, 500))
        doubles[index] = property
        // Parameters come from the seeded generator within every range: construction cannot fail.
        let timing = try! MediaTiming(
            beginTimeSeconds: property.beginTime, durationSeconds: property.duration,
            repeatCount: .infinity, autoreverses: true, fillMode: .both)
        properties.initializeElement(
            at: index, to: AnimatedScalar(timing: timing, from: try! Fixed(exactly: property.from), to: try! Fixed(exactly: property.to)))
    }
    // Every run of a body is the next 60 Hz frame, as in an animation (the cursors then hit their cached
    // iteration except on the ~2 % of frames that cross an iteration boundary). The cursor path runs
    // last, so the agreement check below compares its results with the `Double` path's.
    let curve = TimingCurve.easeInEaseOut
    var frameTime: MediaTime = 7_345_678
    let directCounts = harness.cycles {
        frameTime += 16_667
        evaluatePropertiesDirectly(properties, curve: curve, at: frameTime, into: results)
    }
    let fixedCounts = harness.cycles {
        frameTime += 16_667
        evaluateProperties(properties, curve: curve, at: frameTime, into: results)
    }
    let points = TimingCurve.Name.easeInEaseOut.controlPoints
    let bezier = try! CubicBezier(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2)
    let doubleCounts = harness.cycles {
        evaluateDoubleProperties(doubles, bezier: bezier, at: Double(frameTime) / 1e6, into: doubleResults)
    }
    harness.report(workload: "anim_eval", size: "n=\(itemCount)", impl: "flipbook-nocursor", counts: directCounts, items: itemCount)
    harness.report(workload: "anim_eval", size: "n=\(itemCount)", impl: "flipbook", counts: fixedCounts, items: itemCount)
    harness.report(workload: "anim_eval", size: "n=\(itemCount)", impl: "double-bezier", counts: doubleCounts, items: itemCount)
    if !harness.underCallgrind { checkAgreement(results, doubleResults, tolerance: 0.05, workload: "anim_eval") }
}

/// The frame path: timing (through each property's cursor), curve lookup, interpolation.
@inline(never)
private func evaluateProperties(
    _ properties: UnsafeMutableBufferPointer<AnimatedScalar>, curve: TimingCurve, at time: MediaTime,
    into results: UnsafeMutableBufferPointer<Fixed>
) {
    for index in 0..<properties.count {
        guard let state = properties[index].cursor.state(of: properties[index].timing, at: time) else { continue }
        results[index] = properties[index].from.interpolated(to: properties[index].to, by: curve.value(at: state.progress))
    }
}

/// The same without cursors: `MediaTiming.evaluate` in full every frame.
@inline(never)
private func evaluatePropertiesDirectly(
    _ properties: UnsafeMutableBufferPointer<AnimatedScalar>, curve: TimingCurve, at time: MediaTime,
    into results: UnsafeMutableBufferPointer<Fixed>
) {
    for index in 0..<properties.count {
        guard let state = properties[index].timing.evaluate(parentTime: time) else { continue }
        results[index] = properties[index].from.interpolated(to: properties[index].to, by: curve.value(at: state.progress))
    }
}

/// The peers' way: CAMediaTiming local time in `Double` and the WebKit/Chromium Bézier solver with
/// WebKit's animation epsilon 1/(1000·duration).
@inline(never)
private func evaluateDoubleProperties(
    _ properties: UnsafeMutableBufferPointer<DoubleProperty>, bezier: CubicBezier, at time: Double,
    into results: UnsafeMutableBufferPointer<Double>
) {
    for index in 0..<properties.count {
        let property = properties[index]
        let active = max(time - property.beginTime, 0)  // fill both, repeating forever
        let iteration = floor(active / property.duration)
        var local = active - iteration * property.duration
        if iteration.truncatingRemainder(dividingBy: 2) != 0 { local = property.duration - local }
        let eased = bezier.solve(local / property.duration, epsilon: 1 / (1000 * property.duration))
        results[index] = property.from + (property.to - property.from) * eased
    }
}

/// Stops the run when the integer path and the reference disagree (a benchmark of a wrong answer is void).
private func checkAgreement(
    _ fixed: UnsafeMutableBufferPointer<Fixed>, _ reference: UnsafeMutableBufferPointer<Double>,
    tolerance: Double, workload: String
) {
    var worst = 0.0
    for index in 0..<fixed.count { worst = max(worst, abs(fixed[index].doubleValue - reference[index])) }
    print("# \(workload): max |flipbook − double| = \(formatted(worst, digits: 5))")
    if worst > tolerance {
        print("# \(workload): results disagree beyond \(tolerance)")
        exit(1)
    }
}

/// spring_eval: 10,000 springs (eight configurations) advanced to one 60 Hz frame.
private func runSpringEvaluation(_ harness: BenchHarness) {
    var random = Xorshift32(state: 0x8765_4321)
    let configurations: [(Double, Double, Double, Double)] = [
        (1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 30, 0), (1, 100, 10, 5),
        (1, 300, 12, 0), (2, 200, 8, -1), (1, 646.88, 25.434, 0), (0.5, 400, 30, 2),
    ]
    var store = try! MotionStore(capacityBytes: 64 << 10)
    let parameters = configurations.map { try! SpringParameters(mass: $0.0, stiffness: $0.1, damping: $0.2, initialVelocity: $0.3) }
    let curves = parameters.map { try! SpringCurve($0, in: &store) }
    let springs = UnsafeMutableBufferPointer<SpringCurve>.allocate(capacity: itemCount)
    let starts = UnsafeMutableBufferPointer<MediaTime>.allocate(capacity: itemCount)
    let results = UnsafeMutableBufferPointer<Fixed>.allocate(capacity: itemCount)
    let specs = UnsafeMutableBufferPointer<SpringParameters>.allocate(capacity: itemCount)
    let doubleResults = UnsafeMutableBufferPointer<Double>.allocate(capacity: itemCount)
    defer {
        springs.deallocate()
        starts.deallocate()
        results.deallocate()
        specs.deallocate()
        doubleResults.deallocate()
    }
    for index in 0..<itemCount {
        let choice = Int(random.next() % UInt32(curves.count))
        springs[index] = curves[choice]
        specs[index] = parameters[choice]
        starts[index] = MediaTime(random.next() % 1_500_000)
    }
    let frameTime: MediaTime = 1_516_667  // one 60 Hz frame after 1.5 s
    let fixedCounts = harness.cycles { advanceSprings(springs, starts, at: frameTime, into: results) }
    let doubleCounts = harness.cycles { advanceDoubleSprings(specs, starts, at: frameTime, into: doubleResults) }
    harness.report(workload: "spring_eval", size: "n=\(itemCount)", impl: "flipbook", counts: fixedCounts, items: itemCount)
    harness.report(workload: "spring_eval", size: "n=\(itemCount)", impl: "double-spring", counts: doubleCounts, items: itemCount)
    if !harness.underCallgrind { checkAgreement(results, doubleResults, tolerance: 1e-3, workload: "spring_eval") }
}

@inline(never)
private func advanceSprings(
    _ springs: UnsafeMutableBufferPointer<SpringCurve>, _ starts: UnsafeMutableBufferPointer<MediaTime>,
    at time: MediaTime, into results: UnsafeMutableBufferPointer<Fixed>
) {
    for index in 0..<springs.count {
        results[index] = springs[index].state(at: time &- starts[index]).progress.fixedValue
    }
}

/// The closed form of SEMANTICS.md §3 with libm `exp`, `sin`, `cos` (0 → 1 move).
@inline(never)
private func advanceDoubleSprings(
    _ specs: UnsafeMutableBufferPointer<SpringParameters>, _ starts: UnsafeMutableBufferPointer<MediaTime>,
    at time: MediaTime, into results: UnsafeMutableBufferPointer<Double>
) {
    for index in 0..<specs.count {
        let spring = specs[index]
        let t = Double(time - starts[index]) / 1e6
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        let x0 = -1.0, dx0 = spring.initialVelocity
        let x: Double
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * omega * t) * (x0 * cos(omegaD * t) + (dx0 + zeta * omega * x0) / omegaD * sin(omegaD * t))
        } else if zeta == 1 {
            x = (x0 + (dx0 + omega * x0) * t) * exp(-omega * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let rPlus = -omega * (zeta - root), rMinus = -omega * (zeta + root)
            let c2 = (dx0 - rPlus * x0) / (rMinus - rPlus)
            x = (x0 - c2) * exp(rPlus * t) + c2 * exp(rMinus * t)
        }
        results[index] = 1 + x
    }
}

extension Double {
    /// Rounded to whole microseconds, so the `Double` and integer paths see the same parameters.
    fileprivate func rounded(toMicros: ()) -> Double { (self * 1e6).rounded() / 1e6 }
}

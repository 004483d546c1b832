import FixedPoint
import Motion

/// anim_eval and spring_eval (BENCHMARKS.md "Animation workloads") as `flipbook-bench` runs them, without
/// the `Double` references (the boards' numbers are compared with the host's, not with a peer). `init`
/// builds both workloads (setup allocates); `run` only evaluates.
struct AnimationBench {
    /// Properties or springs per workload.
    static let itemCount = 10_000

    /// The same xorshift32 as `flipbook-bench`, so both build the same workload.
    struct Xorshift32 {
        var state: UInt32
        mutating func next() -> UInt32 {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return state
        }
        /// A value in `low ..< high` (microseconds or Q16.16 raw units).
        mutating func next(_ low: Int64, _ high: Int64) -> Int64 {
            low + Int64((UInt64(next()) &* UInt64(high - low)) >> 32)
        }
    }

    /// One animated scalar property as an engine's animation record holds it.
    struct AnimatedScalar {
        var timing: MediaTiming
        var cursor = TimingCursor()
        var from: Fixed, to: Fixed
    }

    let properties: UnsafeMutableBufferPointer<AnimatedScalar>
    let curve = TimingCurve.easeInEaseOut
    let springs: UnsafeMutableBufferPointer<SpringCurve>
    let starts: UnsafeMutableBufferPointer<MediaTime>
    let results: UnsafeMutableBufferPointer<Fixed>

    init() throws(MotionError) {
        properties = try AnimationBench.makeProperties()
        (springs, starts) = try AnimationBench.makeSprings()
        results = UnsafeMutableBufferPointer<Fixed>.allocate(capacity: AnimationBench.itemCount)
    }

    /// Times both workloads (nothing is allocated).
    func run(_ harness: inout BenchHarness) {
        var frameTime: MediaTime = 7_345_678
        if harness.selects("anim_eval") {
            let nanos = harness.medianNanos {
                frameTime += 16_667
                AnimationBench.evaluate(properties, curve: curve, at: frameTime, into: results)
            }
            harness.report(workload: "anim_eval", impl: "flipbook", nanos: nanos, items: AnimationBench.itemCount)
        }
        if harness.selects("spring_eval") {
            let nanos = harness.medianNanos { AnimationBench.advance(springs, starts, at: 1_516_667, into: results) }
            harness.report(workload: "spring_eval", impl: "flipbook", nanos: nanos, items: AnimationBench.itemCount)
        }
    }

    /// anim_eval's 10,000 ease-in-out, forever-repeating, autoreversing scalars.
    static func makeProperties() throws(MotionError) -> UnsafeMutableBufferPointer<AnimatedScalar> {
        var random = Xorshift32(state: 0x1234_5678)
        let properties = UnsafeMutableBufferPointer<AnimatedScalar>.allocate(capacity: itemCount)
        for index in 0..<itemCount {
            let timing = try MediaTiming(beginTime: random.next(0, 2_000_000), duration: random.next(200_000, 2_000_000),
                                         repeatCount: .infinity, autoreverses: true, fillMode: .both)
            let from = Fixed(raw: Int32(random.next(-500 << 16, 500 << 16)))
            let to = Fixed(raw: Int32(random.next(-500 << 16, 500 << 16)))
            properties.initializeElement(at: index, to: AnimatedScalar(timing: timing, from: from, to: to))
        }
        return properties
    }

    /// The frame path: timing through each property's cursor, curve lookup, interpolation.
    @inline(never)
    static func evaluate(_ properties: UnsafeMutableBufferPointer<AnimatedScalar>, curve: borrowing TimingCurve,
                         at time: MediaTime, into results: UnsafeMutableBufferPointer<Fixed>) {
        for index in 0..<properties.count {
            guard let state = properties[index].cursor.state(of: properties[index].timing, at: time) else { continue }
            results[index] = properties[index].from.interpolated(to: properties[index].to, by: curve.value(at: state.progress))
        }
    }

    /// spring_eval's 10,000 springs of eight configurations (and their start times), evaluated one 60 Hz
    /// frame after 1.5 s.
    static func makeSprings() throws(MotionError)
        -> (UnsafeMutableBufferPointer<SpringCurve>, UnsafeMutableBufferPointer<MediaTime>) {
        var random = Xorshift32(state: 0x8765_4321)
        var store = try MotionStore(capacityBytes: 64 << 10)
        let configurations: [(Double, Double, Double, Double)] = [
            (1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 30, 0), (1, 100, 10, 5),
            (1, 300, 12, 0), (2, 200, 8, -1), (1, 646.88, 25.434, 0), (0.5, 400, 30, 2),
        ]
        var curves: [SpringCurve] = []
        for (mass, stiffness, damping, velocity) in configurations {
            let parameters = try SpringParameters(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            curves.append(try SpringCurve(parameters, in: &store))
        }
        let springs = UnsafeMutableBufferPointer<SpringCurve>.allocate(capacity: itemCount)
        let starts = UnsafeMutableBufferPointer<MediaTime>.allocate(capacity: itemCount)
        for index in 0..<itemCount {
            springs.initializeElement(at: index, to: curves[Int(random.next() % UInt32(curves.count))])
            starts[index] = MediaTime(random.next() % 1_500_000)
        }
        return (springs, starts)
    }

    @inline(never)
    static func advance(_ springs: UnsafeMutableBufferPointer<SpringCurve>, _ starts: UnsafeMutableBufferPointer<MediaTime>,
                        at time: MediaTime, into results: UnsafeMutableBufferPointer<Fixed>) {
        for index in 0..<springs.count {
            results[index] = springs[index].state(at: time &- starts[index]).progress.fixedValue
        }
    }
}

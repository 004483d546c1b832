extension RateScaling {
    /// A `Double` rate converted to Q16.16, refusing NaN, infinities and |rate| > 1024.
    static func rate(fromSpeed speed: Double) throws(MotionError) -> Int64 {
        guard speed.isFinite else { throw .notFinite(field: .speed, value: speed) }
        guard speed.magnitude <= 1024 else {
            throw .outOfRange(field: .speed, value: speed, lower: -1024, upper: 1024)
        }
        return Int64((speed * 65536).rounded(.toNearestOrEven))
    }
}

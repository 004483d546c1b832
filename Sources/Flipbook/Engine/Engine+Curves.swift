import Motion

/// Timing functions → curve tables (setup time).
extension Engine {
    /// The table of `function`: named curves are static; custom ones are built once per distinct
    /// control points in the engine's curve store.
    ///
    /// - Throws: `invalidAnimation` naming the bad control point; `poolFull(.resources)` when the curve
    ///   table or store is full.
    func curve(for function: TimingFunction) throws(EngineError) -> TimingCurve {
        switch function {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInEaseOut: return .easeInEaseOut
        case .default: return .default
        case let .controlPoints(x1, y1, x2, y2):
            let points = CurvePoints(x1: x1, y1: y1, x2: x2, y2: y2)
            if let existing = keyframeData.curve(with: points) { return existing }
            let curve: TimingCurve
            do {
                curve = try TimingCurve(controlPoints: x1, y1, x2, y2, in: &curveStore)
            } catch {
                throw .invalidAnimation(field: "timingFunction", reason: error.message)
            }
            _ = try keyframeData.curveIndex(of: curve, points: points)
            return curve
        }
    }
}

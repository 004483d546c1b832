import FixedPoint
import Raster

/// Maps a device position to scene points: normalised to 0 … 1 of the device's declared ranges (values
/// outside clamped), corrected by the calibration matrix, placed on the panel, turned back by the display
/// rotation and undone of the fit. Integer arithmetic only (Q16.16 and 64-bit intermediates).
public struct DisplayMapping: Equatable, Sendable {
    public let rangeX: AxisRange, rangeY: AxisRange
    public let calibration: CalibrationMatrix
    /// Where the scene lies on the panel.
    public let placement: DisplayPlacement

    /// Creates a mapping.
    ///
    /// - Throws: `InputError.emptyAxisRange` for a range with minimum ≥ maximum, `.placement` for a scene
    ///   `DisplayPlacement` refuses (a panel or scene dimension outside 1 … 16 384).
    public init(rangeX: AxisRange, rangeY: AxisRange, calibration: CalibrationMatrix = .identity,
                panelWidth: Int, panelHeight: Int, sceneWidth: Int, sceneHeight: Int,
                rotation: DisplayRotation = .none, fit: DisplayFit = .none) throws(InputError) {
        guard rangeX.minimum < rangeX.maximum else {
            throw .emptyAxisRange(axis: .x, minimum: rangeX.minimum, maximum: rangeX.maximum)
        }
        guard rangeY.minimum < rangeY.maximum else {
            throw .emptyAxisRange(axis: .y, minimum: rangeY.minimum, maximum: rangeY.maximum)
        }
        self.rangeX = rangeX; self.rangeY = rangeY; self.calibration = calibration
        do {
            placement = try DisplayPlacement(panelWidth: panelWidth, panelHeight: panelHeight, sceneWidth: sceneWidth,
                                             sceneHeight: sceneHeight, rotation: rotation, fit: fit)
        } catch {
            throw .placement(error)
        }
    }

    /// The scene point of device position (`x`, `y`); `clamped` is set when either lay outside its range.
    public func scenePoint(x: Int32, y: Int32, clamped: inout Bool) -> (x: Fixed, y: Fixed) {
        let nx = DisplayMapping.normalised(x, rangeX, &clamped), ny = DisplayMapping.normalised(y, rangeY, &clamped)
        // Calibrated, Q16.16 of the panel's 0 … 1; kept within the panel.
        let m = calibration
        let cx = DisplayMapping.unit((Int64(m.a.raw) &* nx &+ Int64(m.b.raw) &* ny &+ 0x8000) &>> 16 &+ Int64(m.c.raw))
        let cy = DisplayMapping.unit((Int64(m.d.raw) &* nx &+ Int64(m.e.raw) &* ny &+ 0x8000) &>> 16 &+ Int64(m.f.raw))
        return placement.scenePoint(panelX: cx &* Int64(placement.panelWidth), panelY: cy &* Int64(placement.panelHeight))
    }

    /// `value` as a Q16.16 fraction 0 … 1 of `range`, clamped into it.
    static func normalised(_ value: Int32, _ range: AxisRange, _ clamped: inout Bool) -> Int64 {
        let low = Int64(range.minimum), high = Int64(range.maximum)
        var v = Int64(value)
        if v < low { v = low; clamped = true }
        if v > high { v = high; clamped = true }
        return (((v &- low) &<< 16) &+ (high &- low) / 2) / (high &- low)
    }

    /// A Q16.16 value kept in 0 … 1.
    static func unit(_ value: Int64) -> Int64 { min(max(value, 0), 1 &<< 16) }
}

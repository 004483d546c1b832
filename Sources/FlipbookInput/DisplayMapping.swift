import FixedPoint

/// How the scene is turned on the panel (clockwise), as `play --rotate` sets it.
public enum DisplayRotation: UInt8, Sendable {
    case none, quarter, half, threeQuarters

    /// The rotation of `degrees` (0, 90, 180 or 270).
    ///
    /// - Throws: `InputError.invalidRotation` for any other angle.
    public init(degrees: Int) throws(InputError) {
        switch degrees {
        case 0: self = .none
        case 90: self = .quarter
        case 180: self = .half
        case 270: self = .threeQuarters
        default: throw .invalidRotation(degrees)
        }
    }
}

/// How the scene is scaled into the (turned) panel, as `play --fit` sets it.
public enum DisplayFit: UInt8, Sendable {
    /// Centred at 1:1.
    case none
    /// Scaled uniformly to fit inside, letterboxed.
    case contain
    /// Scaled uniformly to cover, cropped.
    case cover
    /// Scaled separately in x and y to fill.
    case stretch
}

/// Maps a device position to scene points: normalised to 0 … 1 of the device's declared ranges (values
/// outside clamped), corrected by the calibration matrix, placed on the panel, turned back by the display
/// rotation and undone of the fit. Integer arithmetic only (Q16.16 and 64-bit intermediates).
public struct DisplayMapping: Equatable, Sendable {
    public let rangeX: AxisRange, rangeY: AxisRange
    public let calibration: CalibrationMatrix
    public let panelWidth: Int, panelHeight: Int
    public let sceneWidth: Int, sceneHeight: Int
    public let rotation: DisplayRotation
    public let fit: DisplayFit
    /// Panel pixels per scene point in x and y (Q16.16) and the scene's origin on the turned panel.
    let scaleX: Int64, scaleY: Int64, originX: Int64, originY: Int64

    /// Creates a mapping.
    ///
    /// - Throws: `InputError.emptyAxisRange` for a range with minimum ≥ maximum, `.invalidSize` for a
    ///   panel or scene dimension outside 1 … 16 384.
    public init(rangeX: AxisRange, rangeY: AxisRange, calibration: CalibrationMatrix = .identity,
                panelWidth: Int, panelHeight: Int, sceneWidth: Int, sceneHeight: Int,
                rotation: DisplayRotation = .none, fit: DisplayFit = .none) throws(InputError) {
        guard rangeX.minimum < rangeX.maximum else {
            throw .emptyAxisRange(axis: .x, minimum: rangeX.minimum, maximum: rangeX.maximum)
        }
        guard rangeY.minimum < rangeY.maximum else {
            throw .emptyAxisRange(axis: .y, minimum: rangeY.minimum, maximum: rangeY.maximum)
        }
        for (name, value) in [("panelWidth", panelWidth), ("panelHeight", panelHeight),
                              ("sceneWidth", sceneWidth), ("sceneHeight", sceneHeight)] where value < 1 || value > 16_384 {
            throw .invalidSize(field: name, value: value)
        }
        self.rangeX = rangeX; self.rangeY = rangeY; self.calibration = calibration
        self.panelWidth = panelWidth; self.panelHeight = panelHeight
        self.sceneWidth = sceneWidth; self.sceneHeight = sceneHeight
        self.rotation = rotation; self.fit = fit
        let turned = rotation == .quarter || rotation == .threeQuarters
        let width = Int64(turned ? panelHeight : panelWidth), height = Int64(turned ? panelWidth : panelHeight)
        var sx = width &<< 16 / Int64(sceneWidth), sy = height &<< 16 / Int64(sceneHeight)
        switch fit {
        case .none: sx = 1 &<< 16; sy = 1 &<< 16
        case .contain: sx = min(sx, sy); sy = sx
        case .cover: sx = max(sx, sy); sy = sx
        case .stretch: break
        }
        scaleX = sx; scaleY = sy
        // Centred: origin = (turned size − scaled scene size) / 2, Q16.16.
        originX = ((width &<< 16) &- sx &* Int64(sceneWidth)) / 2
        originY = ((height &<< 16) &- sy &* Int64(sceneHeight)) / 2
    }

    /// The scene point of device position (`x`, `y`); `clamped` is set when either lay outside its range.
    public func scenePoint(x: Int32, y: Int32, clamped: inout Bool) -> (x: Fixed, y: Fixed) {
        let nx = DisplayMapping.normalised(x, rangeX, &clamped), ny = DisplayMapping.normalised(y, rangeY, &clamped)
        // Calibrated, Q16.16 of the panel's 0 … 1; kept within the panel.
        let m = calibration
        let cx = DisplayMapping.unit((Int64(m.a.raw) &* nx &+ Int64(m.b.raw) &* ny &+ 0x8000) &>> 16 &+ Int64(m.c.raw))
        let cy = DisplayMapping.unit((Int64(m.d.raw) &* nx &+ Int64(m.e.raw) &* ny &+ 0x8000) &>> 16 &+ Int64(m.f.raw))
        let px = cx &* Int64(panelWidth), py = cy &* Int64(panelHeight)  // panel pixels, Q16.16
        let w = Int64(panelWidth) &<< 16, h = Int64(panelHeight) &<< 16
        let (tx, ty): (Int64, Int64)
        switch rotation {
        case .none: (tx, ty) = (px, py)
        case .quarter: (tx, ty) = (py, w &- px)
        case .half: (tx, ty) = (w &- px, h &- py)
        case .threeQuarters: (tx, ty) = (h &- py, px)
        }
        let sceneX = ((tx &- originX) &<< 16) / scaleX, sceneY = ((ty &- originY) &<< 16) / scaleY
        return (DisplayMapping.saturated(sceneX), DisplayMapping.saturated(sceneY))
    }

    /// `value` as a Q16.16 fraction 0 … 1 of `range`, clamped into it.
    static func normalised(_ value: Int32, _ range: AxisRange, _ clamped: inout Bool) -> Int64 {
        let low = Int64(range.minimum), high = Int64(range.maximum)
        var v = Int64(value)
        if v < low { v = low; clamped = true }
        if v > high { v = high; clamped = true }
        return (((v &- low) &<< 16) &+ (high &- low) / 2) / (high &- low)
    }

    /// A raw Q16.16 value kept in the `Fixed` range.
    static func saturated(_ raw: Int64) -> Fixed {
        Fixed(raw: Int32(truncatingIfNeeded: min(max(raw, Int64(Int32.min)), Int64(Int32.max))))
    }

    /// A Q16.16 value kept in 0 … 1.
    static func unit(_ value: Int64) -> Int64 { min(max(value, 0), 1 &<< 16) }
}

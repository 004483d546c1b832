import FixedPoint

/// How the scene is turned on the panel (clockwise), as `play --rotate` sets it.
public enum DisplayRotation: UInt8, Sendable {
    case none, quarter, half, threeQuarters

    /// The rotation of `degrees` (0, 90, 180 or 270).
    ///
    /// - Throws: `DisplayPlacementError.invalidRotation` for any other angle.
    public init(degrees: Int) throws(DisplayPlacementError) {
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

/// Where the scene lies on the panel: turned clockwise by `rotation`, scaled by `fit` into the turned panel
/// and centred there on whole panel pixels. One placement serves drawing (`transform`, the engine's display
/// transform) and input (`scenePoint`, its inverse, through `FlipbookInput.DisplayMapping`), so a touch lands
/// where the picture is; `flipbook play` and the Embedded board player both place scenes with it.
public struct DisplayPlacement: Equatable, Sendable {
    public let panelWidth: Int, panelHeight: Int
    public let sceneWidth: Int, sceneHeight: Int
    public let rotation: DisplayRotation
    public let fit: DisplayFit
    /// Panel pixels per scene point in x and y (Q16.16) and the scene's origin on the turned panel (Q16.16,
    /// whole pixels).
    let scaleX: Int64, scaleY: Int64, originX: Int64, originY: Int64

    /// Places a `sceneWidth` × `sceneHeight` scene on a `panelWidth` × `panelHeight` panel.
    ///
    /// - Throws: `DisplayPlacementError.invalidSize` for a panel or scene dimension outside 1 … 16 384, or
    ///   (field `placedScene`) a fit that would put the scene's far edge beyond ±32 767 panel pixels.
    public init(panelWidth: Int, panelHeight: Int, sceneWidth: Int, sceneHeight: Int,
                rotation: DisplayRotation = .none, fit: DisplayFit = .none) throws(DisplayPlacementError) {
        for (name, value) in [("panelWidth", panelWidth), ("panelHeight", panelHeight),
                              ("sceneWidth", sceneWidth), ("sceneHeight", sceneHeight)] where value < 1 || value > 16_384 {
            throw .invalidSize(field: name, value: value)
        }
        self.panelWidth = panelWidth; self.panelHeight = panelHeight
        self.sceneWidth = sceneWidth; self.sceneHeight = sceneHeight
        self.rotation = rotation; self.fit = fit
        let turned = rotation == .quarter || rotation == .threeQuarters
        let width = Int64(turned ? panelHeight : panelWidth), height = Int64(turned ? panelWidth : panelHeight)
        var sx = (width &<< 16) / Int64(sceneWidth), sy = (height &<< 16) / Int64(sceneHeight)
        switch fit {
        case .none: sx = 1 &<< 16; sy = 1 &<< 16
        case .contain: sx = min(sx, sy); sy = sx
        case .cover: sx = max(sx, sy); sy = sx
        case .stretch: break
        }
        let placedWidth = sx &* Int64(sceneWidth), placedHeight = sy &* Int64(sceneHeight)
        let limit = Int64(32_767) &<< 16
        guard placedWidth <= limit, placedHeight <= limit else {
            throw .invalidSize(field: "placedScene", value: Int(max(placedWidth, placedHeight) &>> 16))
        }
        scaleX = sx; scaleY = sy
        // Centred, rounded down to a whole pixel so that edges stay sharp: (turned size − scaled size) / 2.
        originX = Self.wholePixelsDown(((width &<< 16) &- placedWidth) / 2)
        originY = Self.wholePixelsDown(((height &<< 16) &- placedHeight) / 2)
    }

    /// Scene points to panel pixels: the scene's point (x, y) is drawn at `transform.apply(to:)` of it.
    /// Exact entries: 0, ±the fit's scale, and translations on whole pixels.
    public var transform: Affine {
        let w = Fixed(raw: Int32(panelWidth &<< 16)), h = Fixed(raw: Int32(panelHeight &<< 16))
        let sx = Fixed(raw: Int32(scaleX)), sy = Fixed(raw: Int32(scaleY))
        let ox = Fixed(raw: Int32(originX)), oy = Fixed(raw: Int32(originY))
        return switch rotation {
        case .none: Affine(a: sx, b: .zero, c: .zero, d: sy, tx: ox, ty: oy)
        case .quarter: Affine(a: .zero, b: sx, c: -sy, d: .zero, tx: w - oy, ty: ox)
        case .half: Affine(a: -sx, b: .zero, c: .zero, d: -sy, tx: w - ox, ty: h - oy)
        case .threeQuarters: Affine(a: .zero, b: -sx, c: sy, d: .zero, tx: oy, ty: h - ox)
        }
    }

    /// Whether the placed scene leaves part of the panel uncovered (bars around it), so that drawing is
    /// clipped to the scene's rectangle.
    public var leavesBars: Bool {
        let turned = rotation == .quarter || rotation == .threeQuarters
        let width = Int64(turned ? panelHeight : panelWidth), height = Int64(turned ? panelWidth : panelHeight)
        return originX > 0 || originY > 0 || originX &+ scaleX &* Int64(sceneWidth) < width &<< 16
            || originY &+ scaleY &* Int64(sceneHeight) < height &<< 16
    }

    /// The scene point under panel position (`x`, `y`) (Q16.16 panel pixels): the inverse of `transform`.
    public func scenePoint(panelX px: Int64, panelY py: Int64) -> (x: Fixed, y: Fixed) {
        let w = Int64(panelWidth) &<< 16, h = Int64(panelHeight) &<< 16
        let (tx, ty): (Int64, Int64)
        switch rotation {
        case .none: (tx, ty) = (px, py)
        case .quarter: (tx, ty) = (py, w &- px)
        case .half: (tx, ty) = (w &- px, h &- py)
        case .threeQuarters: (tx, ty) = (h &- py, px)
        }
        let sceneX = ((tx &- originX) &<< 16) / scaleX, sceneY = ((ty &- originY) &<< 16) / scaleY
        return (Self.saturated(sceneX), Self.saturated(sceneY))
    }

    /// A raw Q16.16 value kept in the `Fixed` range.
    static func saturated(_ raw: Int64) -> Fixed {
        Fixed(raw: Int32(truncatingIfNeeded: min(max(raw, Int64(Int32.min)), Int64(Int32.max))))
    }

    /// A Q16.16 value rounded toward −∞ to a whole number.
    static func wholePixelsDown(_ raw: Int64) -> Int64 { raw & ~0xFFFF }
}

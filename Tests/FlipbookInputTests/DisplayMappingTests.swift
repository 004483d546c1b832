import FixedPoint
import Raster
import Testing
@testable import FlipbookInput

/// Device positions to scene points against a `Double` model of the same pipeline: normalise, calibrate,
/// place on the panel, turn back (the scene is turned clockwise on the panel), undo the fit (centred on whole pixels).
@Suite struct DisplayMappingTests {
    /// The model: where scene point lands on the panel is the forward map; this is its inverse, in `Double`.
    static func model(x: Double, y: Double, matrix: [Double], panel: (Double, Double), scene: (Double, Double),
                      rotation: Int, fit: DisplayFit) -> (Double, Double) {
        let nx = min(max(x / 4095, 0), 1), ny = min(max(y / 4095, 0), 1)
        let cx = min(max(matrix[0] * nx + matrix[1] * ny + matrix[2], 0), 1)
        let cy = min(max(matrix[3] * nx + matrix[4] * ny + matrix[5], 0), 1)
        let (px, py) = (cx * panel.0, cy * panel.1)
        let turned = rotation == 90 || rotation == 270
        let (w, h) = turned ? (panel.1, panel.0) : panel
        let (tx, ty): (Double, Double) = switch rotation {
        case 90: (py, panel.0 - px)
        case 180: (panel.0 - px, panel.1 - py)
        case 270: (panel.1 - py, px)
        default: (px, py)
        }
        var (sx, sy) = (w / scene.0, h / scene.1)
        switch fit {
        case .none: (sx, sy) = (1, 1)
        case .contain: sx = min(sx, sy); sy = sx
        case .cover: sx = max(sx, sy); sy = sx
        case .stretch: break
        }
        // Centred on whole panel pixels (rounded down), so that the picture's edges stay sharp.
        return ((tx - ((w - sx * scene.0) / 2).rounded(.down)) / sx, (ty - ((h - sy * scene.1) / 2).rounded(.down)) / sy)
    }

    @Test(arguments: [0, 90, 180, 270])
    func everyRotationAndFitMatchesTheModel(rotation: Int) throws {
        let matrices: [(String, [Double])] = [("1 0 0 0 1 0", [1, 0, 0, 0, 1, 0]), ("0 1 0 -1 0 1", [0, 1, 0, -1, 0, 1]),
                                              ("1.02 0 -0.01 0 0.97 0.015", [1.02, 0, -0.01, 0, 0.97, 0.015])]
        var random = SplitMix(seed: UInt64(rotation) &+ 17)
        for (text, matrix) in matrices {
            for fit in [DisplayFit.none, .contain, .cover, .stretch] {
                let mapping = try DisplayMapping(
                    rangeX: AxisRange(minimum: 0, maximum: 4095), rangeY: AxisRange(minimum: 0, maximum: 4095),
                    calibration: try CalibrationMatrix(parsing: text), panelWidth: 1280, panelHeight: 800,
                    sceneWidth: 480, sceneHeight: 640, rotation: try DisplayRotation(degrees: rotation), fit: fit)
                for _ in 0..<500 {
                    let x = Int32.random(in: -200...4300, using: &random), y = Int32.random(in: -200...4300, using: &random)
                    var clamped = false
                    let point = mapping.scenePoint(x: x, y: y, clamped: &clamped)
                    let expected = Self.model(x: Double(x), y: Double(y), matrix: matrix, panel: (1280, 800),
                                              scene: (480, 640), rotation: rotation, fit: fit)
                    // Q16.16 normalisation (2^-16 of the panel) and matrix entries: within 0.05 scene points.
                    #expect(abs(point.x.doubleValue - expected.0) < 0.05 && abs(point.y.doubleValue - expected.1) < 0.05,
                            "\(text) \(fit) (\(x), \(y)): \(point.x.doubleValue), \(point.y.doubleValue) vs \(expected)")
                    #expect(clamped == (x < 0 || x > 4095 || y < 0 || y > 4095))
                }
            }
        }
    }

    @Test func aQuarterTurnPutsThePanelsTopRightAtTheScenesTopLeft() throws {
        // Scene 480 × 800 shown turned clockwise on an 800 × 480 panel: the scene's origin is at the panel's
        // top-right corner, the scene's x runs down the panel.
        let mapping = try DisplayMapping(rangeX: AxisRange(minimum: 0, maximum: 800), rangeY: AxisRange(minimum: 0, maximum: 480),
                                         panelWidth: 800, panelHeight: 480, sceneWidth: 480, sceneHeight: 800,
                                         rotation: .quarter)
        var clamped = false
        let corner = mapping.scenePoint(x: 800, y: 0, clamped: &clamped)
        #expect(corner.x == .zero && corner.y == .zero)
        let down = mapping.scenePoint(x: 800, y: 100, clamped: &clamped)
        // 100 / 480 of the range is Q16.16-rounded on the way: within 1/256 point.
        #expect(abs(down.x.doubleValue - 100) < 1.0 / 256 && down.y == .zero)
    }

    @Test func malformedSettingsAreRefusedByName() throws {
        #expect(throws: InputError.emptyAxisRange(axis: .y, minimum: 5, maximum: 5)) {
            try DisplayMapping(rangeX: AxisRange(minimum: 0, maximum: 1), rangeY: AxisRange(minimum: 5, maximum: 5),
                               panelWidth: 10, panelHeight: 10, sceneWidth: 10, sceneHeight: 10)
        }
        #expect(throws: InputError.placement(.invalidSize(field: "sceneHeight", value: 0))) {
            try DisplayMapping(rangeX: AxisRange(minimum: 0, maximum: 1), rangeY: AxisRange(minimum: 0, maximum: 1),
                               panelWidth: 10, panelHeight: 10, sceneWidth: 10, sceneHeight: 0)
        }
        #expect(throws: DisplayPlacementError.invalidRotation(45)) { try DisplayRotation(degrees: 45) }
        #expect(throws: InputError.invalidCalibrationMatrix(field: 6, reason: "missing; six numbers needed")) {
            try CalibrationMatrix(parsing: "1 0 0 0 1")
        }
        #expect(throws: InputError.invalidCalibrationMatrix(field: 2, reason: "not a decimal number")) {
            try CalibrationMatrix(parsing: "1 x 0 0 1 0")
        }
        #expect(throws: InputError.invalidCalibrationMatrix(field: 7, reason: "more than six numbers")) {
            try CalibrationMatrix(parsing: "1 0 0 0 1 0 9")
        }
        #expect(throws: InputError.invalidCalibrationMatrix(field: 1, reason: "beyond ±32767")) {
            try CalibrationMatrix(parsing: "99999 0 0 0 1 0")
        }
        let parsed = try CalibrationMatrix(parsing: "  -0.5\t+1.25 0 .5 1 -2 ")
        #expect(parsed == CalibrationMatrix(a: Fixed(raw: -32768), b: Fixed(raw: 81920), c: .zero, d: .half, e: .one, f: Fixed(-2)))
    }
}

/// SplitMix64, seeded.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

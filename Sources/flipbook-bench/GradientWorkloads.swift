import CPeers
import FixedPoint
import Raster

/// Full-frame gradients (`CAGradientLayer`'s content): `gradient_axial` (three stops, diagonal) and
/// `gradient_radial` (an ellipse through the frame's corners' midpoints), drawn by Flipbook and by cairo
/// into the same frame.
extension RasterWorkload {
    static let gradientStops: [(Double, BenchColor)] = [
        (0, BenchColor(red: 0x20, green: 0x30, blue: 0x60, alpha: 255)),
        (0.5, BenchColor(red: 0xCC, green: 0x33, blue: 0x66, alpha: 255)),
        (1, BenchColor(red: 0xF0, green: 0xC0, blue: 0x40, alpha: 255)),
    ]

    /// The gradient workloads, after `all` in the raster run.
    static var gradients: [RasterWorkload] { [
        gradient(name: "gradient_axial", kind: .axial, start: (0, 0), end: (1, 1)) { frame in
            cairo_pattern_create_linear(0, 0, Double(frame.width), Double(frame.height))
        },
        gradient(name: "gradient_radial", kind: .radial, start: (0.5, 0.5), end: (1, 1)) { frame in
            let pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, 2 / Double(frame.width), 2 / Double(frame.height))
            cairo_matrix_translate(&matrix, -Double(frame.width) / 2, -Double(frame.height) / 2)
            cairo_pattern_set_matrix(pattern, &matrix)
            return pattern
        },
    ] }

    static func gradient(name: String, kind: GradientKind, start: (Double, Double), end: (Double, Double),
                         cairoPattern: @escaping (RasterBenchFrame) -> OpaquePointer?) -> RasterWorkload {
        RasterWorkload(name: name, flipbook: { frame in
            func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32(value * 65536)) }
            var gradient = Gradient(kind: kind, start: Point(x: fixed(start.0), y: fixed(start.1)),
                                    end: Point(x: fixed(end.0), y: fixed(end.1)))
            for (location, colour) in gradientStops {
                let straight = Color(red: colour.red, green: colour.green, blue: colour.blue, alpha: colour.alpha)
                try! gradient.appendStop(location: fixed(location), color: straight)
            }
            let bounds = Rect(x: .zero, y: .zero, width: Fixed(Int16(frame.width)), height: Fixed(Int16(frame.height)))
            return { try? frame.surface.drawGradient(gradient, bounds: bounds, transform: .identity) }
        }, cairo: { frame in
            let pattern = cairoPattern(frame)!
            for (location, colour) in gradientStops {
                cairo_pattern_add_color_stop_rgba(pattern, location, Double(colour.red) / 255, Double(colour.green) / 255,
                                                  Double(colour.blue) / 255, Double(colour.alpha) / 255)
            }
            return {
                cairo_set_source(frame.cairo, pattern)
                cairo_paint(frame.cairo)
            }
        }, pixman: nil)
    }
}

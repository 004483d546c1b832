import FixedPoint
import Foundation
@testable import Raster

/// The exact gradient in `Double`: SCENE-FORMAT.md's definition evaluated at any point of the surface,
/// from the same Q16.16 inputs the renderer gets (the transform's entries, the bounds, the points).
struct GradientModel {
    var kind: GradientKind
    var start: (Double, Double), end: (Double, Double)
    var stops: [(location: Double, color: Color)]
    var bounds: (x: Double, y: Double, width: Double, height: Double)
    var transform: (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)

    init(kind: GradientKind, start: (Double, Double), end: (Double, Double), stops: [(Double, Color)],
         bounds: Rect, transform: Affine) {
        func real(_ value: Fixed) -> Double { Double(value.raw) / 65536 }
        // The points and locations as the renderer gets them: rounded to Q16.16.
        func rounded(_ value: Double) -> Double { (value * 65536).rounded() / 65536 }
        self.kind = kind
        self.start = (rounded(start.0), rounded(start.1))
        self.end = (rounded(end.0), rounded(end.1))
        self.stops = stops.map { (location: rounded($0.0), color: $0.1) }
        self.bounds = (real(bounds.minX), real(bounds.minY), real(bounds.width), real(bounds.height))
        self.transform = (real(transform.a), real(transform.b), real(transform.c), real(transform.d),
                          real(transform.tx), real(transform.ty))
    }

    /// The renderer's gradient for the same inputs.
    func gradient() throws -> Gradient {
        func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }
        var gradient = Gradient(kind: kind, start: Point(x: fixed(start.0), y: fixed(start.1)),
                                end: Point(x: fixed(end.0), y: fixed(end.1)))
        for stop in stops { try gradient.appendStop(location: fixed(stop.location), color: stop.color) }
        return gradient
    }

    /// The layer point under surface point (x, y), or nil outside the bounds.
    func layerPoint(_ x: Double, _ y: Double) -> (Double, Double) {
        let m = transform, determinant = m.a * m.d - m.b * m.c
        let dx = x - m.tx, dy = y - m.ty
        return ((m.d * dx - m.c * dy) / determinant, (-m.b * dx + m.a * dy) / determinant)
    }

    func inside(_ point: (Double, Double)) -> Bool {
        point.0 >= bounds.x && point.0 < bounds.x + bounds.width && point.1 >= bounds.y && point.1 < bounds.y + bounds.height
    }

    /// t at a layer point.
    func parameter(_ point: (Double, Double)) -> Double {
        let sx = bounds.x + start.0 * bounds.width, sy = bounds.y + start.1 * bounds.height
        let dx = (end.0 - start.0) * bounds.width, dy = (end.1 - start.1) * bounds.height
        let vx = point.0 - sx, vy = point.1 - sy
        switch kind {
        case .axial:
            return (vx * dx + vy * dy) / (dx * dx + dy * dy)
        case .radial:
            return ((vx / abs(dx)) * (vx / abs(dx)) + (vy / abs(dy)) * (vy / abs(dy))).squareRoot()
        case .conic:
            let angle = atan2(dx * vy - dy * vx, dx * vx + dy * vy)
            return angle < 0 ? angle / (2 * .pi) + 1 : angle / (2 * .pi)
        }
    }

    /// The premultiplied colour at t, 0 … 255 per channel (red, green, blue, alpha).
    func colour(_ t: Double) -> [Double] {
        func premultiplied(_ c: Color) -> [Double] {
            let a = Double(c.alpha)
            return [Double(c.red) * a / 255, Double(c.green) * a / 255, Double(c.blue) * a / 255, a]
        }
        if t <= stops[0].location { return premultiplied(stops[0].color) }
        for index in 0..<(stops.count - 1) where t < stops[index + 1].location {
            let from = premultiplied(stops[index].color), to = premultiplied(stops[index + 1].color)
            let f = (t - stops[index].location) / (stops[index + 1].location - stops[index].location)
            return (0..<4).map { from[$0] + (to[$0] - from[$0]) * f }
        }
        return premultiplied(stops[stops.count - 1].color)
    }

    /// The colour at surface point (x, y) (nil outside the bounds).
    func colour(atSurface x: Double, _ y: Double) -> [Double]? {
        let point = layerPoint(x, y)
        return inside(point) ? colour(parameter(point)) : nil
    }
}

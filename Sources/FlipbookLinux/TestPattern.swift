import FixedPoint
import Raster

/// Known images for checking a display end to end (like modetest's patterns): the screen must show exactly
/// these pixels, which a screendump can verify without a renderer.
public enum TestPattern: String, CaseIterable, Sendable {
    /// Four solid quadrants: red top-left, green top-right, blue bottom-left, white bottom-right.
    case quadrants
    /// The quadrants with a 32×32 black square crossing the top half once per second (exercises damage).
    case moving

    /// The quadrant colours, top-left, top-right, bottom-left, bottom-right.
    public static let quadrantColors: [PremultipliedColor] = [
        Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0), Color(red: 0, green: 0, blue: 255), .white,
    ].map { $0.premultiplied() }

    /// Side of the moving square, in pixels.
    public static let squareSide = 32

    /// Draws the whole pattern at time `micros` into `surface`.
    public func draw(into surface: Surface, atMicros micros: Int64) {
        let halfWidth = surface.width / 2, halfHeight = surface.height / 2
        let quadrants = [
            IntRect(x: 0, y: 0, width: halfWidth, height: halfHeight),
            IntRect(x: halfWidth, y: 0, width: surface.width - halfWidth, height: halfHeight),
            IntRect(x: 0, y: halfHeight, width: halfWidth, height: surface.height - halfHeight),
            IntRect(minX: halfWidth, minY: halfHeight, maxX: surface.width, maxY: surface.height),
        ]
        for (rect, color) in zip(quadrants, Self.quadrantColors) { surface.replace(rect, with: color) }
        if self == .moving { surface.replace(square(in: surface, atMicros: micros), with: Color.black.premultiplied()) }
    }

    /// Redraws only what changed between `previous` and `micros` and adds it to `damage`.
    public func update(_ surface: Surface, fromMicros previous: Int64, toMicros micros: Int64, damage: inout DamageList) {
        guard self == .moving else { return }
        let old = square(in: surface, atMicros: previous), new = square(in: surface, atMicros: micros)
        if old == new { return }
        let halfWidth = surface.width / 2
        surface.replace(old.intersection(IntRect(x: 0, y: 0, width: halfWidth, height: surface.height)),
                        with: Self.quadrantColors[0])
        surface.replace(old.intersection(IntRect(x: halfWidth, y: 0, width: surface.width - halfWidth, height: surface.height)),
                        with: Self.quadrantColors[1])
        surface.replace(new, with: Color.black.premultiplied())
        damage.add(old)
        damage.add(new)
    }

    /// Where the square is at `micros`: left to right across the top half in one second, then again.
    func square(in surface: Surface, atMicros micros: Int64) -> IntRect {
        let travel = max(surface.width - Self.squareSide, 1)
        let phase = Int(((micros % 1_000_000) + 1_000_000) % 1_000_000)
        let x = travel * phase / 1_000_000
        return IntRect(x: x, y: max(surface.height / 4 - Self.squareSide / 2, 0), width: Self.squareSide,
                       height: Self.squareSide).intersection(surface.bounds)
    }
}

import FixedPoint
import Motion
import Raster

/// The built-in demo until the engine runs in Embedded mode: a card eased across the screen by a Core
/// Animation timing curve, and a star turning about its centre (a `Transform3D` built from components,
/// reduced to its affine part) whose colour follows the same progress.
struct DemoFrameSource: ~Copyable, FrameSource {
    var store: MotionStore
    let timing: MediaTiming
    let curve: TimingCurve
    var rasterizer: Rasterizer
    var cards: RoundedRectRasterizer
    let star: Path
    let width: Int
    let height: Int

    /// Builds tables, scratch and the star path for a `width` × `height` surface (setup: may allocate).
    init(width: Int, height: Int) throws(PlayerError) {
        var store = try DemoFrameSource.makeStore()
        let curve: TimingCurve
        do { curve = try TimingCurve(controlPoints: 0.42, 0, 0.58, 1, in: &store) } catch { throw .motion(error) }
        let timing: MediaTiming
        do {
            timing = try MediaTiming(durationSeconds: 1, repeatCount: .infinity, autoreverses: true)
        } catch { throw .motion(error) }
        let star: Path
        do { star = try DemoFrameSource.makeStar() } catch { throw .geometry(error) }
        let rasterizer = try DemoFrameSource.makeRasterizer()
        let cards: RoundedRectRasterizer
        do { cards = try RoundedRectRasterizer(maximumWidth: width) } catch { throw .raster(error) }
        // Nothing throws from here on: every non-copyable member is initialised unconditionally.
        (self.width, self.height, self.timing, self.curve, self.star) = (width, height, timing, curve, star)
        self.store = store
        self.rasterizer = rasterizer
        self.cards = cards
    }

    private static func makeStore() throws(PlayerError) -> MotionStore {
        do { return try MotionStore(capacityBytes: 4096) } catch { throw .motion(error) }
    }

    private static func makeRasterizer() throws(PlayerError) -> Rasterizer {
        do {
            return try Rasterizer(capacity: RasterizerCapacity(edges: 1024, cells: 16_384, polylinePoints: 1024))
        } catch { throw .geometry(error) }
    }

    /// A five-pointed star of outer radius 1 and inner radius 0.4 about the origin.
    private static func makeStar() throws(GeometryError) -> Path {
        var path = try Path(pointLimit: 16)
        let step = Fixed(raw: 41_177)  // π/5 in Q16.16
        for index in 0..<10 {
            let angle = step * Fixed(Int16(index)) - Fixed(raw: 102_944)  // start pointing up
            let radius = index % 2 == 0 ? Fixed.one : Fixed(raw: 26_214)
            let point = Point(x: radius * angle.cosine, y: radius * angle.sine)
            if index == 0 { try path.move(to: point) } else { try path.line(to: point) }
        }
        try path.close()
        return path
    }

    /// Draws one frame. Allocates nothing: tables, scratch and the path were built in `init`.
    mutating func render(at time: MediaTime, into surface: Surface) -> Bool {
        let progress = timing.evaluate(parentTime: time).map { curve.value(at: $0.progress) } ?? .zero
        surface.fill(surface.bounds, color: Color(red: 18, green: 22, blue: 34).premultiplied())
        let side = Fixed(Int16(clamping: Swift.min(width, height) / 4))
        let margin = Fixed(Int16(8))
        let travel = Fixed(Int16(clamping: width)) - side - margin
        let card = Rect(x: margin.interpolated(to: travel, by: progress), y: margin, width: side, height: side)
        guard let shape = try? RoundedRect(rect: card, cornerRadius: side * Fixed(raw: 1 << 13)),
            (try? cards.fill(shape, color: Color(red: 240, green: 180, blue: 40).premultiplied(), into: surface)) != nil
        else { return false }
        return drawStar(progress: progress, side: side, into: surface)
    }

    /// The star, turned by progress × 2π about the surface centre, its colour interpolated.
    private mutating func drawStar(progress: Progress, side: Fixed, into surface: Surface) -> Bool {
        let turn = Fixed(raw: 411_775)  // 2π
        let components = Transform3D.Components(
            translationX: Fixed(Int16(clamping: width / 2)), translationY: Fixed(Int16(clamping: height / 2)),
            rotationZ: Fixed.zero.interpolated(to: turn, by: progress), scaleX: side, scaleY: side)
        let color = Color(red: 90, green: 200, blue: 255).interpolated(
            to: Color(red: 255, green: 80, blue: 140), by: progress)
        guard let transform = try? Transform3D(components).affine(),
            var sink = try? SolidColorSink(surface: surface, color: color.premultiplied())
        else { return false }
        return (try? rasterizer.fill(star, transform: transform, rule: .nonZero, clip: surface.clip, into: &sink)) != nil
    }
}

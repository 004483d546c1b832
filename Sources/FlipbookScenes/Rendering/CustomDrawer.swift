import FixedPoint
import Flipbook
import Raster

/// Draws the custom-drawn layers of a scene (`kind: "custom"`): each layer's commands, resolved once at setup,
/// into its backing surface when the engine asks (`setDrawCallback`), with one rasterizer shared by every layer
/// (the engine draws them one after another). Nothing is allocated while drawing.
final class CustomDrawer {
    /// A draw command with its path and paints converted at setup.
    struct Command {
        let path: Path
        let fill: PremultipliedColor?
        let rule: FillRule
        let stroke: PremultipliedColor?
        let style: StrokeStyle
        let strokeEnd: Amount
        let rotation: Amount
        let center: Point
    }

    /// A command's number as the frame path reads it: converted to Q16.16 at setup, or `custom.N`.
    enum Amount {
        case fixed(Fixed)
        case custom(Int)
    }

    private var rasterizer: Rasterizer

    /// - Throws: `GeometryError` when the rasterizer's scratch cannot be set up.
    init() throws(GeometryError) {
        rasterizer = try Rasterizer(capacity: RasterizerCapacity(edges: 16_384, cells: Self.cells, polylinePoints: 8_192))
    }

    /// Cells for bands of at least one row across the widest backing surface a scene can ask for (bounds at most
    /// `SceneLimits.maximumCoordinate` wide): a quarter of the standard 65,536, since the cells are initialised
    /// (touched) at setup and count toward a player's peak memory — the standard's 1.5 MB of cells put the
    /// custom-gauge example over its bound on the arm64 kernel. Narrower surfaces get taller bands.
    private static let cells = Int(SceneLimits.maximumCoordinate) + 16

    /// Draws `commands` into the layer's backing surface (cleared by the engine): layer point (x, y) lands on
    /// surface pixel (x − bounds.x, y − bounds.y). A command that leaves the rasterizer's range draws nothing.
    func draw(_ commands: [Command], _ context: LayerDrawContext) {
        let surface = context.surface
        let origin = Affine(translationX: Fixed.zero - context.bounds.minX, y: Fixed.zero - context.bounds.minY)
        // By index: a for-in loop over the array allocated its iterator's element on the heap in debug builds.
        for index in 0 ..< commands.count {
            let command = commands[index]
            var transform = origin
            let angle = Self.value(command.rotation, context)
            if angle.raw != 0 {
                let centre = command.center
                transform = Affine(translationX: Fixed.zero - centre.x, y: Fixed.zero - centre.y)
                    .concatenating(Affine(rotationAngle: angle))
                    .concatenating(Affine(translationX: centre.x, y: centre.y)).concatenating(origin)
            }
            if let fill = command.fill {
                do throws(GeometryError) {
                    try rasterizer.reset(clip: surface.clip)
                    try rasterizer.addPath(command.path, transform: transform)
                    render(fill, rule: command.rule, on: surface)
                } catch {}
            }
            if let stroke = command.stroke {
                var style = command.style
                // A fraction, as Core Animation holds `strokeEnd`: a bound value beyond 0 … 1 draws as its end.
                let end = min(max(Int64(Self.value(command.strokeEnd, context).raw), 0), 1 << 16)
                style.strokeEnd = Progress(raw: Int32((end &+ 1) &>> 1))
                if style.strokeEnd.raw == 0 { continue }
                do throws(GeometryError) {
                    try rasterizer.reset(clip: surface.clip)
                    try rasterizer.addStroke(command.path, style: style, transform: transform)
                    render(stroke, rule: .nonZero, on: surface)
                } catch {}
            }
        }
    }

    /// Sends the rasterizer's coverage to `surface` in `color` (a command out of the rasterizer's range draws
    /// nothing: the rasterizer refused it before anything was drawn).
    private func render(_ color: PremultipliedColor, rule: FillRule, on surface: Surface) {
        guard var sink = try? SolidColorSink(surface: surface, color: color) else { return }
        rasterizer.render(rule: rule, into: &sink)
    }

    /// A command's number: fixed, or the presentation value of `custom.N`.
    private static func value(_ amount: Amount, _ context: LayerDrawContext) -> Fixed {
        switch amount {
        case .fixed(let number): return number
        case .custom(0): return context.customValues.0
        case .custom(1): return context.customValues.1
        case .custom(2): return context.customValues.2
        case .custom: return context.customValues.3
        }
    }
}

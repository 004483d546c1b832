import FixedPoint
import Flipbook
import Raster

/// Custom-drawn layers (`kind: "custom"`): the `custom.N` values and the draw callback.
extension SceneLoader {
    /// Sets the layer's `custom.N` values and makes it draw `drawing`'s commands into a backing surface of its
    /// bounds' size (whole points, rounded up).
    func setDrawing(_ drawing: CustomDrawingDescription, of layer: LayerDescription, on id: LayerID) throws(SceneRenderError) {
        let properties: [LayerProperty] = [.custom0, .custom1, .custom2, .custom3]
        for (property, value) in zip(properties, drawing.customValues) where value != 0 {
            try attempt(layer.pointer + "/custom") { () throws(EngineError) in try engine.setValue(.number(value), for: property, of: id) }
        }
        var commands: [CustomDrawer.Command] = []
        for (index, command) in drawing.commands.enumerated() {
            let pointer = layer.pointer + "/draw/\(index)"
            let path = try SceneResources.rasterPath(command.path, pointer: pointer)
            let style: StrokeStyle
            let center: Point
            let strokeEnd: CustomDrawer.Amount, rotation: CustomDrawer.Amount
            do {
                style = StrokeStyle(lineWidth: try Fixed(exactly: command.lineWidth), lineCap: Self.lineCap(command.lineCap),
                                    lineJoin: Self.lineJoin(command.lineJoin), miterLimit: Fixed(10),
                                    strokeStart: .zero, strokeEnd: .one)
                center = Point(x: try Fixed(exactly: command.center.x), y: try Fixed(exactly: command.center.y))
                strokeEnd = try Self.amount(command.strokeEnd)
                rotation = try Self.amount(command.rotation)
            } catch {
                throw .unsupported(pointer: pointer, "a number cannot be held in Q16.16: \(error)")
            }
            commands.append(CustomDrawer.Command(
                path: path, fill: command.fillColor.map { Self.color($0).premultiplied() },
                rule: command.evenOddFill ? .evenOdd : .nonZero, stroke: command.strokeColor.map { Self.color($0).premultiplied() },
                style: style, strokeEnd: strokeEnd, rotation: rotation, center: center))
        }
        let drawer = try customDrawer(pointer: layer.pointer)
        let width = Self.wholePoints(layer.bounds.width), height = Self.wholePoints(layer.bounds.height)
        try attempt(layer.pointer) { () throws(EngineError) in
            try engine.setDrawCallback(width: width, height: height, of: id) { context in drawer.draw(commands, context) }
        }
    }

    /// A draw command's number in the frame path's form (Q16.16, converted once here).
    private static func amount(_ amount: DrawAmount) throws(FixedPointError) -> CustomDrawer.Amount {
        switch amount {
        case .number(let number): return .fixed(try Fixed(exactly: number))
        case .custom(let index): return .custom(index)
        }
    }

    /// A length in whole points, rounded up, at least 1 (lengths are validated within 0 … 16,384, so the
    /// conversion is exact; no libm `ceil` in the Embedded build).
    private static func wholePoints(_ length: Double) -> Int {
        let whole = Int(length)
        return max(1, Double(whole) < length ? whole + 1 : whole)
    }

    /// The scene's drawer, made for the first custom-drawn layer.
    private func customDrawer(pointer: String) throws(SceneRenderError) -> CustomDrawer {
        if let drawer = drawer { return drawer }
        do {
            let made = try CustomDrawer()
            drawer = made
            return made
        } catch {
            throw .unsupported(pointer: pointer, "the drawing's rasterizer cannot be set up: \(error)")
        }
    }
}

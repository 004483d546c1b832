import FixedPoint
import Raster

/// What a custom-drawn layer's draw callback gets (`CALayer.draw(in:)`).
public struct LayerDrawContext {
    /// The layer being drawn.
    public let layer: LayerID
    /// The layer's backing surface (premultiplied ARGB, cleared to transparent before each draw): one
    /// pixel per layer point, origin at the bounds' origin.
    public let surface: Surface
    /// The presentation values of `custom.0` … `custom.3` (animated values included).
    public let customValues: (Fixed, Fixed, Fixed, Fixed)
    /// The presentation bounds.
    public let bounds: Rect
}

extension Engine {
    /// Makes `layer` (kind `.custom`) custom-drawn: `draw` renders its content into a `width` × `height`
    /// backing surface allocated now, whenever the layer needs display — after `setNeedsDisplay`, and
    /// whenever a `custom.*` property's presentation value changed. The callback is stored once.
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind`, `invalidValue` for a size the surface cannot have,
    ///   `poolFull(.resources)`.
    public func setDrawCallback(
        width: Int, height: Int, of layer: LayerID, draw: @escaping (inout LayerDrawContext) -> Void
    ) throws(EngineError) {
        let layerIndex = try checkedKind(layer, .custom, field: "draw")
        let storage: SurfaceStorage
        do {
            storage = try SurfaceStorage(width: width, height: height, layout: .argb8888Premultiplied)
        } catch {
            throw .invalidValue(layer: layerName(layerIndex), field: "backing surface", value: Double(width),
                                reason: .outOfRange(min: 1, max: Double(Surface.maximumDimension)))
        }
        let surface = try presentation.resources.addBacking(storage)
        callbacks.drawCallbacks.append(draw)
        nodes[Int(layerIndex)].drawCallback = Int32(callbacks.drawCallbacks.count - 1)
        nodes[Int(layerIndex)].backing = surface
        nodes[Int(layerIndex)].needsDisplay = true
    }

    /// Marks a custom-drawn layer for redrawing at the next `displayIfNeeded()`.
    ///
    /// - Throws: `staleLayer`.
    public func setNeedsDisplay(_ layer: LayerID) throws(EngineError) {
        nodes[Int(try slot(of: layer))].needsDisplay = true
    }

    /// Redraws every presented custom-drawn layer that needs display (call after `advance(to:)`, before
    /// rendering). Each redraw advances the layer's contents generation and change stamp in the
    /// snapshot. Returns the number of layers drawn.
    @discardableResult
    public func displayIfNeeded() -> Int {
        var drawn = 0
        for entryIndex in 0 ..< presentation.count {
            let layerIndex = Int(tree.storage[entryIndex].id.index)
            guard nodes[layerIndex].needsDisplay, nodes[layerIndex].drawCallback >= 0,
                  let backing = nodes[layerIndex].backing,
                  let surface = presentation.resources.surface(for: backing) else { continue }
            surface.baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: surface.strideBytes * surface.height)
            let state = nodes[layerIndex].presentation
            var context = LayerDrawContext(
                layer: nodes[layerIndex].handle, surface: surface,
                customValues: (state.fixed(LayerSlot.custom), state.fixed(LayerSlot.custom + 1),
                               state.fixed(LayerSlot.custom + 2), state.fixed(LayerSlot.custom + 3)),
                bounds: tree.storage[entryIndex].bounds)
            callbacks.drawCallbacks[Int(nodes[layerIndex].drawCallback)](&context)
            nodes[layerIndex].needsDisplay = false
            nodes[layerIndex].surface = backing
            nodes[layerIndex].contentsGeneration &+= 1
            nodes[layerIndex].changeStamp = frameNumber
            drawn += 1
            tree.storage[entryIndex].custom.surface = backing
            tree.storage[entryIndex].custom.contentsGeneration = nodes[layerIndex].contentsGeneration
            tree.storage[entryIndex].changeStamp = nodes[layerIndex].changeStamp
        }
        return drawn
    }
}

import FixedPoint

/// The frame path's part of text layers: laying out again when a presented input changed.
extension Engine {
    /// Lays the text of layer `layerIndex` (a text layer whose presentation or settings changed) out again
    /// if its presented `fontSize`, bounds width or `number`, or its string or settings, changed.
    @_noAllocation
    func layOutText(_ layerIndex: Int32) {
        let index = Int(nodes[layerIndex].text)
        guard index >= 0 else { return }
        let state = nodes[layerIndex].presentation
        let fontSize = state.fixed(LayerSlot.fontSize), width = state.fixed(LayerSlot.boundsWidth)
        let number = state.fixed(LayerSlot.number)
        // The text is a class in an array of the resources: reading it retains it, which the performance
        // checker cannot tell from an allocation; laying out allocates nothing (the malloc-counting test).
        let resources = frameResources
        _unsafePerformance {
            _ = resources.takeUnretainedValue().texts[index].layOutIfNeeded(fontSize: fontSize, width: width, number: number)
        }
    }
}

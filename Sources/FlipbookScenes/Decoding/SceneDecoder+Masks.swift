/// Masks given by name (`"mask": "name"`, an extension of SCENE-FORMAT.md): the named layer's description is
/// used as the mask. A reference that would copy a layer into itself, directly or through other references, is
/// a cycle and is refused.
extension SceneDecoder {
    func resolveNamedMasks(in layers: [LayerDescription]) -> [LayerDescription] {
        guard !maskReferences.isEmpty else { return layers }
        var byName: [String: LayerDescription] = [:]
        collectNamedLayers(layers, into: &byName)
        var reported: Set<String> = []
        return layers.map { resolveMasks(in: $0, stack: [], byName: byName, reported: &reported) }
    }

    private func collectNamedLayers(_ layers: [LayerDescription], into byName: inout [String: LayerDescription]) {
        for layer in layers {
            if let name = layer.name, byName[name] == nil { byName[name] = layer }
            if let mask = layer.mask { collectNamedLayers([mask], into: &byName) }
            collectNamedLayers(layer.sublayers, into: &byName)
        }
    }

    private func resolveMasks(
        in original: LayerDescription, stack: [String], byName: [String: LayerDescription], reported: inout Set<String>
    ) -> LayerDescription {
        var layer = original
        var stack = stack
        if let name = layer.name { stack.append(name) }
        if let reference = maskReferences[layer.pointer] {
            if let target = byName[reference.name] {
                if let start = stack.firstIndex(of: reference.name) {
                    let chain = (stack[start...] + [reference.name]).map { "\"\($0)\"" }.joined(separator: " → ")
                    reportOnce(reference.pointer, "mask cycle: \(chain)", reported: &reported)
                } else if target.mask != nil || maskReferences[target.pointer] != nil {
                    reportOnce(reference.pointer, "layer \"\(reference.name)\" has a mask of its own and cannot be a mask (Core Animation has no nested masks)", reported: &reported)
                } else {
                    layer.mask = resolveMasks(in: target, stack: stack, byName: byName, reported: &reported)
                }
            } else {
                reportOnce(reference.pointer, "no layer is named \"\(reference.name)\"", reported: &reported)
            }
        } else if let mask = layer.mask {
            layer.mask = resolveMasks(in: mask, stack: stack, byName: byName, reported: &reported)
        }
        layer.sublayers = layer.sublayers.map { resolveMasks(in: $0, stack: stack, byName: byName, reported: &reported) }
        return layer
    }

    private func reportOnce(_ pointer: String, _ message: String, reported: inout Set<String>) {
        if reported.insert(pointer + "\u{0}" + message).inserted { report(pointer, message) }
    }
}

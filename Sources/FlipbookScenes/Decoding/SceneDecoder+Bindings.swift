/// The top-level `bindings` object.
extension SceneDecoder {
    /// `{"progress": {"layer", "keyPath", "from", "to"}, "message": NAME}`; layer names are checked against
    /// the scene's named layers in `names`.
    func decodeBindings(_ node: JSONNode, at pointer: String, names: Set<String>) -> SceneBindings {
        var bindings = SceneBindings()
        guard let fields = object(node, at: pointer) else { return bindings }
        if let (node, pointer) = fields.take("progress"), let progress = object(node, at: pointer) {
            let layer = boundLayer(progress, names: names)
            var keyPath: SceneKeyPath?
            if let (node, pointer) = progress.take("keyPath"), let name = string(node, at: pointer) {
                keyPath = SceneKeyPath(rawValue: name)
                if keyPath == nil { report(pointer, "unknown key path \"\(name)\"") }
                if let found = keyPath, found.valueKind != .scalar {
                    report(pointer, "must be a numeric key path (\"\(name)\" takes \(found.valueKind.description))")
                    keyPath = nil
                }
            } else if !progress.has("keyPath") {
                report(progress.pointer, "missing field \"keyPath\"")
            }
            let from = number(progress, "from", default: 0, rule: .coordinate)
            let to = number(progress, "to", default: 1, rule: .coordinate)
            finish(progress)
            if let layer, let keyPath {
                bindings.progress = SceneBindings.Progress(layer: layer, keyPath: keyPath, from: from, to: to)
            }
        }
        if let (node, pointer) = fields.take("message"), let name = string(node, at: pointer) {
            if names.contains(name) { bindings.message = name } else { report(pointer, "no layer named \"\(name)\"") }
        }
        finish(fields)
        return bindings
    }

    private func boundLayer(_ fields: ObjectFields, names: Set<String>) -> String? {
        guard let (node, pointer) = fields.take("layer") else {
            report(fields.pointer, "missing field \"layer\"")
            return nil
        }
        guard let name = string(node, at: pointer) else { return nil }
        guard names.contains(name) else {
            report(pointer, "no layer named \"\(name)\"")
            return nil
        }
        return name
    }

    /// Every layer name in `layers` (sublayers and masks included).
    static func layerNames(_ layers: [LayerDescription], into names: inout Set<String>) {
        for layer in layers {
            if let name = layer.name { names.insert(name) }
            layerNames(layer.sublayers, into: &names)
            if let mask = layer.mask { layerNames([mask], into: &names) }
        }
    }
}

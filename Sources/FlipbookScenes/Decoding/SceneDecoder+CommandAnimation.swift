/// One animation object on its own: the `animation` of a control command's `add`.
extension SceneDecoder {
    /// Decodes the animation object `text` for a layer of `layerKind`, as in a scene's `animations` array.
    ///
    /// - Throws: the problems, their pointers under `/animation`.
    static func decodeAnimation(_ text: [UInt8], layerKind: LayerKind) throws(SceneError) -> AnimationDescription {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw SceneError(fileName: "animation", syntaxError: error, problems: [])
        }
        let decoder = SceneDecoder(baseDirectory: "", imageReader: { _, _ in (nil, noFileSystem) },
                                   fontReader: { _ in (nil, noFileSystem) })
        let decoded = decoder.decodeAnimationArray(JSONNode(.array([root]), at: root.position), at: "/animation",
                                                   layerKind: layerKind, depth: 1)
        guard decoder.problems.isEmpty, let animation = decoded.first else {
            throw SceneError(fileName: "animation", syntaxError: nil, problems: decoder.problems)
        }
        return animation
    }
}

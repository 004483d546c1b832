import Flipbook

/// What commands can name, resolved once at setup: the scene's named layers (name bytes, engine handle, kind)
/// and the settable key paths. Lookups compare bytes and allocate nothing.
public struct ControlTargets {
    private var nameBytes: [UInt8] = []
    private var nameEnds: [Int] = []
    private var ids: [LayerID] = []
    private var kinds: [LayerKind] = []
    private var keyPathBytes: [UInt8] = []
    private var keyPathEnds: [Int] = []
    private var keyPaths: [SceneKeyPath] = []
    private var properties: [LayerProperty] = []

    /// The named layers of `scene` (masks included) and every key path the engine can set.
    public init(scene: LoadedScene) {
        for layer in scene.scene.layers { addNamed(layer, layers: scene.layers) }
        for keyPath in SceneKeyPath.allCases {
            guard let property = try? LayerProperty(keyPath: keyPath.rawValue) else { continue }
            keyPathBytes.append(contentsOf: keyPath.rawValue.utf8)
            keyPathEnds.append(keyPathBytes.count)
            keyPaths.append(keyPath)
            properties.append(property)
        }
    }

    private mutating func addNamed(_ layer: LayerDescription, layers: SceneLayers) {
        if let name = layer.name, let id = try? layers.layer(name) {
            nameBytes.append(contentsOf: name.utf8)
            nameEnds.append(nameBytes.count)
            ids.append(id)
            kinds.append(layer.kind)
        }
        for sublayer in layer.sublayers { addNamed(sublayer, layers: layers) }
        if let mask = layer.mask { addNamed(mask, layers: layers) }
    }

    /// The layer named by `name`'s bytes, and its kind.
    public func layer(named name: UnsafeBufferPointer<UInt8>) -> (id: LayerID, kind: LayerKind)? {
        guard let index = Self.find(name, in: nameBytes, ends: nameEnds) else { return nil }
        return (ids[index], kinds[index])
    }

    /// The kind of the named layer `id`.
    public func kind(of id: LayerID) -> LayerKind? {
        ids.firstIndex(of: id).map { kinds[$0] }
    }

    /// The key path spelled by `name`'s bytes, and the engine property it sets.
    public func keyPath(named name: UnsafeBufferPointer<UInt8>) -> (keyPath: SceneKeyPath, property: LayerProperty)? {
        guard let index = Self.find(name, in: keyPathBytes, ends: keyPathEnds) else { return nil }
        return (keyPaths[index], properties[index])
    }

    private static func find(_ name: UnsafeBufferPointer<UInt8>, in bytes: [UInt8], ends: [Int]) -> Int? {
        var start = 0
        var index = 0
        while index < ends.count {
            let end = ends[index]
            if end - start == name.count {
                var offset = 0
                while offset < name.count && bytes[start + offset] == name[offset] { offset += 1 }
                if offset == name.count { return index }
            }
            start = end
            index += 1
        }
        return nil
    }
}

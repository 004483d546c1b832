import FixedPoint
import Flipbook

/// Builds a validated ``SceneDescription`` into an ``Engine``: one engine layer per scene layer (masks
/// included), every non-default property set on the model, then every animation added. Setup-time code.
final class SceneLoader {
    let engine: Engine
    let resources: SceneResources
    /// The engine layers of the scene's named layers (masks copied by name keep the first).
    private(set) var namedLayers: [String: LayerID] = [:]
    /// What draws the custom-drawn layers, made with the first one.
    var drawer: CustomDrawer?

    init(engine: Engine, resources: SceneResources) {
        self.engine = engine
        self.resources = resources
    }

    /// Builds every top-level layer under the engine's root.
    func load(_ scene: SceneDescription) throws(SceneRenderError) {
        for layer in scene.layers {
            let id = try build(layer)
            try attempt(layer.pointer) { () throws(EngineError) in try engine.addSublayer(id, to: engine.root) }
        }
    }

    /// Runs an engine call, naming `pointer` when the engine refuses it.
    func attempt<T>(_ pointer: String, _ body: () throws(EngineError) -> T) throws(SceneRenderError) -> T {
        do {
            return try body()
        } catch {
            throw .engine(pointer: pointer, error)
        }
    }

    /// Creates the engine layer for `layer` and its mask and sublayers, and adds its animations.
    private func build(_ layer: LayerDescription) throws(SceneRenderError) -> LayerID {
        let kind: Flipbook.LayerKind = switch layer.kind {
        case .layer: .plain
        case .shape: .shape
        case .image: .image
        case .text: .text
        case .gradient: .gradient
        case .replicator: .replicator
        case .custom: .custom
        }
        let id = try attempt(layer.pointer) { () throws(EngineError) in try engine.createLayer(kind: kind, name: layer.name) }
        if let name = layer.name, namedLayers[name] == nil { namedLayers[name] = id }
        try attempt(layer.pointer) { () throws(EngineError) in try setProperties(of: layer, on: id) }
        if let shadowPath = layer.shadowPath {
            let value = try resources.pathValue(shadowPath, pointer: layer.pointer + "/shadowPath")
            try attempt(layer.pointer + "/shadowPath") { () throws(EngineError) in try engine.setValue(value, for: .shadowPath, of: id) }
        }
        if let shape = layer.shape { try setShape(shape, of: layer, on: id) }
        if let text = layer.text { try setText(text, of: layer, on: id) }
        if let gradient = layer.gradient {
            try attempt(layer.pointer) { () throws(EngineError) in try setGradient(gradient, on: id) }
        }
        if let replicator = layer.replicator {
            try attempt(layer.pointer) { () throws(EngineError) in try setReplicator(replicator, on: id) }
        }
        if let custom = layer.custom { try setDrawing(custom, of: layer, on: id) }
        if let image = layer.image {
            let imageID = try resources.imageID(for: image, pointer: layer.pointer + "/image")
            try attempt(layer.pointer + "/image") { () throws(EngineError) in
                try engine.setImage(imageID, gravity: Self.gravity(image.contentsGravity), of: id)
                let part = image.contentsRect
                try engine.setValue(.rect(x: part.x, y: part.y, width: part.width, height: part.height),
                                    for: .contentsRect, of: id)
            }
        }
        if let mask = layer.mask {
            let maskID = try build(mask)
            try attempt(mask.pointer) { () throws(EngineError) in try engine.setMask(maskID, of: id) }
        }
        for sublayer in layer.sublayers {
            let sublayerID = try build(sublayer)
            try attempt(sublayer.pointer) { () throws(EngineError) in try engine.addSublayer(sublayerID, to: id) }
        }
        for animation in layer.animations where animation.autostart {
            let converted = try convert(animation)
            try attempt(animation.pointer) { () throws(EngineError) in
                try engine.addAnimation(converted, forKey: animation.key, to: id)
            }
        }
        return id
    }

    private func setProperties(of layer: LayerDescription, on id: LayerID) throws(EngineError) {
        let defaults = LayerDescription(pointer: "")
        func set(_ property: LayerProperty, _ value: PropertyValue, unless defaultValue: PropertyValue) throws(EngineError) {
            if value != defaultValue { try engine.setValue(value, for: property, of: id) }
        }
        try set(.position, .pair(layer.position.x, layer.position.y), unless: .pair(0, 0))
        let bounds = layer.bounds
        try set(.bounds, .rect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height), unless: .rect(x: 0, y: 0, width: 0, height: 0))
        try set(.anchorPoint, .pair(layer.anchorPoint.x, layer.anchorPoint.y), unless: .pair(0.5, 0.5))
        try set(.zPosition, .number(layer.zPosition), unless: .number(0))
        try set(.hidden, .flag(layer.hidden), unless: .flag(false))
        try set(.opacity, .number(layer.opacity), unless: .number(1))
        try set(.backgroundColor, .color(layer.backgroundColor.map(Self.color)), unless: .color(nil))
        try set(.cornerRadius, .number(layer.cornerRadius), unless: .number(0))
        try set(.borderWidth, .number(layer.borderWidth), unless: .number(0))
        try set(.borderColor, .color(Self.color(layer.borderColor)), unless: .color(Self.color(defaults.borderColor)))
        try set(.shadowColor, .color(Self.color(layer.shadowColor)), unless: .color(Self.color(defaults.shadowColor)))
        try set(.shadowOpacity, .number(layer.shadowOpacity), unless: .number(0))
        try set(.shadowOffset, .pair(layer.shadowOffset.x, layer.shadowOffset.y), unless: .pair(0, -3))
        try set(.shadowRadius, .number(layer.shadowRadius), unless: .number(3))
        try set(.masksToBounds, .flag(layer.masksToBounds), unless: .flag(false))
        try set(.doubleSided, .flag(layer.doubleSided), unless: .flag(true))
        let transform = layer.transform
        try set(.translation, .pair(transform.translation.x, transform.translation.y), unless: .pair(0, 0))
        try set(.translationZ, .number(transform.translation.z), unless: .number(0))
        try set(.rotation, .number(transform.rotationZ), unless: .number(0))
        try set(.rotationX, .number(transform.rotationX), unless: .number(0))
        try set(.rotationY, .number(transform.rotationY), unless: .number(0))
        try set(.scaleX, .number(transform.scale.x), unless: .number(1))
        try set(.scaleY, .number(transform.scale.y), unless: .number(1))
        try set(.perspective, .number(transform.perspective ?? 0), unless: .number(0))
        let sublayers = layer.sublayerTransform
        try set(.sublayerTranslation, .pair(sublayers.translation.x, sublayers.translation.y), unless: .pair(0, 0))
        try set(.sublayerRotation, .number(sublayers.rotationZ), unless: .number(0))
        try set(.sublayerRotationX, .number(sublayers.rotationX), unless: .number(0))
        try set(.sublayerRotationY, .number(sublayers.rotationY), unless: .number(0))
        try set(.sublayerScaleX, .number(sublayers.scale.x), unless: .number(1))
        try set(.sublayerScaleY, .number(sublayers.scale.y), unless: .number(1))
        try set(.sublayerPerspective, .number(sublayers.perspective ?? 0), unless: .number(0))
        if layer.beginTime != 0 || layer.speed != 1 || layer.timeOffset != 0 {
            try engine.setTiming(beginTime: layer.beginTime, speed: layer.speed, timeOffset: layer.timeOffset, of: id)
        }
    }

    private func setShape(_ shape: ShapeDescription, of layer: LayerDescription, on id: LayerID) throws(SceneRenderError) {
        var pathValue: PropertyValue?
        if let path = shape.path {
            pathValue = try resources.pathValue(path, pointer: layer.pointer + "/path")
        }
        try attempt(layer.pointer) { () throws(EngineError) in
            if let pathValue { try engine.setValue(pathValue, for: .path, of: id) }
            try engine.setValue(.color(shape.fillColor.map(Self.color)), for: .fillColor, of: id)
            try engine.setValue(.color(shape.strokeColor.map(Self.color)), for: .strokeColor, of: id)
            try engine.setValue(.number(shape.lineWidth), for: .lineWidth, of: id)
            try engine.setValue(.number(shape.miterLimit), for: .miterLimit, of: id)
            try engine.setValue(.number(shape.strokeStart), for: .strokeStart, of: id)
            try engine.setValue(.number(shape.strokeEnd), for: .strokeEnd, of: id)
            try engine.setShapeStyle(
                fillRule: shape.evenOddFill ? .evenOdd : .nonZero, lineCap: Self.lineCap(shape.lineCap),
                lineJoin: Self.lineJoin(shape.lineJoin), of: id)
        }
    }

    static func color(_ color: SceneColor) -> Color {
        Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    static func gravity(_ name: String) -> ContentsGravity {
        switch name {
        case "resizeAspect": .resizeAspect
        case "resizeAspectFill": .resizeAspectFill
        case "center": .center
        default: .resize
        }
    }

    static func lineCap(_ name: String) -> LineCap {
        switch name {
        case "round": .round
        case "square": .square
        default: .butt
        }
    }

    static func lineJoin(_ name: String) -> LineJoin {
        switch name {
        case "round": .round
        case "bevel": .bevel
        default: .miter
        }
    }
}

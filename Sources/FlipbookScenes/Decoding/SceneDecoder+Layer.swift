import ImageCodecs

/// Decoding of layers (SCENE-FORMAT.md "Layer").
extension SceneDecoder {
    func decodeLayerArray(_ node: JSONNode, at pointer: String, depth: Int) -> [LayerDescription] {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of layers, found \(node.value.typeDescription)")
            return []
        }
        var layers: [LayerDescription] = []
        for (index, element) in elements.enumerated() {
            if let layer = decodeLayer(element, at: JSONPointer.appending(index, to: pointer), depth: depth) {
                layers.append(layer)
            }
        }
        return layers
    }

    func decodeLayer(_ node: JSONNode, at pointer: String, depth: Int) -> LayerDescription? {
        guard depth <= SceneLimits.maximumDepth else {
            report(pointer, "layers nested deeper than \(SceneLimits.maximumDepth) levels")
            return nil
        }
        guard let fields = object(node, at: pointer) else { return nil }
        layerCount += 1
        var layer = LayerDescription(pointer: pointer)
        decodeIdentity(fields, into: &layer)
        decodeGeometry(fields, into: &layer)
        decodeAppearance(fields, into: &layer)
        decodeLayerTiming(fields, into: &layer)
        layer.shape = decodeShape(fields, kind: layer.kind)
        let enclosingBound = imageBound
        imageBound = imageBound(for: layer.bounds)
        defer { imageBound = enclosingBound }
        layer.image = decodeImage(fields, kind: layer.kind)
        layer.text = decodeText(fields, kind: layer.kind)
        layer.gradient = decodeGradient(fields, kind: layer.kind)
        layer.replicator = decodeReplicator(fields, kind: layer.kind)
        layer.custom = decodeCustomDrawing(fields, kind: layer.kind)
        if let (maskNode, maskPointer) = fields.take("mask") {
            if case .string(let name) = maskNode.value {
                maskReferences[pointer] = (name, maskPointer)
            } else {
                layer.mask = decodeLayer(maskNode, at: maskPointer, depth: depth + 1)
                if layer.mask?.mask != nil || maskReferences[maskPointer] != nil {
                    report(maskPointer + "/mask", "a mask layer cannot have a mask of its own (Core Animation has no nested masks)")
                }
            }
        }
        if let (sublayerNode, sublayerPointer) = fields.take("sublayers") {
            layer.sublayers = decodeLayerArray(sublayerNode, at: sublayerPointer, depth: depth + 1)
        }
        if let (animationNode, animationPointer) = fields.take("animations") {
            animatedStopCount = layer.gradient?.colors.count ?? 0
            defer { animatedStopCount = 0 }
            layer.animations = decodeAnimationArray(animationNode, at: animationPointer, layerKind: layer.kind, depth: 1)
        }
        finish(fields)
        return layer
    }

    private func decodeIdentity(_ fields: ObjectFields, into layer: inout LayerDescription) {
        if let (node, pointer) = fields.take("name"), let name = string(node, at: pointer) {
            if let earlier = namedLayers.first(where: { $0.name == name }) {
                report(pointer, "duplicate layer name \"\(name)\" (first at \(earlier.pointer))")
            } else {
                namedLayers.append((name, pointer))
            }
            layer.name = name
        }
        let kindName = choice(fields, "kind", default: "layer", from: LayerKind.allCases.map { $0.rawValue })
        layer.kind = LayerKind(rawValue: kindName) ?? .layer
    }

    private func decodeGeometry(_ fields: ObjectFields, into layer: inout LayerDescription) {
        layer.position = pair(fields, "position", default: .zero, rule: .coordinate)
        let hasBounds = fields.has("bounds")
        if let (node, pointer) = fields.take("bounds"), let bounds = rect(node, at: pointer) {
            layer.bounds = bounds
        }
        if let (node, pointer) = fields.take("size") {
            if hasBounds {
                report(pointer, "give either \"bounds\" or its shorthand \"size\", not both")
            } else if let size = pair(node, at: pointer, rule: .length) {
                layer.bounds = SceneRect(x: 0, y: 0, width: size.x, height: size.y)
            }
        }
        layer.anchorPoint = pair(fields, "anchorPoint", default: layer.anchorPoint, rule: .coordinate)
        layer.zPosition = number(fields, "zPosition", default: 0, rule: .coordinate)
        if let (node, pointer) = fields.take("transform"), let transform = decodeTransform(node, at: pointer) {
            layer.transform = transform
        }
        if let (node, pointer) = fields.take("sublayerTransform"), let transform = decodeTransform(node, at: pointer) {
            if transform.translation.z != 0 {
                report(JSONPointer.appending("translation", to: pointer), "a sublayer transform moves in x and y: give [x, y]")
            }
            layer.sublayerTransform = transform
        }
    }

    private func decodeAppearance(_ fields: ObjectFields, into layer: inout LayerDescription) {
        layer.hidden = bool(fields, "hidden", default: false)
        layer.opacity = number(fields, "opacity", default: 1, rule: .unit)
        layer.backgroundColor = colorField(fields, "backgroundColor", default: nil, nullable: true)
        layer.cornerRadius = number(fields, "cornerRadius", default: 0, rule: .length)
        layer.borderWidth = number(fields, "borderWidth", default: 0, rule: .length)
        layer.borderColor = colorField(fields, "borderColor", default: .black, nullable: false) ?? .black
        layer.shadowColor = colorField(fields, "shadowColor", default: .black, nullable: false) ?? .black
        layer.shadowOpacity = number(fields, "shadowOpacity", default: 0, rule: .unit)
        layer.shadowOffset = pair(fields, "shadowOffset", default: layer.shadowOffset, rule: .coordinate)
        layer.shadowRadius = number(fields, "shadowRadius", default: 3, rule: .length)
        if let (node, pointer) = fields.take("shadowPath") { layer.shadowPath = pathData(node, at: pointer) }
        layer.masksToBounds = bool(fields, "masksToBounds", default: false)
        layer.doubleSided = bool(fields, "doubleSided", default: true)
    }

    private func decodeLayerTiming(_ fields: ObjectFields, into layer: inout LayerDescription) {
        layer.beginTime = number(fields, "beginTime", default: 0, rule: .seconds)
        layer.speed = number(fields, "speed", default: 1, rule: .range(-1000...1000))
        layer.timeOffset = number(fields, "timeOffset", default: 0, rule: .seconds)
    }

    func decodeTransform(_ node: JSONNode, at pointer: String) -> TransformDescription? {
        guard let fields = object(node, at: pointer) else { return nil }
        var transform = TransformDescription.identity
        if let (translationNode, translationPointer) = fields.take("translation") {
            transform.translation = decodeTranslation(translationNode, at: translationPointer)
        }
        let angleRule = NumberRule.range(-1000...1000)
        transform.rotationZ = number(fields, "rotation", default: 0, rule: angleRule)
        transform.rotationX = number(fields, "rotationX", default: 0, rule: angleRule)
        transform.rotationY = number(fields, "rotationY", default: 0, rule: angleRule)
        if let (scaleNode, scalePointer) = fields.take("scale") {
            if case .array = scaleNode.value {
                let scale = pair(scaleNode, at: scalePointer, rule: .range(-1000...1000)) ?? ScenePoint(x: 1, y: 1)
                transform.scale = (scale.x, scale.y)
            } else if let factor = number(scaleNode, at: scalePointer, rule: .range(-1000...1000)) {
                transform.scale = (factor, factor)
            }
        }
        transform.perspective = optionalNumber(fields, "perspective", rule: .positive(atMost: SceneLimits.maximumCoordinate))
        finish(fields)
        return transform
    }

    private func decodeTranslation(_ node: JSONNode, at pointer: String) -> (x: Double, y: Double, z: Double) {
        if case .array(let elements) = node.value, elements.count == 3 {
            guard let values = numbers(node, at: pointer, count: 3, shape: "[x, y] or [x, y, z]") else { return (0, 0, 0) }
            for (index, value) in values.enumerated() {
                if let violation = NumberRule.coordinate.violation(value) {
                    report(JSONPointer.appending(index, to: pointer), violation)
                    return (0, 0, 0)
                }
            }
            return (values[0], values[1], values[2])
        }
        let point = pair(node, at: pointer, rule: .coordinate) ?? .zero
        return (point.x, point.y, 0)
    }

    private func decodeShape(_ fields: ObjectFields, kind: LayerKind) -> ShapeDescription? {
        let keys = ["path", "fillColor", "fillRule", "strokeColor", "lineWidth", "lineCap", "lineJoin", "miterLimit",
                    "strokeStart", "strokeEnd"]
        guard kind == .shape else {
            for key in keys { if let (_, pointer) = fields.take(key) { report(pointer, "only a \"shape\" layer has this field") } }
            return nil
        }
        var shape = ShapeDescription()
        if let (node, pointer) = fields.take("path") { shape.path = pathData(node, at: pointer) }
        shape.fillColor = colorField(fields, "fillColor", default: .black, nullable: true)
        shape.evenOddFill = choice(fields, "fillRule", default: "nonZero", from: ["nonZero", "evenOdd"]) == "evenOdd"
        shape.strokeColor = colorField(fields, "strokeColor", default: nil, nullable: true)
        shape.lineWidth = number(fields, "lineWidth", default: 1, rule: .length)
        shape.lineCap = choice(fields, "lineCap", default: "butt", from: ["butt", "round", "square"])
        shape.lineJoin = choice(fields, "lineJoin", default: "miter", from: ["miter", "round", "bevel"])
        shape.miterLimit = number(fields, "miterLimit", default: 10, rule: .range(1...1000))
        shape.strokeStart = number(fields, "strokeStart", default: 0, rule: .unit)
        shape.strokeEnd = number(fields, "strokeEnd", default: 1, rule: .unit)
        return shape
    }

    private func decodeImage(_ fields: ObjectFields, kind: LayerKind) -> ImageDescription? {
        guard kind == .image else {
            for key in ["image", "contentsGravity", "contentsRect"] {
                if let (_, pointer) = fields.take(key) { report(pointer, "only an \"image\" layer has this field") }
            }
            return nil
        }
        let gravity = choice(fields, "contentsGravity", default: "resize",
                             from: ["resize", "resizeAspect", "resizeAspectFill", "center"])
        var contentsRect = SceneRect(x: 0, y: 0, width: 1, height: 1)
        if let (node, pointer) = fields.take("contentsRect"), let part = rect(node, at: pointer) { contentsRect = part }
        guard let (node, pointer) = fields.take("image") else {
            report(JSONPointer.appending("image", to: fields.pointer), "required field is missing for an \"image\" layer")
            return nil
        }
        return readImage(node, at: pointer, gravity: gravity, contentsRect: contentsRect)
    }

    /// The most pixels an image layer with `bounds` draws its picture across, as the decoder bounds it: twice the
    /// larger of the bounds and the canvas on each side — room for a zoom or a display's `--fit` scale up to 2 —
    /// in whole pixels. A picture larger in both directions is decoded reduced to cover it (a 4000×3000 photo in an
    /// 800×480 scene: 1600×1200, 7.7 MB held instead of 48 MB; docs/images.md).
    func imageBound(for bounds: SceneRect) -> ImageDisplayBound? {
        let canvas = canvasSize ?? (SceneLimits.maximumCanvasSide, SceneLimits.maximumCanvasSide)
        // Bounds are within the scene's coordinate limit (16,384) and the canvas within 4,096, so each side is in
        // 2 … 32,768, inside the bound's 1 … 65,535.
        func side(_ points: Double, _ canvasSide: Int) -> Int { 2 * max(canvasSide, Int(points.rounded(.up))) }
        do throws(ImageSizeError) {
            return try ImageDisplayBound(width: side(bounds.width, canvas.width), height: side(bounds.height, canvas.height))
        } catch {
            return nil
        }
    }

    /// A transition's new picture (`to.image`) and its gravity (`to.contentsGravity`; nil keeps the layer's):
    /// only on an image layer.
    func decodeTransitionImage(_ fields: ObjectFields, layerKind: LayerKind) -> (image: ImageDescription, gravity: String?)? {
        guard fields.has("image") || fields.has("contentsGravity") else { return nil }
        guard layerKind == .image else {
            for key in ["image", "contentsGravity"] {
                if let (_, pointer) = fields.take(key) { report(pointer, "only an \"image\" layer has this field") }
            }
            return nil
        }
        var gravity: String?
        if let (node, pointer) = fields.take("contentsGravity") {
            gravity = choice(node, at: pointer, from: ["resize", "resizeAspect", "resizeAspectFill", "center"])
        }
        guard let (node, pointer) = fields.take("image") else {
            report(JSONPointer.appending("image", to: fields.pointer), "required field is missing beside \"contentsGravity\" (a transition changes the gravity with a new picture)")
            return nil
        }
        guard let image = readImage(node, at: pointer, gravity: gravity ?? "resize",
                                    contentsRect: SceneRect(x: 0, y: 0, width: 1, height: 1)) else { return nil }
        return (image, gravity)
    }

    /// Reads and decodes the picture file named at `pointer` (relative to the scene file's folder).
    private func readImage(_ node: JSONNode, at pointer: String, gravity: String, contentsRect: SceneRect) -> ImageDescription? {
        guard let fileName = string(node, at: pointer) else { return nil }
        let resolved = fileName.hasPrefix("/") || baseDirectory.isEmpty ? fileName : baseDirectory + "/" + fileName
        let read = imageReader(resolved, imageBound)
        guard let picture = read.image else {
            report(pointer, "cannot use image \"\(fileName)\": \(read.problem ?? "unreadable")")
            return nil
        }
        return ImageDescription(fileName: fileName, resolvedPath: resolved, picture: picture, contentsGravity: gravity,
                                contentsRect: contentsRect)
    }
}

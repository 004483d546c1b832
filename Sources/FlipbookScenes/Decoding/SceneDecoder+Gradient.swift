/// Decoding of gradient layers (SCENE-FORMAT.md "Gradient layers"): every problem is reported at the field.
extension SceneDecoder {
    static let gradientKeys = ["type", "colors", "locations", "startPoint", "endPoint"]
    /// The accepted range of `startPoint`/`endPoint` components (unit coordinates; beyond the bounds is allowed).
    static let gradientPointRule = NumberRule.range(-100...100)

    func decodeGradient(_ fields: ObjectFields, kind: LayerKind) -> GradientDescription? {
        guard kind == .gradient else {
            for key in SceneDecoder.gradientKeys {
                if let (_, pointer) = fields.take(key) { report(pointer, "only a \"gradient\" layer has this field") }
            }
            return nil
        }
        var gradient = GradientDescription()
        gradient.type = choice(fields, "type", default: "axial", from: ["axial", "radial", "conic"])
        gradient.startPoint = pair(fields, "startPoint", default: gradient.startPoint, rule: Self.gradientPointRule)
        gradient.endPoint = pair(fields, "endPoint", default: gradient.endPoint, rule: Self.gradientPointRule)
        guard let (colorsNode, colorsPointer) = fields.take("colors") else {
            report(JSONPointer.appending("colors", to: fields.pointer), "required field is missing for a \"gradient\" layer")
            _ = fields.take("locations")
            return nil
        }
        guard let colors = gradientColors(colorsNode, at: colorsPointer) else {
            _ = fields.take("locations")
            return nil
        }
        gradient.colors = colors
        if let (node, pointer) = fields.take("locations") {
            guard let locations = gradientLocations(node, at: pointer, count: colors.count) else { return nil }
            gradient.locations = locations
        }
        return gradient
    }

    /// An animated `colors` value: as the layer's `colors`, and as many as the layer has (`animatedStopCount`,
    /// when known: 0 for a control command's animation, which the engine checks when it is added).
    func animatedGradientColors(_ node: JSONNode, at pointer: String) -> [SceneColor]? {
        guard let colors = gradientColors(node, at: pointer) else { return nil }
        guard animatedStopCount == 0 || colors.count == animatedStopCount else {
            report(pointer, "expected one colour per stop of the layer's gradient (\(animatedStopCount)), found \(colors.count)")
            return nil
        }
        return colors
    }

    /// `colors`: an array of 2 … 16 colour strings.
    private func gradientColors(_ node: JSONNode, at pointer: String) -> [SceneColor]? {
        guard case .array(let elements) = node.value else {
            report(pointer, "expected an array of colours, found \(node.value.typeDescription)")
            return nil
        }
        guard elements.count >= 2, elements.count <= SceneLimits.maximumGradientColors else {
            report(pointer, "a gradient takes 2 … \(SceneLimits.maximumGradientColors) colours (found \(elements.count))")
            return nil
        }
        var colors: [SceneColor] = []
        for (index, element) in elements.enumerated() {
            if case .some(.some(let color)) = color(element, at: JSONPointer.appending(index, to: pointer), nullable: false) {
                colors.append(color)
            }
        }
        return colors.count == elements.count ? colors : nil
    }

    /// `locations`: one number per colour, each in 0 … 1 and not below the one before; `count` 0 takes
    /// any count a gradient may have.
    func gradientLocations(_ node: JSONNode, at pointer: String, count: Int) -> [Double]? {
        var count = count
        if count == 0, case .array(let elements) = node.value {
            guard elements.count >= 2, elements.count <= SceneLimits.maximumGradientColors else {
                report(pointer, "a gradient takes 2 … \(SceneLimits.maximumGradientColors) locations (found \(elements.count))")
                return nil
            }
            count = elements.count
        }
        let locations = numbers(node, at: pointer, count: count, shape: "an array of numbers", rule: .unit) {
            "expected one location per colour (\(count)), found \($0)"
        }
        guard let locations else { return nil }
        for index in locations.indices.dropFirst() where locations[index] < locations[index - 1] {
            report(JSONPointer.appending(index, to: pointer),
                   "locations must not decrease (\(locations[index]) follows \(locations[index - 1]))")
            return nil
        }
        return locations
    }
}

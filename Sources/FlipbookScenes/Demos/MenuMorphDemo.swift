/// Demo 2, the menu ↔ cancel morph. Three lines; the middle one shortens and slides (a group of `strokeEnd`
/// and `transform.translation.x`, eased in, its children without durations as seed 002 writes them), then runs along one path — the line, a cubic curve up to the circle, an arc
/// over the top and a full circle — by keyframing `strokeStart` and `strokeEnd` as fractions of that path's
/// length. The top and bottom lines rotate through 0 → 10° → −55° → −45° (mirrored) while moving to the centre,
/// crossing into an X inside the circle. Then everything plays back.
enum MenuMorphDemo {
    static let center = ScenePoint(x: 160, y: 120)
    static let radius = 60.0
    static let lineLength = 80.0
    static let spacing = 22.0

    /// The middle line's path and the fractions of its length where each part ends.
    static let middle: (svg: String, lineEnd: Double, arcEnd: Double) = {
        let rightEnd = ScenePoint(x: center.x + lineLength / 2, y: center.y)
        let angle = DemoText.radians(30)
        let onCircle = ScenePoint(x: center.x + radius * DemoMath.cos(angle), y: center.y - radius * DemoMath.sin(angle))
        let control = ScenePoint(x: center.x + radius * DemoMath.acos(angle), y: center.y)
        let arcEnd = ScenePoint(x: center.x - radius * DemoMath.cos(angle), y: center.y - radius * DemoMath.sin(angle))
        let opposite = ScenePoint(x: center.x + radius * DemoMath.cos(angle), y: center.y + radius * DemoMath.sin(angle))
        let curve = ScenePath(commands: [.move(rightEnd), .cubic(rightEnd, control, onCircle)]).length
        let arc = radius * DemoText.radians(120)
        let total = lineLength + curve + arc + 2 * Double.pi * radius
        let n = DemoText.number
        let r = n(radius)
        let svg = "M\(n(center.x - lineLength / 2)) \(n(center.y)) L\(n(rightEnd.x)) \(n(rightEnd.y))"
            + " C\(n(rightEnd.x)) \(n(rightEnd.y)) \(n(control.x)) \(n(control.y)) \(n(onCircle.x)) \(n(onCircle.y))"
            + " A\(r) \(r) 0 0 0 \(n(arcEnd.x)) \(n(arcEnd.y))"
            + " A\(r) \(r) 0 0 0 \(n(opposite.x)) \(n(opposite.y)) A\(r) \(r) 0 0 0 \(n(arcEnd.x)) \(n(arcEnd.y))"
        return (svg, lineLength / total, (lineLength + curve + arc) / total)
    }()

    /// Keyframes of one scalar, forwards from `begin` or played back from `begin`.
    static func keyframes(_ keyPath: String, _ values: [Double], times: [Double], begin: Double, duration: Double) -> String {
        """
        { "type": "keyframe", "keyPath": "\(keyPath)", "values": \(DemoText.array(values)), "keyTimes": \(DemoText.array(times)),
                  "beginTime": \(DemoText.number(begin)), "duration": \(DemoText.number(duration)), "fillMode": "forwards", "removedOnCompletion": false }
        """
    }

    static func middleAnimations() -> String {
        let line = middle.lineEnd
        let slide = """
            { "type": "group", "beginTime": 0.2, "duration": 0.3, "timingFunction": "easeIn", "fillMode": "forwards", "removedOnCompletion": false,
                      "animations": [
                        { "type": "basic", "keyPath": "strokeEnd", "from": \(DemoText.number(line)), "to": \(DemoText.number(0.4 * line)), "fillMode": "forwards" },
                        { "type": "basic", "keyPath": "transform.translation.x", "from": 0, "to": -10, "fillMode": "forwards" } ] }
            """
        let run = [
            keyframes("strokeStart", [0, 0.3 * line, middle.arcEnd], times: [0, 0.3, 1], begin: 0.5, duration: 0.9),
            keyframes("strokeEnd", [0.4 * line, line, 1], times: [0, 0.3, 1], begin: 0.5, duration: 0.9),
            keyframes("transform.translation.x", [-10, 0], times: [0, 1], begin: 0.5, duration: 0.3),
            keyframes("strokeStart", [middle.arcEnd, 0.3 * line, 0], times: [0, 0.7, 1], begin: 2.2, duration: 0.9),
            keyframes("strokeEnd", [1, line, line], times: [0, 0.7, 1], begin: 2.2, duration: 0.9),
        ]
        return ([slide] + run).joined(separator: ",\n          ")
    }

    /// A straight line layer: rotation through the tutorial's angles (mirrored by `sign`) while moving by `shift`.
    static func sideLine(name: String, y: Double, sign: Double) -> String {
        let angles = [0, 10, -55, -45].map { sign * DemoText.radians($0) }
        let shift = (center.y - y)
        let times = [0, 0.25, 0.75, 1.0]
        let animations = [
            keyframes("transform.rotation", angles, times: times, begin: 0.8, duration: 0.6),
            keyframes("transform.translation.y", [0, shift], times: [0, 1], begin: 0.8, duration: 0.6),
            keyframes("transform.rotation", angles.reversed(), times: times, begin: 2.2, duration: 0.6),
            keyframes("transform.translation.y", [shift, 0], times: [0, 1], begin: 2.2, duration: 0.6),
        ]
        return """
            { "name": "\(name)", "kind": "shape", "position": [\(DemoText.number(center.x)), \(DemoText.number(y))], "size": [\(DemoText.number(lineLength)), 8],
                  "path": "M0 4 L\(DemoText.number(lineLength)) 4", "fillColor": null, "strokeColor": "#ffffff", "lineWidth": 8, "lineCap": "round",
                  "animations": [
                  \(animations.joined(separator: ",\n          "))
                  ] }
            """
    }

    static let demo = Demo(
        name: "menu-morph", title: "Menu ↔ cancel: strokeStart/strokeEnd along a curve, arc and circle; rotation keyframes",
        stillTimes: [0.35, 1.6, 2.7],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#2a2d3a", "duration": 3.5,
              "layers": [
                \(sideLine(name: "top", y: center.y - spacing, sign: 1)),
                { "name": "middle", "kind": "shape", "anchorPoint": [0, 0], "size": [320, 240], "path": "\(middle.svg)",
                  "fillColor": null, "strokeColor": "#ffffff", "lineWidth": 8, "lineCap": "round",
                  "strokeEnd": \(DemoText.number(middle.lineEnd)),
                  "animations": [
                  \(middleAnimations())
                  ] },
                \(sideLine(name: "bottom", y: center.y + spacing, sign: -1))
              ] }
            """)
}

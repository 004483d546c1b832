/// Demo 6, springs: on the left the tutorial's `bounds` spring (mass 10, stiffness 5000, damping 100, initial
/// velocity 5, duration left to default = the settling duration); on the right four blocks dropping on springs
/// of stiffness 200 at damping ratios 0.1, 0.3, 0.6 and 1 (damping = 2ζ√(mk)).
enum SpringsDemo {
    static let dampingRatios = [0.1, 0.3, 0.6, 1.0]
    static let stiffness = 200.0

    static func block(index: Int, ratio: Double) -> String {
        let damping = 2 * ratio * stiffness.squareRoot()
        let x = 182 + Double(index) * 36
        return """
            { "name": "block-\(DemoText.number(ratio))", "position": [\(DemoText.number(x)), 50], "size": [26, 26], "cornerRadius": 5,
                  "backgroundColor": "#7ad3a0",
                  "animations": [
                    { "type": "spring", "keyPath": "position.y", "from": 50, "to": 190, "beginTime": 0.2,
                      "stiffness": \(DemoText.number(stiffness)), "damping": \(DemoText.number(damping)),
                      "fillMode": "both", "removedOnCompletion": false } ] }
            """
    }

    static let demo = Demo(
        name: "springs", title: "Springs: a bounds spring (m 10, k 5000, c 100, v0 5) and blocks at damping ratios 0.1–1",
        stillTimes: [0.3, 0.7, 3.5],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#1d2330", "duration": 4,
              "layers": [
                { "name": "bounds-spring", "position": [82, 120], "size": [40, 40], "cornerRadius": 8, "backgroundColor": "#f5c542",
                  "animations": [
                    { "type": "spring", "keyPath": "bounds", "from": [0, 0, 40, 40], "to": [0, 0, 120, 120], "beginTime": 0.2,
                      "mass": 10, "stiffness": 5000, "damping": 100, "initialVelocity": 5,
                      "fillMode": "both", "removedOnCompletion": false } ] },
                { "name": "floor", "position": [236, 206], "size": [150, 2], "backgroundColor": "#55607a" },
                \(dampingRatios.enumerated().map { block(index: $0.offset, ratio: $0.element) }.joined(separator: ",\n    "))
              ] }
            """)
}

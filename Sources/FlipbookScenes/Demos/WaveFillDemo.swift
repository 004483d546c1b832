/// Demo 1, the water fill: a heart outline filled from the bottom by two phase-shifted sine waves. The waves
/// ripple through keyframed paths (what a display-link callback rebuilding the path each frame draws, sampled
/// at twelve phases a period) and rise with a `position.y` animation, clipped by a mask in the heart's shape.
enum WaveFillDemo {
    static let heart = "M160 206 C 56 140 66 56 128 64 C 148 67 160 84 160 98 C 160 84 172 67 192 64 C 254 56 264 140 160 206 Z"

    /// A wave band `width` wide: a sine crest line at y = 0 (amplitude `amplitude`, wavelength `wavelength`,
    /// phase `phase` radians) closed down to y = `depth`.
    static func wavePath(phase: Double, amplitude: Double = 7, wavelength: Double = 160, width: Double = 320, depth: Double = 240) -> String {
        var text = ""
        for step in 0...32 {
            let x = width * Double(step) / 32
            let y = amplitude * DemoMath.sin(2 * Double.pi * x / wavelength + phase)
            text += (step == 0 ? "M" : " L") + DemoText.number(x) + " " + DemoText.number(y)
        }
        return text + " L\(DemoText.number(width)) \(DemoText.number(depth)) L0 \(DemoText.number(depth)) Z"
    }

    /// One wave layer: its path cycles through one period every `period` seconds while it rises.
    static func wave(name: String, color: String, phaseShift: Double, period: Double) -> String {
        let phases = (0...12).map { wavePath(phase: phaseShift + 2 * Double.pi * Double($0) / 12) }
        return """
            { "name": "\(name)", "kind": "shape", "anchorPoint": [0, 0], "position": [0, 212], "size": [320, 240],
              "fillColor": "\(color)", "path": "\(phases[0])",
              "animations": [
                { "type": "keyframe", "key": "ripple", "keyPath": "path", "duration": \(DemoText.number(period)),
                  "repeatCount": "infinite", "values": \(DemoText.strings(phases)) },
                { "type": "basic", "key": "rise", "keyPath": "position.y", "from": 212, "to": 78, "duration": 4,
                  "timingFunction": "easeOut", "fillMode": "forwards", "removedOnCompletion": false }
              ] }
            """
    }

    static let demo = Demo(
        name: "wave-fill", title: "Water fill: two sine waves rising inside a heart outline (mask, keyframed paths)",
        stillTimes: [0.5, 2, 4.5],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#0f1724", "duration": 5,
              "layers": [
                { "name": "water", "anchorPoint": [0, 0], "size": [320, 240],
                  "mask": { "kind": "shape", "anchorPoint": [0, 0], "size": [320, 240], "fillColor": "#ffffff",
                            "path": "\(heart)" },
                  "sublayers": [
            \(wave(name: "back-wave", color: "#5fb4ff99", phaseShift: Double.pi / 2, period: 1.6)),
            \(wave(name: "front-wave", color: "#1f6fe0", phaseShift: 0, period: 1.2))
                  ] },
                { "name": "outline", "kind": "shape", "anchorPoint": [0, 0], "size": [320, 240], "fillColor": null,
                  "strokeColor": "#e8f0ff", "lineWidth": 4, "lineJoin": "round", "path": "\(heart)" }
              ] }
            """)
}

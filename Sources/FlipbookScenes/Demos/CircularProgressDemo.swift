/// Demo 3, the circular progress ring: the progress is the ring's `strokeEnd` (the arc drawn from 12 o'clock,
/// clockwise), and each change animates with ease-in-ease-out for a time proportional to the amount changed
/// (2 s for the whole ring), as the tutorial's custom animatable `progress` property does.
enum CircularProgressDemo {
    static let ring = DemoRing(centerY: 120, radius: 70, lineWidth: 14, trackColor: "#d9d3c7", arcColor: "#e0523a",
                               arcName: "progress")
    static let steps: [Double] = [0, 0.3, 0.9, 0.6, 1.0]
    static let secondsPerWholeRing = 2.0
    static let pause = 0.3

    static func progressAnimations() -> String {
        var begin = 0.2
        var animations: [String] = []
        for (from, to) in zip(steps, steps.dropFirst()) {
            let duration = secondsPerWholeRing * abs(to - from)
            animations.append("""
                { "type": "basic", "keyPath": "strokeEnd", "from": \(DemoText.number(from)), "to": \(DemoText.number(to)),
                          "beginTime": \(DemoText.number(begin)), "duration": \(DemoText.number(duration)), "timingFunction": "easeInEaseOut",
                          "fillMode": "forwards", "removedOnCompletion": false }
                """)
            begin += duration + pause
        }
        return animations.joined(separator: ",\n          ")
    }

    static let demo = Demo(
        name: "circular-progress", title: "Circular progress: an eased arc, duration proportional to the change",
        stillTimes: [0.5, 1.6, 3.5],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#f4f1ea", "duration": 4.5,
              "layers": [
                \(ring.layers(animations: "[" + progressAnimations() + "]")),
                { "name": "hub", "position": [160, 120], "size": [36, 36], "cornerRadius": 18, "backgroundColor": "#e0523a" }
              ] }
            """)
}

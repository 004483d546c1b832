/// Demo 8, timing: the five named curves and a custom (overshooting) cubic Bézier race side by side; below them,
/// repeat, autoreverse and each fill mode (the fill rows begin at 0.5 s, so `backwards` and `both` hold the start
/// value early while `removed` and `forwards` show the model value).
enum TimingDemo {
    static let rows: [(label: String, timing: String)] = [
        ("linear", "\"timingFunction\": \"linear\", \"duration\": 2"),
        ("easeIn", "\"timingFunction\": \"easeIn\", \"duration\": 2"),
        ("easeOut", "\"timingFunction\": \"easeOut\", \"duration\": 2"),
        ("easeInEaseOut", "\"timingFunction\": \"easeInEaseOut\", \"duration\": 2"),
        ("default", "\"timingFunction\": \"default\", \"duration\": 2"),
        ("custom", "\"timingFunction\": [0.68, -0.55, 0.27, 1.55], \"duration\": 2"),
        ("repeat", "\"duration\": 1, \"repeatCount\": 2"),
        ("autoreverse", "\"duration\": 1, \"autoreverses\": true"),
        ("removed", "\"beginTime\": 0.5, \"duration\": 1.5, \"fillMode\": \"removed\""),
        ("forwards", "\"beginTime\": 0.5, \"duration\": 1.5, \"fillMode\": \"forwards\", \"removedOnCompletion\": false"),
        ("backwards", "\"beginTime\": 0.5, \"duration\": 1.5, \"fillMode\": \"backwards\""),
        ("both", "\"beginTime\": 0.5, \"duration\": 1.5, \"fillMode\": \"both\", \"removedOnCompletion\": false"),
    ]

    static func row(_ index: Int) -> String {
        let y = DemoText.number(14 + Double(index) * 19)
        let color = index < 6 ? "#8fd3ff" : "#ffb86b"
        return """
            { "name": "track-\(rows[index].label)", "position": [160, \(y)], "size": [280, 2], "backgroundColor": "#39414f" },
                { "name": "\(rows[index].label)", "position": [160, \(y)], "size": [12, 12], "cornerRadius": 6, "backgroundColor": "\(color)",
                  "animations": [ { "type": "basic", "keyPath": "position.x", "from": 20, "to": 300, \(rows[index].timing) } ] }
            """
    }

    static let demo = Demo(
        name: "timing", title: "Timing: five named curves and a custom Bézier racing; repeat, autoreverse, fill modes",
        stillTimes: [0.25, 1.0, 2.2],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#1a1f29", "duration": 2.6,
              "layers": [
                \(rows.indices.map(row).joined(separator: ",\n    "))
              ] }
            """)
}

/// Demo 11, seed 000's download ring (下载进度 / 数字变化): the ring's `strokeEnd` and the percentage label's
/// `number` run the same eased animation, so the label counts 0 → 100 % in step with the arc; "Downloading…"
/// below fades into "Done" when it ends.
enum DownloadProgressDemo {
    static let ring = DemoRing(centerY: 120, radius: 80, lineWidth: 12, trackColor: "#22313f", arcColor: "#3fb8af",
                               arcName: "arc")
    static let duration = 3.0
    static let arcAnimation = """
        [ { "type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "beginTime": 0.2,
            "duration": \(DemoText.number(duration)), "timingFunction": "easeInEaseOut", "fillMode": "both",
            "removedOnCompletion": false } ]
        """

    static let demo = Demo(
        name: "download-progress", title: "Download progress: a ring and its percentage counting up, eased",
        stillTimes: [0.4, 1.5, 3.4],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#101820", "duration": 4,
              "layers": [
                \(ring.layers(animations: arcAnimation)),
                { "name": "percent", "kind": "text", "position": [160, 112], "size": [160, 52],
                  "fontSize": 44, "foregroundColor": "#ffffff", "alignmentMode": "center",
                  "number": 0, "numberFormat": "%.0f%%",
                  "animations": [
                    { "type": "basic", "keyPath": "number", "from": 0, "to": 100, "beginTime": 0.2,
                      "duration": \(DemoText.number(duration)), "timingFunction": "easeInEaseOut", "fillMode": "both",
                      "removedOnCompletion": false } ] },
                { "name": "downloading", "kind": "text", "position": [160, 150], "size": [160, 20],
                  "string": "Downloading…", "fontSize": 14, "foregroundColor": "#8fa3b3", "alignmentMode": "center",
                  "animations": [
                    { "type": "basic", "keyPath": "opacity", "to": 0, "beginTime": \(DemoText.number(duration + 0.2)),
                      "duration": 0.3, "fillMode": "forwards", "removedOnCompletion": false } ] },
                { "name": "done", "kind": "text", "position": [160, 150], "size": [160, 20], "opacity": 0,
                  "string": "Done", "fontSize": 14, "foregroundColor": "#3fb8af", "alignmentMode": "center",
                  "animations": [
                    { "type": "basic", "keyPath": "opacity", "to": 1, "beginTime": \(DemoText.number(duration + 0.2)),
                      "duration": 0.3, "fillMode": "forwards", "removedOnCompletion": false } ] }
              ] }
            """)
}

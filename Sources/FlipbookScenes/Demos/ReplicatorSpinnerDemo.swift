/// Demo 14, replicator layers (issue 19's gallery): the classic activity spinner — one bar, twelve instances
/// turned 30° apart, its fade delayed 1/12 s per instance so the fade travels round — a ring of dots tinted by
/// `instanceColor` and its offsets while the ring turns, and a "typing" indicator of three dots pulsing in turn.
enum ReplicatorSpinnerDemo {
    static let demo = Demo(
        name: "replicator-spinner", title: "Replicator layers: an activity spinner, a tinted ring and a typing indicator",
        stillTimes: [0.3, 1.2, 1.9],
        json: """
            { "flipbook": 1, "size": [200, 150], "background": "#101820", "duration": 2,
              "layers": [
                { "name": "spinner", "kind": "replicator", "position": [55, 60], "size": [70, 70],
                  "instanceCount": 12, "instanceTransform": { "rotation": 0.5235987755982988 },
                  "instanceDelay": 0.08333333333333333,
                  "sublayers": [
                    { "name": "bar", "position": [35, 11], "size": [5, 16], "cornerRadius": 2.5, "backgroundColor": "#ffffff",
                      "animations": [ { "type": "basic", "keyPath": "opacity", "from": 1, "to": 0.15, "duration": 1,
                                        "repeatCount": "infinite" } ] } ] },
                { "name": "ring", "kind": "replicator", "position": [145, 60], "size": [70, 70],
                  "instanceCount": 18, "instanceTransform": { "rotation": 0.3490658503988659 },
                  "instanceColor": "#ff4060", "instanceRedOffset": -0.05, "instanceGreenOffset": 0.03,
                  "instanceBlueOffset": 0.05,
                  "animations": [ { "type": "basic", "keyPath": "transform.rotation", "from": 0, "to": 6.283185307179586,
                                    "duration": 4, "repeatCount": "infinite" } ],
                  "sublayers": [
                    { "name": "dot", "position": [35, 6], "size": [8, 8], "cornerRadius": 4, "backgroundColor": "#ffffff" } ] },
                { "name": "typing", "kind": "replicator", "position": [100, 125], "size": [60, 16],
                  "instanceCount": 3, "instanceTransform": { "translation": [18, 0] }, "instanceDelay": 0.15,
                  "sublayers": [
                    { "name": "typingDot", "position": [12, 8], "size": [10, 10], "cornerRadius": 5,
                      "backgroundColor": "#8ab4f8",
                      "animations": [ { "type": "basic", "keyPath": "transform.scale", "from": 0.5, "to": 1,
                                        "duration": 0.45, "autoreverses": true, "repeatCount": "infinite",
                                        "timingFunction": "easeInEaseOut" } ] } ] }
              ] }
            """)
}

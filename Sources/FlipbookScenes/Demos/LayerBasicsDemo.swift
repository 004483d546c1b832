/// Demo 10, layer basics: rounded corners with a border, a shadow, `masksToBounds` clipping a sublayer to a
/// circle, a square turning about a corner `anchorPoint`, a 3-D `rotation.y` with perspective, and what an
/// implicit action inside a transaction adds (0.25 s, the default timing) when colour and position change.
enum LayerBasicsDemo {
    static let demo = Demo(
        name: "layer-basics", title: "Layer basics: corners, borders, shadows, masksToBounds, anchorPoint, 3-D, implicit actions",
        stillTimes: [0.1, 0.9, 1.6],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#e9edf2", "duration": 2,
              "layers": [
                { "name": "rounded", "position": [60, 65], "size": [76, 76], "cornerRadius": 18, "backgroundColor": "#4c8bf5",
                  "borderWidth": 5, "borderColor": "#1b3a73" },
                { "name": "shadowed", "position": [160, 65], "size": [76, 76], "cornerRadius": 8, "backgroundColor": "#ffffff",
                  "shadowOpacity": 0.5, "shadowRadius": 6, "shadowOffset": [4, 5] },
                { "name": "clipped", "position": [260, 65], "size": [76, 76], "cornerRadius": 38, "masksToBounds": true,
                  "backgroundColor": "#f6d365",
                  "sublayers": [ { "position": [56, 56], "size": [60, 60], "backgroundColor": "#e5533d" } ] },
                { "name": "corner-anchor", "anchorPoint": [0, 0], "position": [62, 150], "size": [56, 56], "backgroundColor": "#2bb673",
                  "animations": [ { "type": "basic", "keyPath": "transform.rotation", "from": 0, "to": 1.5708, "duration": 1,
                                    "autoreverses": true, "timingFunction": "easeInEaseOut" } ] },
                { "name": "turning", "position": [160, 178], "size": [70, 70], "backgroundColor": "#9b59b6", "borderWidth": 4,
                  "borderColor": "#4a235a", "transform": { "perspective": 150 },
                  "animations": [ { "type": "basic", "keyPath": "transform.rotation.y", "from": 0, "to": 6.2832, "duration": 2 } ] },
                { "name": "implicit", "position": [240, 178], "size": [50, 50], "cornerRadius": 25, "backgroundColor": "#ff7675",
                  "animations": [
                    { "type": "basic", "keyPath": "backgroundColor", "from": "#ff7675", "to": "#00b894", "beginTime": 0.5,
                      "timingFunction": "default", "fillMode": "forwards", "removedOnCompletion": false },
                    { "type": "basic", "keyPath": "position.x", "from": 240, "to": 280, "beginTime": 0.5,
                      "timingFunction": "default", "fillMode": "forwards", "removedOnCompletion": false } ] }
              ] }
            """)
}

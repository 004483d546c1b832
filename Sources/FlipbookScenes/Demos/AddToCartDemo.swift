/// Demo 5, add to cart: the product flies into the cart — a group of `position`, `bounds` and `opacity` with
/// ease-in-ease-out and `fillMode` forwards, so it stays in the cart when the group ends.
enum AddToCartDemo {
    static let cart = "M4 6 L14 6 L20 30 L46 30 L52 12 L17 12 M22 38 A4 4 0 1 1 21.99 38 M42 38 A4 4 0 1 1 41.99 38"

    static let demo = Demo(
        name: "add-to-cart", title: "Add to cart: a group of position, bounds and opacity, ease-in-ease-out, fill forwards",
        stillTimes: [0.2, 0.75, 1.5],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#eef2f7", "duration": 1.8,
              "layers": [
                { "name": "cart", "kind": "shape", "position": [262, 196], "size": [56, 48], "path": "\(cart)",
                  "fillColor": null, "strokeColor": "#243447", "lineWidth": 4, "lineJoin": "round", "lineCap": "round" },
                { "name": "product", "position": [80, 80], "size": [90, 90], "cornerRadius": 12, "backgroundColor": "#ff8a3d",
                  "borderWidth": 3, "borderColor": "#ffffff",
                  "animations": [
                    { "type": "group", "key": "fly", "beginTime": 0.3, "duration": 1.0, "timingFunction": "easeInEaseOut",
                      "fillMode": "forwards", "removedOnCompletion": false,
                      "animations": [
                        { "type": "basic", "keyPath": "position", "from": [80, 80], "to": [265, 188], "duration": 1.0, "fillMode": "forwards" },
                        { "type": "basic", "keyPath": "bounds", "from": [0, 0, 90, 90], "to": [0, 0, 18, 18], "duration": 1.0, "fillMode": "forwards" },
                        { "type": "basic", "keyPath": "opacity", "from": 1, "to": 0.4, "duration": 1.0, "fillMode": "forwards" } ] } ] }
              ] }
            """)
}

/// Demo 12, a dashboard card: a title, a value that springs from 0 to its reading (a spring on `number`,
/// overshooting and settling, as a counter on a kiosk does), its unit, and a caption cut with an ellipsis where
/// it does not fit.
enum DashboardCardDemo {
    static let demo = Demo(
        name: "dashboard-card", title: "Dashboard card: labels, a value counting with a spring, units",
        stillTimes: [0.3, 0.8, 2.5],
        json: """
            { "flipbook": 1, "size": [320, 240], "background": "#e9edf2", "duration": 3,
              "layers": [
                { "name": "card", "position": [160, 120], "size": [260, 170], "cornerRadius": 16,
                  "backgroundColor": "#ffffff", "shadowOpacity": 0.25, "shadowRadius": 8, "shadowOffset": [0, 3],
                  "sublayers": [
                    { "name": "title", "kind": "text", "anchorPoint": [0, 0], "position": [20, 16], "size": [220, 22],
                      "string": "Wind speed · Pier 7", "fontSize": 17, "foregroundColor": "#5b6b7b" },
                    { "name": "value", "kind": "text", "anchorPoint": [0, 0], "position": [20, 44], "size": [150, 72],
                      "fontSize": 64, "foregroundColor": "#1f2d3a", "alignmentMode": "right",
                      "number": 0, "numberFormat": "%.1f",
                      "animations": [
                        { "type": "spring", "keyPath": "number", "from": 0, "to": 27.4, "beginTime": 0.1,
                          "mass": 1, "stiffness": 60, "damping": 9, "fillMode": "both", "removedOnCompletion": false } ] },
                    { "name": "unit", "kind": "text", "anchorPoint": [0, 0], "position": [176, 86], "size": [70, 28],
                      "string": "km/h", "fontSize": 22, "foregroundColor": "#3fb8af" },
                    { "name": "caption", "kind": "text", "anchorPoint": [0, 0], "position": [20, 128], "size": [220, 20],
                      "string": "Gusts to 41 km/h expected after 18:00, northwest, easing overnight",
                      "fontSize": 14, "foregroundColor": "#8a96a3", "truncationMode": "end" }
                  ] }
              ] }
            """)
}

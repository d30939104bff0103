/// `check`'s benchmark flow (issue 6): a tab bar controller with 4 navigation stacks of 20
/// scenes each; every scene has 3 controls, each triggering a show segue to another scene of
/// its stack (the next three, wrapping around), so the stacks can grow without end and the
/// exploration is bounded only by its depth.
enum CheckBenchFlow {
    static func json(tabs: Int = 4, scenesPerStack: Int = 20, seguesPerScene: Int = 3) -> String {
        var scenes = ["\"tabs\": { \"class\": \"UITabBarController\" }"]
        var segues: [String] = []
        let controls = (0..<seguesPerScene).map { "\"go\($0)\"" }.joined(separator: ", ")
        for t in 0..<tabs {
            scenes.append("\"nav\(t)\": { \"class\": \"UINavigationController\" }")
            segues.append("{ \"source\": \"tabs\", \"destination\": \"nav\(t)\", \"kind\": \"relationship\", \"relationship\": \"viewControllers\" }")
            segues.append("{ \"source\": \"nav\(t)\", \"destination\": \"s\(t)_0\", \"kind\": \"relationship\", \"relationship\": \"rootViewController\" }")
            for i in 0..<scenesPerStack {
                scenes.append("\"s\(t)_\(i)\": { \"class\": \"ScreenViewController\", \"title\": \"Screen \(t).\(i)\", \"controls\": [\(controls)] }")
                for k in 0..<seguesPerScene {
                    let dest = (i + 1 + k) % scenesPerStack
                    segues.append("{ \"id\": \"Go\(k)\", \"source\": \"s\(t)_\(i)\", \"destination\": \"s\(t)_\(dest)\", \"kind\": \"show\", \"trigger\": \"control:go\(k)\" }")
                }
            }
        }
        return """
            {
              "format": 1,
              "name": "Bench",
              "module": "Bench",
              "initial": "tabs",
              "classes": { "ScreenViewController": {} },
              "scenes": {
            \(scenes.joined(separator: ",\n"))
              },
              "segues": [
            \(segues.joined(separator: ",\n"))
              ]
            }
            """
    }
}

/// A large synthetic flow: navigation controllers each holding a chain of list screens joined
/// by show segues with segue actions, `prepare` cases and initializer injection — the parts the
/// loader has to resolve.
enum GeneratedFlow {
    static func json(scenes: Int) -> String {
        let chains = max(1, scenes / 100)
        var classes: [String] = []
        var sceneEntries: [String] = []
        var segues: [String] = []
        for c in 0..<chains {
            classes.append("""
                "List\(c)ViewController": {
                  "dependencies": { "model": { "type": "Model\(c)", "injection": "initializer" }, "store": { "type": "Store", "injection": "implicitlyUnwrapped" } },
                  "initializers": { "init(coder:model:)": { "sets": ["model"] } },
                  "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 12 },
                  "viewDidLoad": { "uses": ["model"] },
                  "segueActions": { "makeNext\(c)(coder:sender:segueIdentifier:)": { "returns": "List\(c)ViewController", "initializer": "init(coder:model:)", "arguments": { "model": "model.next(selection)" } } },
                  "prepare": [ { "segue": "Next", "as": "List\(c)ViewController", "set": { "store": "self.store" } } ]
                }
                """)
        }
        var made = 0
        for c in 0..<chains {
            let nav = "nav\(c)"
            sceneEntries.append("\"\(nav)\": { \"class\": \"UINavigationController\" }")
            made += 1
            let length = c == chains - 1 ? scenes - made : min(99, scenes - made)
            for i in 0..<length {
                sceneEntries.append("\"s\(c)_\(i)\": { \"class\": \"List\(c)ViewController\", \"title\": \"Screen \(i)\", \"rows\": 20, \"controls\": [\"edit\"] }")
                if i == 0 {
                    segues.append("{ \"source\": \"\(nav)\", \"destination\": \"s\(c)_0\", \"kind\": \"relationship\", \"relationship\": \"rootViewController\" }")
                } else {
                    segues.append("{ \"id\": \"Next\", \"source\": \"s\(c)_\(i - 1)\", \"destination\": \"s\(c)_\(i)\", \"kind\": \"show\", \"trigger\": \"cell\", \"action\": \"makeNext\(c)(coder:sender:segueIdentifier:)\" }")
                }
            }
            made += length
        }
        return """
            {
              "format": 1,
              "name": "Generated",
              "module": "Generated",
              "initial": "nav0",
              "classes": {
            \(classes.joined(separator: ",\n"))
              },
              "scenes": {
            \(sceneEntries.joined(separator: ",\n"))
              },
              "segues": [
            \(segues.joined(separator: ",\n"))
              ]
            }
            """
    }
}

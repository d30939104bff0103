/// Structure-aware mode: turns fuzzer bytes into a well-formed flow whose shape the bytes
/// choose — containers, relationships, embeds, presentations between any two scenes — so
/// that containment cycles, deep trees and exponential embeds are reached, which random
/// JSON almost never is.
public enum FlowGenerator {
    static let classes = ["UINavigationController", "UITabBarController", "UISplitViewController", "ViewController", "UITableViewController"]
    static let kinds = ["relationship", "embed", "show", "presentation", "showDetail", "relationship", "embed"]
    static let relationships = ["rootViewController", "viewControllers", "masterViewController", "detailViewController"]

    public static func flow(from bytes: [UInt8]) -> String {
        var input = bytes.makeIterator()
        func next() -> Int { Int(input.next() ?? 0) }
        let sceneCount = 1 + next() % 40
        var scenes: [String] = []
        for i in 0..<sceneCount {
            let cls = classes[next() % classes.count]
            scenes.append("\"s\(i)\": { \"class\": \"\(cls)\", \"rows\": [\(next() % 3)], \"controls\": [\"b\"] }")
        }
        var segues: [String] = []
        while let b = input.next() {
            let kind = kinds[Int(b) % kinds.count]
            let source = next() % sceneCount, destination = next() % sceneCount
            var s = "{ \"source\": \"s\(source)\", \"destination\": \"s\(destination)\", \"kind\": \"\(kind)\""
            if kind == "relationship" { s += ", \"relationship\": \"\(relationships[next() % relationships.count])\"" }
            if kind == "show" || kind == "presentation" || kind == "showDetail" { s += ", \"trigger\": \"control:b\"" }
            segues.append(s + " }")
        }
        return """
        { "format": 1, "name": "Fuzz", "module": "Fuzz", "initial": "s0",
          "classes": { "ViewController": {} },
          "scenes": { \(scenes.joined(separator: ", ")) },
          "segues": [ \(segues.joined(separator: ", ")) ] }
        """
    }
}

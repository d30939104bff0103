/// The `outlets` keys (see `Outlets.swift`): a class's declarations, and the accesses of a
/// `prepare` case, a launch `inject` case, a code action, a method and `viewDidLoad`.
extension FlowDecoder {
    static let outletKeys = ["type", "line"]
    static let outletAccessKeys = ["name", "optionalChaining", "forceUnwrap", "line", "file", "beforeSet"]

    /// `"outlets": { "label": { "type": "UILabel!", "line": 12 } }` on a class.
    mutating func decodeOutlets(_ f: Fields) -> [Outlet] {
        var out: [Outlet] = []
        for m in f.map("outlets", &sink) {
            let p = JSONPath.member(f.path("outlets"), m.key)
            guard let of = Fields(m.value, p, known: Self.outletKeys, required: ["type"], sink: &sink),
                  let type = of.string("type", &sink) else { continue }
            if !m.key.isIdentifier { sink.error(m.keyPosition, p, "'\(m.key)' is not a Swift property name") }
            out.append(Outlet(name: m.key, type: type, line: of.int("line", &sink, minimum: 1), origin: Origin(path: p, position: m.keyPosition)))
        }
        return out
    }

    /// `"outlets": [ { "name": "label", "line": 30 }, { "name": "loadViewIfNeeded()" } ]`: what
    /// the code does through outlets and the view, in order.
    mutating func decodeOutletAccesses(_ f: Fields) -> [OutletAccess] {
        f.array("outlets", &sink).enumerated().compactMap { i, node in
            let p = JSONPath.index(f.path("outlets"), i)
            guard let af = Fields(node, p, known: Self.outletAccessKeys, required: ["name"], sink: &sink),
                  let name = af.string("name", &sink) else { return nil }
            let chained = af.bool("optionalChaining", &sink) ?? false
            let forced = af.bool("forceUnwrap", &sink) ?? false
            if chained && forced {
                sink.error(node.position, p, "an access is either 'optionalChaining' (label?.text) or 'forceUnwrap' (label!.text), not both")
            }
            var a = OutletAccess(name: name, optionalChaining: chained, forceUnwrap: forced, line: af.int("line", &sink, minimum: 1),
                                 file: af.string("file", &sink), origin: af.origin())
            a.beforeSet = af.bool("beforeSet", &sink) ?? false
            return a
        }
    }

    /// `"outlets": ["label", "imageView"]` on a scene: what the storyboard connects.
    mutating func decodeSceneOutlets(_ f: Fields) -> [String]? {
        guard f.has("outlets") else { return nil }
        var out: [String] = []
        for (name, pos, i) in f.strings("outlets", &sink) {
            if out.contains(name) { sink.error(pos, JSONPath.index(f.path("outlets"), i), "duplicate outlet '\(name)'") } else { out.append(name) }
        }
        return out
    }
}

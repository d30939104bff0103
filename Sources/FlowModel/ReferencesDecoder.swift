/// `"references"` and `"storyboardNames"`: what the app's Swift code names of the storyboards,
/// and which storyboard files the app folder holds.
extension FlowDecoder {
    static let referenceKeys = ["kind", "name", "class", "storyboard", "segue", "at"]

    mutating func decodeReferences(_ top: Fields, into flow: inout Flow) {
        for (i, node) in top.array("references", &sink).enumerated() {
            let path = JSONPath.index("references", i)
            guard let f = Fields(node, path, known: Self.referenceKeys, required: ["kind", "name", "at"], sink: &sink),
                  let kind = f.enumValue("kind", SourceReference.Kind.self, &sink, what: "reference kind"),
                  let name = f.string("name", &sink, nonEmpty: false), let text = f.string("at", &sink) else { continue }
            guard let at = CodeLocation(text) else {
                sink.error(f["at"]?.position, f.path("at"), "expected the Swift file and line the reference was read from, \"File.swift:42\"; found \"\(text)\"")
                continue
            }
            var r = SourceReference(kind: kind, name: name, className: f.string("class", &sink), storyboard: f.string("storyboard", &sink), at: at)
            r.segue = f.string("segue", &sink)
            flow.references.append(r)
        }
        if top.has("storyboardNames") { flow.storyboardNames = top.stringValues("storyboardNames", &sink) }
    }
}

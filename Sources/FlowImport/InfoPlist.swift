import FlowModel

/// The two keys of an app's Info.plist an import needs. XML plists only: a binary plist (rare in
/// a source tree) is passed over.
struct InfoPlist {
    var mainStoryboard: String?
    var launchStoryboard: String?

    static func read(_ path: String) -> InfoPlist {
        guard case .success(let bytes) = FileBytes.read(path), case .success(let doc) = XMLDocument.parse(bytes, file: path),
              let root = doc.root else { return InfoPlist() }
        var info = InfoPlist()
        var scene: String?
        // Keys at any depth: the scene manifest nests its storyboard three dictionaries down.
        func visit(_ dict: XMLElement) {
            var pendingKey: String?
            for e in dict.children {
                if e.named("key") {
                    pendingKey = e.text
                    continue
                }
                defer { pendingKey = nil }
                if e.named("dict") || e.named("array") { visit(e); continue }
                guard e.named("string"), let key = pendingKey else { continue }
                switch key {
                case "UIMainStoryboardFile": if info.mainStoryboard == nil { info.mainStoryboard = e.text }
                case "UISceneStoryboardFile": if scene == nil { scene = e.text }
                case "UILaunchStoryboardName": info.launchStoryboard = e.text
                default: break
                }
            }
        }
        visit(root)
        if info.mainStoryboard == nil { info.mainStoryboard = scene }
        if info.mainStoryboard?.isEmpty == true { info.mainStoryboard = nil }
        return info
    }
}

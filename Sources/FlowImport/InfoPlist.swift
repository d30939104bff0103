import FlowModel

/// The two keys of an app's Info.plist an import needs. XML plists only: a binary plist (rare in
/// a source tree) is passed over.
struct InfoPlist {
    var mainStoryboard: String?
    /// `UIMainStoryboardFile~ipad` (or the scene manifest's `UISceneStoryboardFile~ipad`): the
    /// entry on a pad, when the app has a storyboard of its own for one. A key's `~iphone`
    /// variant is the phone's entry before the plain key.
    var padStoryboard: String?
    var launchStoryboard: String?

    static func read(_ path: String) -> InfoPlist {
        guard case .success(let bytes) = FileBytes.read(path), case .success(let doc) = XMLDocument.parse(bytes, file: path),
              let root = doc.root else { return InfoPlist() }
        var info = InfoPlist()
        var scene: String?, padScene: String?, phone: String?
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
                case "UIMainStoryboardFile~ipad": if info.padStoryboard == nil { info.padStoryboard = e.text }
                case "UISceneStoryboardFile~ipad": if padScene == nil { padScene = e.text }
                case "UIMainStoryboardFile~iphone": if phone == nil { phone = e.text }
                case "UILaunchStoryboardName": info.launchStoryboard = e.text
                default: break
                }
            }
        }
        visit(root)
        if let phone, !phone.isEmpty { info.mainStoryboard = phone }
        if info.mainStoryboard == nil { info.mainStoryboard = scene }
        if info.mainStoryboard?.isEmpty == true { info.mainStoryboard = nil }
        if info.padStoryboard == nil { info.padStoryboard = padScene }
        if info.padStoryboard?.isEmpty == true || info.padStoryboard == info.mainStoryboard { info.padStoryboard = nil }
        return info
    }
}

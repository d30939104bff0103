import FlowModel

extension FlowSource {
    /// Why an app folder that did not import has nothing to explore, when that is all there is to
    /// say: its XIBs are all of views and cells, or its storyboards all another platform's, or it
    /// has Swift and no storyboard (an app whose screens are all built in code). Nil when the
    /// folder has a storyboard or a view controller's XIB (its problem is a real one), or holds
    /// neither Swift nor any Interface Builder file (not an app folder: a usage mistake).
    public static func nothingToExplore(_ path: String) -> String? {
        guard AppFolder.isFolder(path) else { return nil }
        let folder = AppFolder.discover(path, otherExtensions: ["swift"])
        let swift = folder.otherFiles["swift"]?.count ?? 0
        var viewNibs = 0, otherPlatform = 0
        for file in folder.storyboards + folder.xibs {
            guard case .success(let bytes) = FileBytes.read(file) else { return nil }
            switch StoryboardReader.read(bytes: bytes, file: file) {
            case .success(let sb):
                guard file.hasSuffix(".xib"), sb.nibOwner == nil else { return nil }
                viewNibs += 1
            case .failure(let p) where p.otherPlatform:
                otherPlatform += 1
            case .failure:
                return nil
            }
        }
        if viewNibs + otherPlatform == 0 && swift == 0 { return nil }
        var skipped: [String] = []
        if viewNibs > 0 { skipped.append("\(viewNibs) XIB\(viewNibs == 1 ? "" : "s") of views or cells") }
        if otherPlatform > 0 { skipped.append("\(otherPlatform) storyboard\(otherPlatform == 1 ? "" : "s") or XIB\(otherPlatform == 1 ? "" : "s") of another platform") }
        let what = skipped.isEmpty ? "" : " (skipped: \(skipped.joined(separator: ", ")))"
        return "nothing to explore: no storyboard or view-controller XIB in \(path)\(what); its screens are built in code, which check reads only around storyboard scenes"
    }
}

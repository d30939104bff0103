extension StoryboardReader {
    /// The properties of a view controller that its scene connects, `<connections><outlet
    /// property="label" …/>` and `<outletCollection property="labels" …/>`, in file order, once
    /// each: what UIKit sets when the view loads. `view` is the view itself, not an outlet of
    /// the class's code, and is left out.
    static func connectedOutlets(_ vc: XMLElement) -> [String] {
        var out: [String] = []
        for c in vc.child("connections")?.children ?? [] where c.named("outlet") || c.named("outletCollection") {
            guard let p = c["property"], !p.isEmpty, p != "view", !out.contains(p) else { continue }
            out.append(p)
        }
        return out
    }
}

/// `segueClasses`: an array of the app's `UIStoryboardSegue` subclasses by name, or an object
/// naming each with what its `perform()` does (`SegueClass`).
extension FlowDecoder {
    static let segueClassKeys = ["perform", "modalPresentationStyle", "at"]

    mutating func decodeSegueClasses(_ top: Fields, into flow: inout Flow) {
        guard let node = top["segueClasses"] else { return }
        guard case .object = node.value else {
            flow.segueClasses = top.stringValues("segueClasses", &sink)
            return
        }
        // The object describes the classes it names without claiming they are all the app's
        // (a pod's segue class is not in the sources): `segueClasses` stays nil, so no
        // customClass it lacks counts as missing.
        for m in top.map("segueClasses", &sink) {
            let path = JSONPath.member("segueClasses", m.key)
            guard let f = Fields(m.value, path, known: Self.segueClassKeys, sink: &sink) else { continue }
            codeAt(f)
            let perform = f.has("perform") ? f.enumValue("perform", SegueClass.Perform.self, &sink, what: "segue perform") ?? .storyboard : .storyboard
            let style = f.has("modalPresentationStyle") ? f.enumValue("modalPresentationStyle", ModalPresentationStyle.self, &sink, what: "presentation style") : nil
            flow.segueClassPerforms[m.key] = SegueClass(perform: perform, modalPresentationStyle: style, origin: f.origin())
        }
    }
}

/// Many segues share an action: its selector is derived once per flow, by the tree decoder
/// (`FlowDecoder.selectorName`) and the direct reader alike. Segues in a row tend to share an
/// action, and the readers hand out one string for the same bytes: comparing with the last is
/// cheaper than hashing a long selector.
struct SelectorCache {
    private var known: [String: SelectorName] = [:]
    private var last: (text: String, selector: SelectorName)?

    mutating func name(_ text: String) -> SelectorName {
        if let last, last.text == text { return last.selector }
        let s: SelectorName
        if let found = known[text] {
            s = found
        } else {
            s = SelectorName(text)
            known[text] = s
        }
        last = (text, s)
        return s
    }
}

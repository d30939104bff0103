import FlowModel

/// The class UIKit asks for a segue's `@IBSegueAction`, as the edge shows it. A segue's own
/// action is sent to its source; a relationship segue's action is sent to the source of the
/// segue that instantiates the container (the presenter), never to the container itself —
/// the quirk: an action implemented only on the container is never found.
enum SegueActionOwner {
    /// `action ItemsViewController.makeDetail(…)` and a line saying what is wrong, if anything
    /// (no lines without an action).
    static func mark(_ i: Int, in flow: Flow) -> ([String], Edge.Problem) {
        let s = flow.segues[i]
        guard let action = s.action, s.kind != .unwind else { return ([], .none) }
        let name = short(action)
        if s.kind != .relationship {
            let asked = flow.scenes[s.source].className
            let found = flow.segueAction(action.selector, on: asked) != nil
            return (["action \(asked).\(name)"] + (found ? [] : ["not found: init(coder:)"]), found ? .none : .warning)
        }
        let container = flow.scenes[s.source].className
        var visited = Set<Int>()
        let asked = askers(of: s.source, in: flow, visited: &visited)
        let missing = asked.filter { c in c.map { flow.segueAction(action.selector, on: $0) == nil } ?? true }
        let who = asked.map { $0 ?? "(null)" }.joined(separator: "/")
        if missing.isEmpty { return (["action \(who).\(name)"], .none) }
        if flow.segueAction(action.selector, on: container) != nil {
            return (["action \(who).\(name)", "never found: only on \(container)"], .error)
        }
        return (["action \(who).\(name)", "not found: init(coder:)"], .warning)
    }

    /// The classes of the sources of the segues that instantiate a container (through outer
    /// containers, as the engine decodes children with the outer segue); nil when no segue is
    /// being performed (the initial view controller, or none instantiates it: `-[(null) …]`).
    static func askers(of container: Int, in flow: Flow, visited: inout Set<Int>) -> [String?] {
        guard visited.insert(container).inserted else { return [] }
        var out: [String?] = flow.initial == container || flow.padInitial == container ? [nil] : []
        for s in flow.segues where s.destination == container && s.kind != .unwind {
            let more: [String?] = s.kind == .relationship
                ? askers(of: s.source, in: flow, visited: &visited)
                : [flow.scenes[s.source].className]
            for m in more where !out.contains(m) { out.append(m) }
        }
        return out.isEmpty ? [nil] : out
    }

    /// `makeDetail(…)` for `makeDetail(coder:sender:segueIdentifier:)`; a selector as it is.
    static func short(_ a: SelectorName) -> String {
        guard let swift = a.swiftName, let open = swift.firstIndex(of: "(") else { return a.selector }
        return String(swift[..<open]) + "(…)"
    }
}

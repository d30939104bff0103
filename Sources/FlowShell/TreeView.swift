import FlowEngine
import FlowModel

/// `where`: the window's tree — presentation chain, stacks, tabs, split columns, embedded
/// children — with the front-most view controller marked.
struct TreeView {
    let sim: Simulator
    /// Descriptions made already (`Descriptions`); the others are made on the spot.
    var names: [String] = []

    func lines() -> [String] {
        let state = sim.state
        guard let root = state.windowRoot else { return ["(no window root)"] }
        var out = ["window"]
        node(root, label: "root", indent: "", last: true, into: &out)
        if state.crash != nil { out.append("(the app has crashed; this is its state at the crash)") }
        return out
    }

    private func label(_ id: Int) -> String {
        let i = sim.state[id]
        var s = sim.describe(id, from: names)
        if let scene = i.scene {
            s += " '\(sim.flow.scenes[scene].id)'"
            if let t = sim.flow.scenes[scene].title, !t.isEmpty { s += " \"\(t)\"" }
        }
        if id == sim.state.frontmost { s += "   ◀ front-most" }
        return s
    }

    private func node(_ id: Int, label role: String, indent: String, last: Bool, into out: inout [String]) {
        out.append(indent + (last ? "└─ " : "├─ ") + role + " " + label(id))
        let i = sim.state[id]
        let childIndent = indent + (last ? "   " : "│  ")
        var entries: [(String, Int)] = []
        var tabIndex = 0
        for (n, c) in sim.state.children(of: id).enumerated() {
            let r = sim.state[c].role ?? .embedded
            switch r {
            case .stack: entries.append(("[\(n)]", c))
            case .tab:
                entries.append(("tab \(tabIndex)\(tabIndex == i.selectedTab ? " (selected)" : "")", c))
                tabIndex += 1
            case .primary: entries.append(("primary", c))
            case .secondary: entries.append(("secondary", c))
            case .embedded: entries.append(("embedded", c))
            }
        }
        if let p = i.presented {
            let style = sim.state[p].presentationStyle ?? .automatic
            entries.append(("presents (\(style == .automatic ? "pageSheet" : style.rawValue))", p))
        }
        for (n, e) in entries.enumerated() {
            node(e.1, label: e.0, indent: childIndent, last: n == entries.count - 1, into: &out)
        }
    }
}

/// `segues`: what the receiver can perform, and who is asked for each segue action.
struct SegueListView {
    let sim: Simulator
    /// Descriptions made already (`Descriptions`); the others are made on the spot.
    var names: [String] = []

    func lines(for id: Int) -> [String] {
        let flow = sim.flow
        let inst = sim.state[id]
        var out: [String] = []
        guard let scene = inst.scene, flow.scenes[scene].nib == nil else {
            out.append("\(sim.describe(id, from: names)) was not loaded from a storyboard, so it has no segues")
            return out + actionLines(id)
        }
        let owned = flow.segues.enumerated().filter { $0.element.source == scene && $0.element.kind != .relationship && $0.element.kind != .embed }
        if owned.isEmpty {
            out.append("\(sim.describe(id, from: names)) ('\(flow.scenes[scene].id)') owns no segues")
        } else {
            out.append("segues of \(sim.describe(id, from: names)) ('\(flow.scenes[scene].id)'):")
            for (_, s) in owned {
                let dest = s.destination.map { "→ \(flow.scenes[$0].id)" } ?? "→ (unwind: \(s.unwindAction?.selector ?? "?"))"
                out.append("  \(s.identifier ?? "(no identifier)")  \(s.kind.rawValue) \(dest)  [\(s.trigger)]")
                if let a = s.action { out.append("      segue action: " + lookup(a.selector, on: id)) }
                if let d = s.destination {
                    for r in flow.relationshipSegues(of: d) {
                        guard let child = flow.segues[r].destination else { continue }
                        if let a = flow.segues[r].action {
                            out.append("      child '\(flow.scenes[child].id)' (\(flow.segues[r].relationship?.rawValue ?? "")): " + lookup(a.selector, on: id))
                        }
                    }
                }
            }
        }
        return out + actionLines(id)
    }

    private func lookup(_ selector: String, on id: Int) -> String {
        let found = sim.implementsSegueAction(selector, on: id)
        return "-[\(sim.describe(id, from: names)) \(selector)] " + (found ? "(implemented)" : "(NOT implemented: UIKit logs 'Unable to find method' and falls back to init(coder:))")
    }

    private func actionLines(_ id: Int) -> [String] {
        let actions = sim.actions(of: id)
        guard !actions.isEmpty else { return [] }
        var out = ["actions of \(sim.state.className(of: id)):"]
        for a in actions {
            var what = a.kind.rawValue
            if let s = a.segue { what += " '\(s)'" }
            if let d = a.destination { what += " .\(d)" }
            if let c = a.className { what += " \(c)" + (a.initializer.map { ".\($0)" } ?? "()") }
            out.append("  \(a.name)  \(what)  [\(a.trigger)]")
        }
        return out
    }
}

/// `inspect`: an instance's class, place and dependencies with their provenance.
struct InspectView {
    let sim: Simulator
    /// Descriptions made already (`Descriptions`); the others are made on the spot.
    var names: [String] = []

    func lines(for id: Int) -> [String] {
        let flow = sim.flow
        let i = sim.state[id]
        var out = [sim.describe(id, from: names)]
        out.append("  class       " + sim.lineage(of: id).joined(separator: " : "))
        let protocols = sim.declarations(of: id).flatMap(\.conformsTo)
        if !protocols.isEmpty { out.append("  conforms to " + protocols.joined(separator: ", ")) }
        if let s = i.scene {
            let scene = flow.scenes[s]
            out.append("  scene       '\(scene.id)'" + (scene.nib.map { " (XIB \($0))" } ?? "") + (scene.storyboardIdentifier.map { ", Storyboard ID \($0)" } ?? ""))
        } else {
            out.append("  scene       none (built in code)")
        }
        out.append("  state       \(i.appearance.rawValue)")
        if let p = i.parent { out.append("  parent      \(sim.describe(p, from: names)) (\(i.role?.rawValue ?? ""))") }
        if let p = i.presenter { out.append("  presented   by \(sim.describe(p, from: names)) (\(i.presentationStyle?.rawValue ?? "automatic"))") }
        if let p = i.presented { out.append("  presents    \(sim.describe(p, from: names))") }
        if let sel = i.selection { out.append("  selection   [\(sel[0]), \(sel[1])]") }
        let dependencies = sim.state.dependencies(of: id)
        if dependencies.isEmpty {
            out.append("  dependencies: none")
        } else {
            out.append("  dependencies:")
            for slot in dependencies {
                let decl = sim.dependency(slot.name, of: id)?.declaration ?? slot.name
                out.append("    \(decl)  =  \(slot.value ?? "nil")")
                out.append("        ← \(slot.provenance)")
            }
        }
        return out
    }
}

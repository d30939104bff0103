#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowEngine
import FlowModel

/// `where`: the window's tree — presentation chain, stacks, tabs, split columns, embedded
/// children — with the front-most view controller marked.
struct TreeView {
    let sim: Simulator
    /// Descriptions made already; the others are made on the spot.
    var names = Descriptions()

    func lines() -> [String] {
        var out = Output()
        write(into: &out)
        return out.lines.map(\.text)
    }

    /// Levels drawn with their own indent; deeper levels (a presentation chain thousands long)
    /// are drawn at this one, so that the output stays linear in the number of view controllers.
    static let maximumIndent = 100

    func write(into out: inout Output) {
        let state = sim.state
        guard let root = state.windowRoot else {
            out.add("(no window root)")
            return
        }
        out.add("window")
        walk(root, frontmost: state.frontmost, into: &out)
        if state.crash != nil { out.add("(the app has crashed; this is its state at the crash)") }
    }

    /// What a node is to its parent, written before its description.
    private enum Role {
        case root, stack(Int), tab(Int, selected: Bool, inMore: Bool), primary, secondary(collapsed: Bool), embedded, supplementary, compact, presents(ModalPresentationStyle)
    }

    /// A node still to draw: the indent it is drawn at (bytes and levels of `indent`).
    private struct Pending {
        var id: Int
        var role: Role
        var last: Bool
        var mark: Int
        var level: Int
    }

    /// Depth first with a stack of its own (a tree can be deeper than the call stack).
    private func walk(_ root: Int, frontmost: Int?, into out: inout Output) {
        let state = sim.state.instances
        // The branches drawn left of the current node, cut back to each node's mark.
        var indent: [UInt8] = []
        var pending = [Pending(id: root, role: .root, last: true, mark: 0, level: 0)]
        var flattened = false
        while let p = pending.popLast() {
            indent.removeSubrange(p.mark...)
            draw(p, frontmost: frontmost, indent: indent, into: &out)
            var level = p.level
            if level < Self.maximumIndent {
                indent.append(contentsOf: (p.last ? "   " as StaticString : "│  ").utf8Bytes)
                level += 1
            } else if !flattened {
                flattened = true
            }
            let mark = indent.count
            var children: [Pending] = []
            var tabIndex = 0
            let list = sim.state.children(of: p.id)
            let presented = state[p.id].presented
            for (n, c) in list.enumerated() {
                let isLast = n == list.count - 1 && presented == nil
                let role: Role
                switch state[c].role ?? .embedded {
                case .stack: role = .stack(n)
                case .tab:
                    role = .tab(tabIndex, selected: tabIndex == state[p.id].selectedTab, inMore: sim.state.isInMore(tab: tabIndex, of: p.id))
                    tabIndex += 1
                case .primary: role = .primary
                case .secondary: role = .secondary(collapsed: sim.state.compact)
                case .embedded: role = .embedded
                case .supplementary: role = .supplementary
                case .compact: role = .compact
                }
                children.append(Pending(id: c, role: role, last: isLast, mark: mark, level: level))
            }
            if let presented {
                children.append(Pending(id: presented, role: .presents(state[presented].presentationStyle ?? .automatic), last: true, mark: mark, level: level))
            }
            pending.append(contentsOf: children.reversed())
        }
        if flattened { out.add("(levels deeper than \(Self.maximumIndent) are drawn at the same indent)") }
    }

    private func draw(_ p: Pending, frontmost: Int?, indent: [UInt8], into out: inout Output) {
        indent.withUnsafeBufferPointer { out.write($0) }
        out.write(p.last ? "└─ " as StaticString : "├─ ")
        switch p.role {
        case .root: out.write("root" as StaticString)
        case .stack(let n):
            out.write(byte: 0x5B)
            out.write(n)
            out.write(byte: 0x5D)
        case .tab(let n, let selected, let inMore):
            out.write("tab " as StaticString)
            out.write(n)
            // A tab past the fourth, on a phone with more than five: listed in More (MoreTab.swift).
            if inMore { out.write(selected ? " (in More, selected)" as StaticString : " (in More)") } else if selected { out.write(" (selected)" as StaticString) }
        case .primary: out.write("primary" as StaticString)
        case .secondary(let collapsed): out.write(collapsed ? "secondary (collapsed: not on screen)" as StaticString : "secondary" as StaticString)
        case .embedded: out.write("embedded" as StaticString)
        case .supplementary: out.write("supplementary" as StaticString)
        case .compact: out.write("compact" as StaticString)
        case .presents(let style):
            out.write("presents (" as StaticString)
            if style == .automatic { out.write("pageSheet" as StaticString) } else { out.write(style.rawValue) }
            out.write(byte: 0x29)
        }
        out.write(byte: 0x20)
        names.write(p.id, of: sim, into: &out)
        if let scene = sim.state.instances[p.id].scene { names.writeLabel(scene: scene, of: sim, into: &out) }
        if p.id == frontmost { out.write("   ◀ front-most" as StaticString) }
        if sim.state.showsMoreList(p.id) { out.write(": its More list (UIMoreNavigationController) is on screen" as StaticString) }
        out.endLine()
    }
}

extension Output {
    /// `Trigger.description`, written in place.
    mutating func write(_ t: Trigger) {
        switch t {
        case .manual: write("manual" as StaticString)
        case .cell: write("cell" as StaticString)
        case .row(let section, let row):
            write("cell:" as StaticString)
            write(String(section))
            write(byte: 0x3A)
            write(String(row))
        case .prototype(let p):
            write("prototype:" as StaticString)
            write(p)
        case .control(let c):
            write("control:" as StaticString)
            write(c)
        case .appearance(let c):
            write(c.rawValue)
        }
    }
}

extension StaticString {
    /// The literal's bytes.
    var utf8Bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}

/// `segues`: what the receiver can perform, and who is asked for each segue action.
///
/// The listing depends only on the receiver's scene and class, except for the receiver's own
/// description: it is made once per scene and class with a 0 byte in place of that description
/// (`Descriptions.segueListing`), then copied with the description filled in.
struct SegueListView {
    let sim: Simulator
    /// Descriptions made already; the others are made on the spot.
    var names = Descriptions()
    /// Whether the subject's description is written as a 0 byte (making the listing's template).
    var holes = false

    func lines(for id: Int) -> [String] {
        var out = Output()
        write(for: id, into: &out)
        return out.lines.map(\.text)
    }

    /// Writes the listing, from the template of the receiver's scene and class when there is one.
    static func write(for id: Int, sim: Simulator, names: inout Descriptions, into out: inout Output) {
        let state = sim.state
        guard let scene = state.instances[id].scene, case let c = state.instances[id].classID, c >= 0 else {
            return SegueListView(sim: sim, names: names).write(for: id, into: &out)
        }
        if let template = names.segueListing(scene: scene, classID: c) {
            return fill(template, id: id, sim: sim, names: names, into: &out)
        }
        var direct = Output()
        SegueListView(sim: sim, names: names).write(for: id, into: &direct)
        var template = Output()
        SegueListView(sim: sim, names: names, holes: true).write(for: id, into: &template)
        // Kept only when filling it gives the listing: not when the flow's own texts hold a
        // 0 byte (JSON can escape one), which would read as a hole.
        var filled = Output()
        fill(template, id: id, sim: sim, names: names, into: &filled)
        if filled.lines == direct.lines { names.setSegueListing(template, scene: scene, classID: c) }
        for l in direct.lines { out.add(l) }
    }

    /// Copies a template's lines, writing the description of `id` at each 0 byte.
    private static func fill(_ template: Output, id: Int, sim: Simulator, names: Descriptions, into out: inout Output) {
        template.text.withUnsafeBufferPointer { t in
            guard let base = t.baseAddress else { return }
            for k in 0..<template.lineCount {
                let line = template.range(ofLine: k)
                var p = line.lowerBound
                while p < line.upperBound, let hole = memchr(base + p, 0, line.upperBound - p) {
                    let h = UnsafeRawPointer(hole) - UnsafeRawPointer(base)
                    out.write(UnsafeBufferPointer(rebasing: t[p..<h]))
                    names.write(id, of: sim, into: &out)
                    p = h + 1
                }
                out.write(UnsafeBufferPointer(rebasing: t[p..<line.upperBound]))
                out.endLine(template.spans[k].style)
            }
        }
    }

    private func subject(_ id: Int, into out: inout Output) {
        if holes { out.write(byte: 0) } else { names.write(id, of: sim, into: &out) }
    }

    func write(for id: Int, into out: inout Output) {
        let flow = sim.flow
        let inst = sim.state[id]
        guard let scene = inst.scene, flow.scenes[scene].nib == nil else {
            subject(id, into: &out)
            out.write(" was not loaded from a storyboard, so it has no segues" as StaticString)
            out.endLine()
            return writeActions(id, into: &out)
        }
        let owned = { (s: Segue) in s.source == scene && s.kind != .relationship && s.kind != .embed }
        if !flow.segues.contains(where: owned) {
            subject(id, into: &out)
            out.write(" ('" as StaticString)
            out.write(flow.scenes[scene].id)
            out.write("') owns no segues" as StaticString)
            out.endLine()
        } else {
            out.write("segues of " as StaticString)
            subject(id, into: &out)
            out.write(" ('" as StaticString)
            out.write(flow.scenes[scene].id)
            out.write("'):" as StaticString)
            out.endLine()
            for s in flow.segues where owned(s) {
                out.write("  " as StaticString)
                if let identifier = s.identifier { out.write(identifier) } else { out.write("(no identifier)" as StaticString) }
                out.write("  " as StaticString)
                out.write(s.kind.rawValue)
                if let d = s.destination {
                    out.write(" → " as StaticString)
                    out.write(flow.scenes[d].id)
                } else {
                    out.write(" → (unwind: " as StaticString)
                    out.write(s.unwindAction?.selector ?? "?")
                    out.write(byte: 0x29)
                    if let u = s.unwindAction, !flow.classes.values.contains(where: { c in c.unwindActions.contains { SelectorName($0).selector == u.selector } }) {
                        out.write(" (no class implements it: the unwind does nothing)" as StaticString)
                    }
                }
                out.write("  [" as StaticString)
                out.write(s.trigger)
                out.write(byte: 0x5D)
                out.endLine()
                if let a = s.action {
                    out.write("      segue action: " as StaticString)
                    lookup(a.selector, on: id, into: &out)
                }
                if let d = s.destination { writeChildActions(of: d, on: id, into: &out, visited: [d]) }
            }
        }
        writeActions(id, into: &out)
    }

    /// Every relationship child decoded with the container, at any depth (a navigation
    /// controller in a tab of a presented tab bar controller): each child's selector goes to the
    /// same outer source, as the engine sends it.
    private func writeChildActions(of scene: Int, on id: Int, into out: inout Output, visited: Set<Int>) {
        let flow = sim.flow
        for r in flow.relationshipSegues(of: scene) {
            guard let child = flow.segues[r].destination, !visited.contains(child) else { continue }
            if let a = flow.segues[r].action {
                out.write("      child '" as StaticString)
                out.write(flow.scenes[child].id)
                out.write("' (" as StaticString)
                out.write(flow.segues[r].relationship?.rawValue ?? "")
                out.write("): " as StaticString)
                lookup(a.selector, on: id, into: &out)
            }
            writeChildActions(of: child, on: id, into: &out, visited: visited.union([child]))
        }
    }

    private func lookup(_ selector: String, on id: Int, into out: inout Output) {
        out.write("-[" as StaticString)
        subject(id, into: &out)
        out.write(byte: 0x20)
        out.write(selector)
        if sim.implementsSegueAction(selector, on: id) {
            out.write("] (implemented)" as StaticString)
        } else {
            out.write("] (NOT implemented: UIKit logs 'Unable to find method' and falls back to init(coder:))" as StaticString)
        }
        out.endLine()
    }

    private func writeActions(_ id: Int, into out: inout Output) {
        let actions = sim.actions(of: id)
        guard !actions.isEmpty else { return }
        out.write("actions of " as StaticString)
        out.write(sim.state.className(of: id))
        out.write(byte: 0x3A)
        out.endLine()
        for a in actions {
            out.write("  " as StaticString)
            out.write(a.name)
            out.write("  " as StaticString)
            out.write(a.kind.rawValue)
            if let s = a.segue {
                out.write(" '" as StaticString)
                out.write(s)
                out.write(byte: 0x27)
            }
            if let d = a.destination {
                out.write(" ." as StaticString)
                out.write(d)
            }
            if let c = a.className {
                out.write(byte: 0x20)
                out.write(c)
                if let i = a.initializer {
                    out.write(byte: 0x2E)
                    out.write(i)
                } else {
                    out.write("()" as StaticString)
                }
            }
            out.write("  [" as StaticString)
            out.write(a.trigger)
            out.write(byte: 0x5D)
            out.endLine()
        }
    }
}

/// `inspect`: an instance's class, place and dependencies with their provenance.
struct InspectView {
    let sim: Simulator

    /// The class's notes: what the Swift reader (or a storyboard, or the flow's author) says
    /// it could not tell, so that an empty dependency list is not read as a verdict.
    private func writeNotes(of id: Int, into out: inout Output) {
        guard let notes = sim.flow.classes[sim.state.className(of: id)]?.notes,
              notes.contains(where: { !$0.hasPrefix("declared at ") }) else { return }
        out.add("  notes:")
        for n in notes {
            out.write("    " as StaticString)
            out.write(n)
            out.endLine()
        }
    }

    func lines(for id: Int) -> [String] {
        var out = Output()
        var names = Descriptions()
        names.update(sim)
        write(for: id, names: &names, into: &out)
        return out.lines.map(\.text)
    }

    /// `names` gives the descriptions, and caches the class and scene lines.
    func write(for id: Int, names: inout Descriptions, into out: inout Output) {
        // The instances array, indexed here: `AppState`'s subscript is a call into the engine.
        let state = sim.state.instances
        names.write(id, of: sim, into: &out)
        out.endLine()
        let texts = names.classTexts(of: id, in: sim)
        texts.lineage.withUnsafeBufferPointer { out.write($0) }
        out.endLine()
        if !texts.conformances.isEmpty {
            texts.conformances.withUnsafeBufferPointer { out.write($0) }
            out.endLine()
        }
        if let s = state[id].scene {
            names.writeSceneLine(s, into: &out)
        } else {
            out.add("  scene       none (built in code)")
        }
        out.write("  state       " as StaticString)
        out.write(state[id].appearance.rawValue)
        out.endLine()
        // `  LABEL<description> (NOTE)`: the instances this one hangs from or presents.
        func relation(_ label: StaticString, _ other: Int, note: String?) {
            out.write(label)
            names.write(other, of: sim, into: &out)
            if let note {
                out.write(" (" as StaticString)
                out.write(note)
                out.write(byte: 0x29)
            }
            out.endLine()
        }
        if let p = state[id].parent { relation("  parent      ", p, note: state[id].role?.rawValue ?? "") }
        if let p = state[id].presenter { relation("  presented   by ", p, note: state[id].presentationStyle?.rawValue ?? "automatic") }
        if let p = state[id].presented { relation("  presents    ", p, note: nil) }
        if let sel = state[id].selection {
            out.write("  selection   [" as StaticString)
            out.write(sel[0])
            out.write(", " as StaticString)
            out.write(sel[1])
            out.write(byte: 0x5D)
            out.endLine()
        }
        defer { writeNotes(of: id, into: &out) }
        let dependencies = sim.state.dependencies(of: id)
        if dependencies.isEmpty {
            out.add("  dependencies: none")
            return
        }
        out.add("  dependencies:")
        for (k, slot) in dependencies.enumerated() {
            out.write("    " as StaticString)
            // The class's declarations are in the slots' order; a name check guards that.
            if k < texts.declarations.count && texts.declarations[k].name == slot.name {
                out.write(texts.declarations[k].declaration)
            } else {
                out.write(sim.dependency(slot.name, of: id)?.declaration ?? slot.name)
            }
            out.write("  =  " as StaticString)
            if let v = slot.value { out.write(v) } else { out.write("nil" as StaticString) }
            out.endLine()
            out.write("        ← " as StaticString)
            out.write(slot.provenance)
            out.endLine()
        }
    }
}

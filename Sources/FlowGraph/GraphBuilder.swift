import FlowModel

/// Flow (+ highlights) → `Graph`. Pure and deterministic: nodes in scene order, edges in segue
/// order (an unwind's landings in scene order), groups in the order their first member appears.
public enum GraphBuilder {
    public static func graph(of flow: Flow, highlights h: Highlights = Highlights()) -> Graph {
        var g = Graph(title: flow.name, caption: h.caption)
        let ids = NodeIDs(flow)
        let owner = containerOwners(flow)
        // Path steps per segue, from 1.
        var steps: [Int: [Int]] = [:]
        for (k, step) in h.path.enumerated() {
            for s in step.segues where steps[s]?.last != k + 1 { steps[s, default: []].append(k + 1) }
        }
        let onPath = Set(h.path.flatMap(\.segues).compactMap { flow.segues[$0].destination })
            .union(h.path.flatMap(\.segues).map { flow.segues[$0].source })

        for (i, scene) in flow.scenes.enumerated() {
            var label = [scene.id]
            if scene.className != scene.id { label.append(scene.className) }
            if let nib = scene.nib { label.append("XIB \(nib)") }
            var state = Node.State.normal
            if h.unreachedScenes.contains(i) { state = .unreached }
            if onPath.contains(i) { state = .onPath }
            if h.live.contains(i) { state = .live }
            if h.visible.contains(i) { state = .visible }
            if h.frontmost == i { state = .frontmost }
            if h.crashedAt == i { state = .crashed }
            let kind = flow.containerKind(of: scene.className).map(ContainerKindName.init)
            g.nodes.append(Node(id: ids.scene[i], scene: i, label: label, kind: .scene(container: kind, nib: scene.nib != nil),
                                state: state, initial: (flow.launch.root?.scene ?? flow.initial) == i))
        }

        for (i, segue) in flow.segues.enumerated() {
            var state = Edge.State.normal
            if h.unperformedSegues.contains(i) { state = .unperformed }
            if let s = steps[i] { state = .onPath(s) }
            let (action, problem) = SegueActionOwner.mark(i, in: flow)
            var label: [String] = []
            if let id = segue.identifier { label.append(id) }
            label.append(contentsOf: trigger(i, in: flow))
            label += action
            let from = ids.scene[segue.source]
            if segue.kind == .unwind {
                let landings = unwindLandings(segue, in: flow)
                if landings.isEmpty {
                    let nowhere = "nowhere_\(i)"
                    g.nodes.append(Node(id: nowhere, scene: nil, label: ["no scene implements", segue.unwindAction?.description ?? "?"],
                                        kind: .nowhere, state: .normal, initial: false))
                    g.edges.append(Edge(from: from, to: nowhere, segue: i, kind: .unwind, label: label, problem: .warning, state: state))
                }
                for l in landings {
                    g.edges.append(Edge(from: from, to: ids.scene[l], segue: i, kind: .unwind, label: label, problem: problem, state: state))
                }
                continue
            }
            guard let d = segue.destination else { continue }
            g.edges.append(Edge(from: from, to: ids.scene[d], segue: i, kind: kind(segue.kind), label: label, problem: problem, state: state))
        }

        g.edges += codeActionEdges(flow, ids: ids)
        g.groups = groups(flow, owner: owner, ids: ids)
        return g
    }

    /// A code action that instantiates a scene by Storyboard ID and shows it: an edge labelled
    /// with the call (it is no segue: no identifier, no `prepare`).
    static func codeActionEdges(_ flow: Flow, ids: NodeIDs) -> [Edge] {
        var byStoryboardID: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() {
            if let id = s.storyboardIdentifier, byStoryboardID[id] == nil { byStoryboardID[id] = i }
        }
        var out: [Edge] = []
        for (i, scene) in flow.scenes.enumerated() {
            for a in flow.actions(of: scene.className) {
                // A scene named in code (`StoryboardScene.Main.x`), else the Storyboard ID's.
                let named = a.scene.flatMap { flow.sceneIndex($0) }
                guard let d = named ?? a.storyboardIdentifier.flatMap({ byStoryboardID[$0] }) else { continue }
                let sid = named.map { flow.scenes[$0].storyboardIdentifier ?? flow.scenes[$0].id } ?? a.storyboardIdentifier!
                let kind: Edge.Kind
                switch a.kind {
                case .present: kind = .present
                case .push, .show: kind = .show
                case .showDetail: kind = .showDetail
                default: continue
                }
                var label = ["call \(a.name)"]
                if case .control(let c) = a.trigger { label.append("tap \(c)") }
                switch a.trigger {
                case .cell: label.append("select row")
                case .row(let section, let row): label.append("row \(section).\(row)")
                case .prototype(let p): label.append("prototype \(p)")
                case .appearance(let c): label.append(c.rawValue)
                default: break
                }
                label.append("code: \(a.kind.rawValue) '\(sid)'")
                out.append(Edge(from: ids.scene[i], to: ids.scene[d], segue: nil, kind: kind, label: label, problem: .none, state: .normal))
            }
        }
        return out
    }

    static func kind(_ k: SegueKind) -> Edge.Kind {
        switch k {
        case .show, .push: .show
        case .showDetail: .showDetail
        case .presentation, .modal: .present
        case .popoverPresentation: .popover
        case .embed: .embed
        case .relationship: .relationship
        case .unwind: .unwind
        case .custom: .custom
        }
    }

    /// `tap add`, `select row`, `tab 1`, `root`; a manual segue names the code actions that
    /// perform it (`call done`), or `perform`.
    static func trigger(_ i: Int, in flow: Flow) -> [String] {
        let s = flow.segues[i]
        switch s.kind {
        case .relationship:
            switch s.relationship {
            case .rootViewController: return ["root"]
            case .viewControllers:
                let tabs = flow.relationshipSegues(of: s.source).filter { flow.segues[$0].relationship == .viewControllers }
                return ["tab \(tabs.firstIndex(of: i) ?? 0)"]
            case .masterViewController: return ["master"]
            case .detailViewController: return ["detail"]
            case .supplementaryViewController: return ["supplementary"]
            case .compactViewController: return ["compact"]
            case nil: return ["relationship"]
            }
        case .embed:
            return ["embed"]
        case .unwind:
            var out: [String] = []
            if case .control(let c) = s.trigger { out.append("tap \(c)") }
            out.append("unwind \(s.unwindAction?.description ?? "?")")
            return out
        default:
            switch s.trigger {
            case .control(let c): return ["tap \(c)"]
            case .cell: return ["select row"]
            case .row(let section, let row): return ["row \(section).\(row)"]
            case .prototype(let p): return ["prototype \(p)"]
            case .appearance(let c): return [c.rawValue]
            case .manual:
                guard let id = s.identifier else { return ["perform"] }
                let cls = flow.scenes[s.source].className
                let calls = flow.actions(of: cls).filter { $0.kind == .performSegue && $0.segue == id }.map { "call \($0.name)" }
                return calls.isEmpty ? ["perform"] : calls
            }
        }
    }

    /// Scenes whose class implements the unwind action, other than the source: where the unwind
    /// can land (UIKit's search starts at the source's parent or presenter).
    static func unwindLandings(_ s: Segue, in flow: Flow) -> [Int] {
        guard let action = s.unwindAction else { return [] }
        return flow.scenes.indices.filter { $0 != s.source && flow.implementsUnwindAction(action.selector, on: flow.scenes[$0].className) }
    }

    /// Each child scene's container: the first relationship segue (in file order) that names
    /// it, unless that would put a container inside itself.
    static func containerOwners(_ flow: Flow) -> [Int: Int] {
        var owner: [Int: Int] = [:]
        for s in flow.segues where s.kind == .relationship {
            guard let child = s.destination, owner[child] == nil, child != s.source else { continue }
            var x: Int? = s.source
            var cycle = false
            while let c = x {
                if c == child { cycle = true; break }
                x = owner[c]
            }
            if !cycle { owner[child] = s.source }
        }
        return owner
    }

    /// Containers as groups (nested as their scenes are), inside one group per storyboard when
    /// the scenes come from several files.
    static func groups(_ flow: Flow, owner: [Int: Int], ids: NodeIDs) -> [Group] {
        func containerGroup(_ c: Int) -> Group? {
            guard let kind = flow.containerKind(of: flow.scenes[c].className) else { return nil }
            let children = flow.relationshipSegues(of: c).compactMap { flow.segues[$0].destination }.filter { owner[$0] == c }
            guard !children.isEmpty else { return nil }
            var members = [ids.scene[c]]
            var nested: [Group] = []
            for child in children {
                if let g = containerGroup(child) { nested.append(g) } else { members.append(ids.scene[child]) }
            }
            let name = ContainerKindName(kind)
            return Group(id: "cluster_\(ids.scene[c])", label: "\(flow.scenes[c].id) (\(name.title))", kind: .container(name),
                         members: members, groups: nested)
        }
        let files = Set(flow.scenes.indices.compactMap { storyboard(of: $0, in: flow) })
        var top: [(scene: Int, member: Group?)] = []
        for i in flow.scenes.indices where owner[i] == nil {
            top.append((i, containerGroup(i)))
        }
        guard files.count > 1 else {
            return top.compactMap(\.member)
        }
        var storyboards: [Group] = []
        var index: [String: Int] = [:]
        for (scene, member) in top {
            let file = storyboard(of: scene, in: flow) ?? ""
            if index[file] == nil {
                index[file] = storyboards.count
                storyboards.append(Group(id: "cluster_sb\(storyboards.count)", label: storyboardName(file), kind: .storyboard, members: [], groups: []))
            }
            if let member { storyboards[index[file]!].groups.append(member) } else { storyboards[index[file]!].members.append(ids.scene[scene]) }
        }
        return storyboards
    }

    /// The storyboard a scene was imported from (a flow written as JSON says nothing: one group).
    static func storyboard(of scene: Int, in flow: Flow) -> String? { flow.scenes[scene].storyboard?.file }

    /// `Main.storyboard` from `…/Base.lproj/Main.storyboard`.
    static func storyboardName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// DOT and Mermaid identifiers for scenes: `s_` and the scene id with anything but letters,
/// digits and `_` replaced by `_`, made unique by a suffix.
struct NodeIDs {
    var scene: [String] = []

    init(_ flow: Flow) {
        var used = Set<String>()
        for s in flow.scenes {
            let base = "s_" + String(String.UnicodeScalarView(s.id.unicodeScalars.map { c in
                c.isASCII && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_") ? c : "_"
            }))
            var id = base
            var n = 2
            while used.contains(id) {
                id = "\(base)_\(n)"
                n += 1
            }
            used.insert(id)
            scene.append(id)
        }
    }
}

extension ContainerKindName {
    init(_ k: ContainerKind) {
        switch k {
        case .navigation: self = .navigation
        case .tabBar: self = .tabBar
        case .split: self = .split
        }
    }

    public var title: String {
        switch self {
        case .navigation: "navigation controller"
        case .tabBar: "tab bar controller"
        case .split: "split view controller"
        }
    }
}

import FlowEngine
import FlowModel

/// The commands the exploration tries in a state, as numbers in `commandTable`.
extension Explorer {
    mutating func intern(_ c: Command) -> UInt32 {
        if let i = commandIndex[c] { return i }
        let i = UInt32(commandTable.count)
        commandTable.append(c)
        commandByPlace.append(Self.receiver(of: c).map { $0 < 0 } ?? false)
        commandIndex[c] = i
        return i
    }

    /// The receiver `on:` of a command on the `k`th view controller of the top-level visible
    /// chain, in the exploration's own commands: negative, so that it is never an address.
    static func chainPlace(_ k: Int) -> Int { -1 - k }

    /// Command `c` as the engine runs it in `state`: a receiver named by its place in the
    /// visible chain becomes that view controller's address.
    func resolved(_ c: UInt32, in state: AppState) -> Command {
        let command = commandTable[Int(c)]
        guard commandByPlace[Int(c)], let place = Self.receiver(of: command) else { return command }
        let chain = state.topLevel.map { state.visibleChain(from: $0) } ?? []
        // Out of the chain (never in a state of the spine the command was made for): an address
        // no view controller has, which the engine rejects.
        let x = -1 - place < chain.count ? chain[-1 - place] : Int.max
        switch command {
        case .perform(let id, _, let sender): return .perform(identifier: id, on: x, sender: sender)
        case .tap(let control, _): return .tap(control: control, on: x)
        case .select(let section, let row, _): return .select(section: section, row: row, on: x)
        case .call(let action, _): return .call(action: action, on: x)
        case .back, .dismiss, .tab: return command
        }
    }

    mutating func calls(ofClass c: Int32, _ state: AppState) -> [UInt32] {
        if let commands = classCommands[c] { return commands }
        let commands = flow.actions(of: state.className(classID: c)).filter { $0.trigger == .manual }.map { intern(.call(action: $0.name, on: nil)) }
        classCommands[c] = commands
        return commands
    }

    mutating func tabCommand(_ k: Int) -> UInt32 {
        while tabCommands.count <= k { tabCommands.append(intern(.tab(tabCommands.count))) }
        return tabCommands[k]
    }

    /// The commands tried in a state, as numbers in `commandTable`, into `out`; `tabBar`: the
    /// tab bar controller `tab N` commands switch (-1: none).
    mutating func commands(in sim: Simulator, into out: inout [UInt32], tabBar found: inout Int) {
        let state = sim.state
        out.removeAll(keepingCapacity: true)
        state.instances.withUnsafeBufferPointer { p in
            guard let top = state.topLevel, let front = state.frontmost else { return }
            if let s = p[front].scene { out += sceneCommands[s] }
            if classHasCalls { out += calls(ofClass: p[front].classID, state) }
            if needsChain {
                // By place in the visible chain, not by address: states that share their spine
                // share these commands, so their outcomes can be learnt once (`ExplorerChain`).
                for (k, x) in state.visibleChain(from: top).enumerated() where x != front {
                    guard let s = p[x].scene else { continue }
                    for (control, row) in sceneFromCommands[s] {
                        if let control { out.append(intern(.tap(control: control, on: Self.chainPlace(k)))) }
                        if let row { out.append(intern(.select(section: row.0, row: row.1, on: Self.chainPlace(k)))) }
                    }
                }
            }
            // back: the nearest navigation controller (the front-most itself included) has more than its root.
            // The tab bar: up the parents, and on from a context presentation to what it covers.
            var x: Int? = front
            var navFound = false, tabBar = -1
            while let v = x {
                let kind = sim.containerKind(of: v)
                if kind == .navigation && !navFound {
                    navFound = true
                    if p[v].childCount > 1 { out.append(backCommand) }
                }
                if kind == .tabBar && tabBar < 0 { tabBar = v }
                if let up = p[v].parent {
                    x = up
                } else {
                    // A navigation controller the presentation covers has no back button on screen.
                    navFound = true
                    x = p[v].presenter != nil && state.isContextPresentation(v) ? p[v].presenter : nil
                }
            }
            // Only a dismissal a user can make: a sheet or popover nothing makes modal (a control
            // or code action that dismisses is a command of its own).
            let level = state.levelRoot(of: front)
            if p[level].presenter != nil && sim.userCanSwipe(level) { out.append(dismissCommand) }
            found = tabBar
            // The More navigation controller's back button at a listed tab's root (MoreTab.swift).
            if tabBar >= 0 && state.compact && !out.contains(backCommand) && sim.moreListBack() != nil { out.append(backCommand) }
            if tabBar >= 0 {
                var n = 0
                for c in state.children(of: tabBar) where p[c].role == .tab { n += 1 }
                let selected = p[tabBar].selectedTab
                for k in 0..<n where k != selected { out.append(tabCommand(k)) }
            }
        }
    }
}

import FlowEngine
import FlowModel

/// The commands the exploration tries in a state, as numbers in `commandTable`.
extension Explorer {
    mutating func intern(_ c: Command) -> UInt32 {
        if let i = commandIndex[c] { return i }
        let i = UInt32(commandTable.count)
        commandTable.append(c)
        commandIndex[c] = i
        return i
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
                for x in state.visibleChain(from: top) where x != front {
                    guard let s = p[x].scene else { continue }
                    for (control, row) in sceneFromCommands[s] {
                        if let control { out.append(intern(.tap(control: control, on: x))) }
                        if let row { out.append(intern(.select(section: row.0, row: row.1, on: x))) }
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
            if p[state.levelRoot(of: front)].presenter != nil { out.append(dismissCommand) }
            found = tabBar
            if tabBar >= 0 {
                var n = 0
                for c in state.children(of: tabBar) where p[c].role == .tab { n += 1 }
                let selected = p[tabBar].selectedTab
                for k in 0..<n where k != selected { out.append(tabCommand(k)) }
            }
        }
    }
}

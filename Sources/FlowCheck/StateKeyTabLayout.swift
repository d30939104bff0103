import FlowEngine

/// Where a tab bar controller on the top layer's spine puts its units in the layer's list of
/// hidden units. The encoder walks the spine depth first, so the list is: `before` units (of
/// spine nodes above the tab bar), the hidden tabs before the shown one, `shownUnits` units of
/// the shown tab's subtree, the hidden tabs after it, and `after` units (later children of the
/// nodes above). A tab switch changes only the middle: the tab it leaves becomes one unit (what
/// its subtree's units and spine were), and the tab it shows gives up its unit for a spine and
/// units of its own. So it can be learnt in two halves: leaving, by the spine and the shown tab's
/// units; showing, by the spine down to the tab bar (`cut`), the tab and the unit it shows.
struct TabLayout: Equatable {
    /// The spine from the layer's root down to the tab bar (each node's place and own words),
    /// numbered in `StateEncoder.cuts`: states with the same cut show the same next spine for
    /// the same tab and unit.
    var cut: UInt32
    var before: Int
    var tabsBefore: Int
    var shownUnits: Int
    var tabsAfter: Int
    var after: Int

    /// The list's length.
    var units: Int { before + tabsBefore + shownUnits + tabsAfter + after }
    /// The tab shown, and how many tabs there are.
    var shown: Int { tabsBefore }
    var count: Int { tabsBefore + 1 + tabsAfter }

    /// The place in the list of tab `t`'s unit (not the shown tab's).
    func place(ofTab t: Int) -> Int {
        t < shown ? before + t : before + shown + shownUnits + (t - shown - 1)
    }
}

extension StateEncoder {
    /// The layout of tab bar `tabBar` in `state`'s top layer; nil when the tab bar is not on the
    /// top layer's visible chain by parent links alone, or when the list does not have that
    /// shape (a presentation inside the layer, a child that is not a tab).
    mutating func tabLayout(of state: AppState, tabBar t: Int) -> TabLayout? {
        // Four tabs and More (MoreTab.swift): `back` and `tab N` also go to and from the More
        // list, a state with no tab shown, which this list's shape does not have.
        if state.showsMoreTab(t) { return nil }
        var roots: [Int] = []
        guard hiddenRoots(ofLayerBelowTop: 0, of: state, into: &roots), let layerRoot = layerRoots.last else { return nil }
        // The spine from the layer's root to the tab bar, by parent links.
        var path: [Int] = [t]
        while let up = state[path[path.count - 1]].parent { path.append(up) }
        guard path[path.count - 1] == layerRoot else { return nil }
        path.reverse()
        let chain = state.visibleChain(from: layerRoot)
        guard chain.count > path.count, Array(chain.prefix(path.count)) == path else { return nil }
        let shown = chain[path.count]
        let children = Array(state.children(of: t))
        guard let k = children.firstIndex(of: shown), children.allSatisfy({ state[$0].role == .tab }) else { return nil }

        func isUnder(_ x: Int, _ ancestor: Int) -> Bool {
            var y: Int? = x
            while let v = y {
                if v == ancestor { return true }
                y = state[v].parent
            }
            return false
        }
        var i = 0
        var layout = TabLayout(cut: 0, before: 0, tabsBefore: 0, shownUnits: 0, tabsAfter: 0, after: 0)
        while i < roots.count && !isUnder(roots[i], t) { layout.before += 1; i += 1 }
        while i < roots.count && state[roots[i]].parent == t && layout.tabsBefore < k { layout.tabsBefore += 1; i += 1 }
        while i < roots.count && isUnder(roots[i], shown) { layout.shownUnits += 1; i += 1 }
        while i < roots.count && state[roots[i]].parent == t { layout.tabsAfter += 1; i += 1 }
        while i < roots.count && !isUnder(roots[i], t) { layout.after += 1; i += 1 }
        guard i == roots.count, layout.tabsBefore == k, layout.tabsAfter == children.count - 1 - k else { return nil }

        var words: [UInt32] = []
        var key: [UInt32] = []
        for (j, x) in path.enumerated() {
            key.append(j == 0 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: Array(state.children(of: path[j - 1])).firstIndex(of: x) ?? 0))
            let n = nodeWords(x, state, into: &words)
            key.append(UInt32(truncatingIfNeeded: n))
            key.append(contentsOf: words[0..<n])
        }
        layout.cut = UInt32(truncatingIfNeeded: cuts.insert(key, count: key.count).index)
        return layout
    }
}

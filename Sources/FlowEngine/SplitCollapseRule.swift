import FlowModel

/// How a split view controller collapses when it first comes on screen in a compact width (a
/// phone): once its own view has loaded, before its children's.
///
/// Classic split view (Apple, `splitViewController(_:collapseSecondary:onto:)`): the delegate's
/// `true` discards the secondary and the primary is shown; `false`, or no delegate method, makes
/// the split view call the primary's `collapseSecondaryViewController(_:for:)`: "Most view
/// controllers do nothing by default but the UINavigationController class responds by pushing
/// the secondary view controller onto its navigation stack." So by default the secondary is on
/// top, with the primary's list one `back` below it.
///
/// Column-style split view (iOS 14 `style`): its compact column when it has one (handled by
/// `AppState.shownContent`), else the column `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`
/// returns; without that method the proposed one, the secondary column.
///
/// A secondary navigation controller's stack is folded onto the primary's, and the emptied
/// wrapper released, as `showDetail` on a collapsed split view does (flownav keeps no wrapper
/// that no screen shows). An answer in code flownav did not read takes UIKit's default (the
/// secondary on top, the list below it: both screens stay reachable), and `check` makes what
/// rests on it possible.
extension Simulator {
    /// The method whose answer decides a classic split view's collapse.
    public static let collapseSecondaryMethod = "splitViewController(_:collapseSecondary:onto:)"
    /// The method whose answer decides a column-style split view's top column.
    public static let topColumnMethod = "splitViewController(_:topColumnForCollapsingToProposedTopColumn:)"
    /// The note's start when the answer is code flownav did not read (`check` looks for it).
    public static let unknownCollapsePrefix = "the split view's delegate answers in code flownav did not read"

    /// Collapses `x` if it is a split view controller in a compact width whose view has just
    /// loaded (its own `viewDidLoad` has run, so a `delegate = self` there is in effect; its
    /// children's views have not loaded). A view loads once, so this runs once per split view.
    mutating func collapseIfSplit(_ x: Int) throws(CrashSignal) {
        guard state.compact, info(of: x).container == .split else { return }
        try collapse(x)
    }

    private mutating func collapse(_ split: Int) throws(CrashSignal) {
        let children = state.children(of: split)
        // A compact column is what a collapsed column-style split view shows: nothing to fold.
        guard !children.contains(where: { state[$0].role == .compact }),
              let primary = children.first(where: { state[$0].role == .primary }) else { return }
        let scene = state[split].scene.map { flow.scenes[$0] }
        let answer = scene?.splitCollapse
        var folded: [Int] = []
        if scene?.splitStyle != nil {
            let top = topColumn(split, answer: answer)
            if top == .primary { return }
            if let s = children.first(where: { state[$0].role == .supplementary }) { folded.append(s) }
            if top == .secondary, let s = children.first(where: { state[$0].role == .secondary }) { folded.append(s) }
        } else {
            guard let secondary = children.first(where: { state[$0].role == .secondary }) else { return }
            if collapseSecondary(split, secondary: secondary, answer: answer) {
                emit(.note("the delegate returned true, so the split view controller does nothing with the secondary \(describe(secondary)): the primary column is what a phone shows"))
                return
            }
            folded.append(secondary)
        }
        guard !folded.isEmpty else { return }
        guard info(of: primary).container == .navigation else {
            // Apple: "Most view controllers do nothing by default" in collapseSecondaryViewController(_:for:).
            emit(.note("the primary \(describe(primary)) is not a navigation controller, so its collapseSecondaryViewController(_:for:) does nothing by default: the primary column is what a phone shows"))
            return
        }
        for column in folded { fold(column, from: split, onto: primary) }
    }

    /// What `splitViewController(_:collapseSecondary:onto:)` returns (false without one).
    private mutating func collapseSecondary(_ split: Int, secondary: Int, answer: SplitCollapse?) -> Bool {
        let result: Bool
        let detail: String
        switch answer {
        case .collapseSecondary(let c)?:
            let content = content(of: secondary)
            if let name = c.dependency, state.slot(name, of: content) == nil {
                // The template's `guard … as? DetailViewController else { return false }`.
                result = false
                detail = "the delegate returns false: \(describe(content)) has no \(name)"
            } else {
                result = holds(c, in: Scope(selfID: content))
                detail = c.dependency == nil ? "the delegate returns \(result)" : "the delegate returns \(result): \(c) on \(describe(content))"
            }
        case .unknown(let site)?:
            emit(.note("\(Self.unknownCollapsePrefix), at \(site): flownav takes UIKit's default, the secondary pushed onto the primary's navigation controller"))
            return false
        case .topColumn?, nil:
            // No delegate method: UIKit goes straight to the primary's collapseSecondaryViewController(_:for:).
            return false
        }
        if eventDetail == .all { emit(.called(id: split, method: Self.collapseSecondaryMethod, detail: CallDetail(detail))) }
        return result
    }

    /// The top column of a collapsed column-style split view without a compact column.
    private mutating func topColumn(_ split: Int, answer: SplitCollapse?) -> SplitColumn {
        switch answer {
        case .topColumn(let c)?:
            if eventDetail == .all { emit(.called(id: split, method: Self.topColumnMethod, detail: CallDetail("the delegate returns .\(c.rawValue)"))) }
            return c
        case .unknown(let site)?:
            emit(.note("\(Self.unknownCollapsePrefix), at \(site): flownav takes UIKit's default, the proposed secondary column on top"))
            return .secondary
        case .collapseSecondary?, nil:
            return .secondary
        }
    }

    /// The secondary's content: the top of its navigation controller, or itself.
    private func content(of column: Int) -> Int {
        guard info(of: column).container == .navigation else { return column }
        return state.children(of: column).filter { state[$0].role == .stack }.last ?? column
    }

    /// The primary navigation controller pushes the column (a navigation controller's stack, in
    /// order, its emptied wrapper released), before anything is on screen.
    private mutating func fold(_ column: Int, from split: Int, onto nav: Int) {
        state.removeChild(column, from: split)
        state[column].parent = nil
        var moved: [Int] = [column]
        if info(of: column).container == .navigation {
            moved = state.children(of: column).filter { state[$0].role == .stack }
            for m in moved {
                state.removeChild(m, from: column)
                state[m].parent = nil
            }
            release(column)
        }
        for m in moved {
            attach(m, to: nav, role: .stack)
            emit(.transition(.push(m, onto: nav)))
        }
        emit(.note("the split view controller is collapsed (phone): the primary column's \(describe(nav)) pushes the secondary column's \(moved.map { describe($0) }.joined(separator: ", ")), so it is on top and `back` returns to the list"))
    }

    /// `back` to a view controller whose view never loaded (the list below a secondary pushed at
    /// launch): the navigation controller loads it as it brings it on screen, before the
    /// appearance callbacks.
    mutating func loadPopTarget(of nav: Int) throws(CrashSignal) {
        let top = state[nav].lastChild
        guard state[nav].appearance == .appeared, top >= 0 else { return }
        let target = Int(state[Int(top)].previousSibling)
        guard target >= 0, state[target].appearance == .notLoaded else { return }
        _ = try loadVisibleChain(from: target)
    }
}

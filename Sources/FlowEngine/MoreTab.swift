import FlowModel

/// The More tab. Apple, `UITabBarController`: "If you add six or more custom view controllers
/// to a tab bar controller, the tab bar controller displays only the first four items plus the
/// standard More item on the tab bar. Tapping the More item brings up a standard interface for
/// selecting the remaining items." The view controllers past the fourth "are managed by the
/// More navigation controller" (`viewControllers`), a `UINavigationController`
/// (`moreNavigationController`) that lists them and pushes the one chosen.
///
/// flownav models it on a phone (compact width); on a pad every tab is a tab (the
/// regular-width limit is not on record). No instance stands for the More navigation
/// controller or its list (they are UIKit's, with no app code): the tab bar's `selectedTab`
/// says what More shows — `moreListSelection` for the list, a tab's index from 4 for that
/// tab, shown as the More navigation controller's pushed view controller. `tab N` from 4 is
/// what a user does: More, then row N − 4 of its list; `back` from that tab's root returns to
/// the list (`backToMoreList`).
extension AppState {
    /// `selectedTab` while the More list is on screen: a value no tab index reaches.
    public static let moreListSelection = 0xFFFF
    /// The first tab listed in More: tabs 0 to 3 stay on the bar.
    public static let firstTabInMore = 4

    /// Whether tab bar controller `tabBar` shows four tabs and More: more than five tabs, in a
    /// compact width.
    public func showsMoreTab(_ tabBar: Int) -> Bool {
        compact && tabCount(of: tabBar) > 5
    }

    /// Whether the More list is what `tabBar` shows.
    public func showsMoreList(_ tabBar: Int) -> Bool {
        instances[tabBar].selectedTab == Self.moreListSelection
    }

    /// Whether tab `index` of `tabBar` is reached through More.
    public func isInMore(tab index: Int, of tabBar: Int) -> Bool {
        showsMoreTab(tabBar) && index >= Self.firstTabInMore && index != Self.moreListSelection
    }
}

extension Simulator {
    /// `tab N` on a tab bar that shows More: as `selectTab`, with More's list between. The old
    /// tab (or nothing, from the More list) disappears and tab `index` appears; a tab from 4 on
    /// comes on screen pushed in the More navigation controller.
    mutating func selectTabWithMore(_ index: Int, of tabBar: Int) throws(CrashSignal) {
        let current = state[tabBar].selectedTab
        guard index != current else {
            emit(.note("tab \(index) is already selected"))
            return
        }
        let count = state.tabCount(of: tabBar)
        let old: [Int] = state.showsMoreList(tabBar) ? [] : state.tab(min(current, count - 1), of: tabBar).map { state.visibleChain(from: $0) } ?? []
        let new = state.tab(index, of: tabBar)!
        if index >= AppState.firstTabInMore {
            let how = state.showsMoreList(tabBar) ? "row \(index - AppState.firstTabInMore) of the More list" : "More, then row \(index - AppState.firstTabInMore) of its list"
            // UIKit moves a listed navigation controller's stack into the More navigation controller.
            let shows = info(of: new).container == .navigation ? "shows the stack of \(describe(new))" : "pushes \(describe(new))"
            emit(.note("\(describe(tabBar)) has \(count) tabs: on a phone it shows tabs 0 to 3 and More; \(how): the More navigation controller \(shows)"))
        }
        state[tabBar].selectedTab = index
        emit(.transition(.selectTab(new, index: index, of: tabBar)))
        let newChain = try loadVisibleChain(from: new)
        swapAppearance(from: old, to: newChain)
    }

    /// The tab bar whose More navigation controller `back` pops to its list from the front-most
    /// view controller: walking up, no navigation controller with more than its root comes
    /// first (its own back button would pop it), and a tab from 4 on of a tab bar showing More
    /// is reached. Nil otherwise.
    public func moreListBack() -> Int? {
        guard let front = state.frontmost else { return nil }
        var x: Int? = front
        while let v = x {
            if info(of: v).container == .navigation && state[v].childCount > 1 { return nil }
            guard let up = state[v].parent else { return nil }
            if info(of: up).container == .tabBar {
                let k = state[up].selectedTab
                return state.isInMore(tab: k, of: up) && state.tab(k, of: up) == v ? up : nil
            }
            x = up
        }
        return nil
    }

    /// A view controller listed in More with no navigation controller of its own has UIKit's
    /// More navigation controller as its `navigationController`, which `show` would push onto;
    /// flownav has no instance for it, so it says so where the show presents instead.
    mutating func noteMoreNavigationGap(_ source: Int) {
        var x = source
        while let up = state[x].parent {
            if info(of: up).container == .tabBar, state.isInMore(tab: state[up].selectedTab, of: up), state.tab(state[up].selectedTab, of: up) == x {
                emit(.note("\(describe(x)) is listed in More: in UIKit its navigationController is the More navigation controller, which would push; flownav does not model that stack and presents"))
                return
            }
            x = up
        }
    }

    /// `tab more`: the user taps the More item. UIKit shows what the More navigation controller
    /// shows; flownav keeps no stack for it once another tab is selected, so the list is shown
    /// (and a listed tab on screen is popped back to it, as tapping a selected tab pops to its
    /// root) [INF].
    mutating func showMoreList(of tabBar: Int) {
        if state.showsMoreList(tabBar) {
            emit(.note("the More list is already on screen"))
            return
        }
        if state.isInMore(tab: state[tabBar].selectedTab, of: tabBar) {
            backToMoreList(tabBar, by: "More, the selected tab")
            return
        }
        let count = state.tabCount(of: tabBar)
        let old = state.tab(min(state[tabBar].selectedTab, count - 1), of: tabBar).map { state.visibleChain(from: $0) } ?? []
        emit(.note("More: the More navigation controller shows its list of tabs \(AppState.firstTabInMore) to \(count - 1)"))
        state[tabBar].selectedTab = AppState.moreListSelection
        willDisappear(old)
        didDisappear(old)
    }

    /// `back` in the More navigation controller at a listed tab's root: it pops the tab and
    /// shows the list again. The tab's view controllers stay alive (the tab bar controller
    /// still holds them in `viewControllers`): they disappear.
    /// `by`: what the user touched, for the note.
    mutating func backToMoreList(_ tabBar: Int, by: String = "back") {
        let k = state[tabBar].selectedTab
        guard let shown = state.tab(k, of: tabBar) else { return }
        let old = state.visibleChain(from: shown)
        emit(.note("\(by): the More navigation controller pops \(describe(shown)) (tab \(k)) and shows its list of tabs \(AppState.firstTabInMore) to \(state.tabCount(of: tabBar) - 1)"))
        state[tabBar].selectedTab = AppState.moreListSelection
        willDisappear(old)
        didDisappear(old)
    }
}

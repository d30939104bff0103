@testable import FlowCheck
import FlowEngine
import FlowModel
import Foundation
import TestSupport
import Testing

/// `check` learns a command's outcome once per root and tab and reuses it (`Explorer`,
/// `TransitionTable`). These tests hold it to the engine: every reused outcome is run again
/// and compared, and the whole report must be the one an exploration that runs every
/// transition gives.
@Suite("Reused outcomes")
struct ReuseTests {
    /// Everything an exploration reports, timing aside, as text (so a difference reads well).
    static func outcome(_ flow: Flow, _ options: ExploreOptions, verify: Bool = false) -> (text: String, explorer: Explorer, transitions: Int) {
        var explorer = Explorer(flow: flow, options: options)
        explorer.verifyReuse = verify
        var coverage = explorer.run()
        coverage.seconds = 0
        coverage.bytesPerState = 0
        var lines = ["\(coverage)"]
        for p in explorer.problems {
            let path = (p.node >= 0 ? explorer.path(to: p.node) : []) + (p.command.map { [$0] } ?? [])
            lines.append("\(p.rule.id) \(p.key) | \(p.message) | \(path) | \(p.console) | \(String(describing: p.origin))")
        }
        return (lines.joined(separator: "\n"), explorer, coverage.transitions)
    }

    /// Explores with reuse (and again verifying each reused outcome) and without; returns how
    /// many transitions were reused, and how many there were.
    @discardableResult
    static func expectSame(_ flow: Flow, depth: Int, maxStates: Int = 20_000, perform: ExploreOptions.Perform = .manual,
                           sourceLocation: SourceLocation = #_sourceLocation) -> (reused: Int, transitions: Int) {
        let explorer = compared(flow, depth: depth, maxStates: maxStates, perform: perform, sourceLocation: sourceLocation)
        return (explorer.reusedTransitions, explorer.transitions)
    }

    /// `expectSame`'s comparisons; returns the explorer that reused.
    static func compared(_ flow: Flow, depth: Int, maxStates: Int = 20_000, perform: ExploreOptions.Perform = .manual,
                         sourceLocation: SourceLocation = #_sourceLocation) -> Explorer {
        let on = ExploreOptions(depth: depth, maxStates: maxStates, perform: perform, reuse: true)
        var off = on
        off.reuse = false
        let reused = outcome(flow, on)
        let verified = outcome(flow, on, verify: true)
        let plain = outcome(flow, off)
        #expect(verified.explorer.reuseMismatches == [], sourceLocation: sourceLocation)
        // Every outcome reused without verifying was compared with the engine's when verifying.
        #expect(verified.explorer.reuseChecks == reused.explorer.reusedTransitions, sourceLocation: sourceLocation)
        #expect(reused.text == plain.text, sourceLocation: sourceLocation)
        #expect(verified.text == plain.text, sourceLocation: sourceLocation)
        return reused.explorer
    }

    @Test("states kept from the level before rebuild nothing that replaying would not: the same report, fewer commands run again")
    func keptStates() throws {
        let flow = try Flows.seed("regressions/presentation-context.json")
        for reuse in [true, false] {
            let options = ExploreOptions(depth: 8, reuse: reuse)
            var replaying = Explorer(flow: flow, options: options)
            replaying.keptBudget = 0
            var kept = Explorer(flow: flow, options: options)
            var a = replaying.run(), b = kept.run()
            a.seconds = 0
            b.seconds = 0
            #expect("\(a)" == "\(b)")
            #expect(replaying.problems.map(\.message) == kept.problems.map(\.message))
            #expect(replaying.parent == kept.parent && replaying.edge == kept.edge)
            #expect(kept.replayed < replaying.replayed, "reuse \(reuse): \(kept.replayed) against \(replaying.replayed)")
        }
    }

    @Test("the transition table answers as a dictionary does, across its growth and replacements")
    func table() {
        var table = TransitionTable(capacity: 4)
        var reference: [[UInt32]: TransitionTable.Answer] = [:]
        var rng = SplitMix(7)
        let outcomes: [TransitionTable.Outcome] = [.state, .crash, .rejected, .runEachTime]
        for _ in 0..<20_000 {
            // Small ranges, so that keys repeat (replacements) and collide.
            let key = [UInt32(rng.int(0...30)), UInt32(rng.int(0...40)), UInt32(rng.int(0...50))]
            let answer = TransitionTable.Answer(outcome: outcomes[rng.int(0...3)], first: UInt32(rng.int(0...1_000)), second: UInt32(rng.int(0...1_000)))
            table.set(key[0], key[1], key[2], answer)
            reference[key] = answer
        }
        #expect(table.count == reference.count)
        var wrong: [[UInt32]] = []
        for a in 0...31 as ClosedRange<UInt32> {
            for b in 0...41 as ClosedRange<UInt32> {
                for c in 0...51 as ClosedRange<UInt32> {
                    let got = table.get(a, b, c), want = reference[[a, b, c]]
                    if !(got?.outcome == want?.outcome && got?.first == want?.first && got?.second == want?.second) { wrong.append([a, b, c]) }
                }
            }
        }
        #expect(wrong == [])
    }

    @Test("tab bar flows made from 16 seeds, on phone and pad: reusing gives the report running everything gives")
    func randomFlows() throws {
        var reused = 0, loaded = 0
        for seed in 1...16 as ClosedRange<UInt64> {
            var generator = RandomTabFlow(seed: seed)
            let text = generator.json()
            let loadedFlow: LoadedFlow
            switch FlowLoader.load(text: text, file: "random\(seed).json") {
            case .success(let l): loadedFlow = l
            case .failure(let e):
                Issue.record("seed \(seed) did not load: \(e.diagnostics.map(\.description).joined(separator: "\n"))")
                continue
            }
            loaded += 1
            // Both layouts of their split views: collapsed (phone) and both columns (pad, where
            // every visible column's controls are tried).
            var flow = loadedFlow.flow
            flow.device = seed % 4 < 2 ? .pad : .phone
            reused += Self.expectSame(flow, depth: 6, maxStates: 3_000, perform: seed % 2 == 0 ? .all : .manual).reused
        }
        #expect(loaded == 16)
        // Not vacuous: most of these flows' transitions are reused.
        #expect(reused > 10_000)
    }

    /// A random tab flow in which every navigation controller defines a presentation context
    /// and the form sheets are presented over the current context.
    static func withContexts(seed: UInt64, root: RandomTabFlow.Root) -> String {
        var generator = RandomTabFlow(seed: seed, root: root)
        return generator.json()
            .replacingOccurrences(of: #""class": "UINavigationController" }"#, with: #""class": "UINavigationController", "definesPresentationContext": true }"#)
            .replacingOccurrences(of: #""modalPresentationStyle": "formSheet""#, with: #""modalPresentationStyle": "overCurrentContext""#)
    }

    @Test("the same flows with presentation contexts: every navigation controller defines one, sheets are overCurrentContext")
    func randomContexts() throws {
        var contexts = 0
        for seed in 1...8 as ClosedRange<UInt64> {
            let text = Self.withContexts(seed: seed, root: seed % 2 == 0 ? .tabs : .firstTab)
            guard case .success(let loaded) = FlowLoader.load(text: text, file: "random\(seed).json") else {
                Issue.record("seed \(seed) did not load")
                continue
            }
            // A context style beside a navigation controller that defines the context.
            if text.contains("definesPresentationContext") && (text.contains(#""currentContext""#) || text.contains(#""overCurrentContext""#)) { contexts += 1 }
            _ = Self.expectSame(loaded.flow, depth: 6, maxStates: 3_000, perform: seed % 2 == 0 ? .all : .manual)
        }
        #expect(contexts > 4)
        _ = Self.expectSame(try Flows.seed("regressions/presentation-context.json"), depth: 8)
    }

    @Test("the same flows with other roots (a stack, a screen, a split view, a modal): chain keys reuse as much")
    func randomRoots() throws {
        var reused = 0, transitions = 0
        for seed in 1...16 as ClosedRange<UInt64> {
            var generator = RandomTabFlow(seed: seed, root: seed % 4 == 0 ? .modal : .firstTab)
            let text = generator.json()
            guard case .success(let loaded) = FlowLoader.load(text: text, file: "random\(seed).json") else {
                Issue.record("seed \(seed) did not load")
                continue
            }
            let r = Self.expectSame(loaded.flow, depth: 7, maxStates: 3_000, perform: seed % 2 == 0 ? .all : .manual)
            reused += r.reused
            transitions += r.transitions
        }
        #expect(reused * 2 > transitions, "\(reused) of \(transitions) reused")
    }

    /// The benchmark's stack and modal shapes (`gen-nav.py`, `gen-modal.py`), small: `navs`
    /// navigation controllers of `scenes` scenes, each with `shows` show segues in its stack and
    /// `presents` presentations of the others (fullScreen and pageSheet in turn).
    static func shape(navs: Int, scenes: Int, shows: Int, presents: Int) throws -> Flow {
        var sc: [String] = [], sg: [String] = []
        for m in 0..<navs {
            sc.append(#""m\#(m)": { "class": "UINavigationController" }"#)
            sg.append(#"{ "source": "m\#(m)", "destination": "m\#(m)_0", "kind": "relationship", "relationship": "rootViewController" }"#)
            for s in 0..<scenes {
                sc.append(#""m\#(m)_\#(s)": { "class": "UIViewController" }"#)
                for k in 0..<shows {
                    sg.append(#"{ "id": "Go\#(k)", "source": "m\#(m)_\#(s)", "destination": "m\#(m)_\#((s * 7 + k * 3 + 1) % scenes)", "kind": "show" }"#)
                }
                for p in 0..<presents {
                    let style = p % 2 == 0 ? "fullScreen" : "pageSheet"
                    sg.append(#"{ "id": "Present\#(p)", "source": "m\#(m)_\#(s)", "destination": "m\#((m + p + 1) % navs)", "kind": "presentation", "modalPresentationStyle": "\#(style)" }"#)
                }
            }
        }
        return try Flows.load(#""initial": "m0", "scenes": { \#(sc.joined(separator: ", ")) }, "segues": [ \#(sg.joined(separator: ", ")) ]"#)
    }

    @Test("a navigation stack and modal presentations of stacks: chain keys, and nearly every transition is reused")
    func chainShapes() throws {
        for (flow, depth) in [(try Self.shape(navs: 1, scenes: 8, shows: 3, presents: 0), 7), (try Self.shape(navs: 3, scenes: 5, shows: 2, presents: 2), 6)] {
            let (reused, transitions) = Self.expectSame(flow, depth: depth, maxStates: 100_000)
            #expect(reused * 10 > transitions * 8, "\(reused) of \(transitions) reused")
        }
    }

    /// `tap open from header`: a command on an embedded child (not the front-most) names the
    /// child by its place in the visible chain, so it is learnt once per spine like the front-most
    /// scene's own commands (by address, every state with such a command ran in the engine).
    @Test("commands on other view controllers of the visible chain are reused, named by place")
    func commandsByPlace() throws {
        var scenes: [String] = [#""nav": { "class": "UINavigationController" }"#, #""sheet": { "class": "UIViewController", "controls": ["close"] }"#]
        var segues: [String] = [#"{ "source": "nav", "destination": "page0", "kind": "relationship", "relationship": "rootViewController" }"#]
        for i in 0..<4 {
            scenes.append(#""page\#(i)": { "class": "UIViewController", "controls": ["next"] }"#)
            scenes.append(#""header\#(i)": { "class": "HeaderViewController", "controls": ["open", "info"] }"#)
            segues.append(#"{ "source": "page\#(i)", "destination": "header\#(i)", "kind": "embed" }"#)
            segues.append(#"{ "source": "page\#(i)", "destination": "page\#((i + 1) % 4)", "kind": "show", "trigger": "control:next" }"#)
            segues.append(#"{ "source": "header\#(i)", "destination": "page\#((i + 2) % 4)", "kind": "show", "trigger": "control:open" }"#)
            segues.append(#"{ "source": "header\#(i)", "destination": "sheet", "kind": "presentation", "trigger": "control:info" }"#)
        }
        let flow = try Flows.load(#""initial": "nav", "scenes": { \#(scenes.joined(separator: ", ")) }, "segues": [ \#(segues.joined(separator: ", ")) ]"#)
        let (reused, transitions) = Self.expectSame(flow, depth: 7, maxStates: 50_000)
        #expect(reused * 10 > transitions * 7, "\(reused) of \(transitions) reused")
        let explorer = Self.outcome(flow, ExploreOptions(depth: 7, maxStates: 50_000)).explorer
        #expect(explorer.commandTable.contains { if case .tap("open", let on) = $0 { on.map { $0 < 0 } ?? false } else { false } })
        // Reported paths give the receiver by address, as the shell takes it.
        let deepest = Int32(explorer.visited.count - 1)
        #expect(!explorer.path(to: deepest).contains { Explorer.receiver(of: $0).map { $0 < 0 } ?? false })
    }

    /// A tab bar that is not the window's root (chain keys): a tab switch changes the tab it
    /// leaves and the tab it shows and puts the other tabs back unchanged, so it is learnt in
    /// halves (`ExplorerTabHalves`), not once per combination of the tabs' stacks.
    @Test("a presented tab bar's tab switches are learnt in halves: what a tab shows, by the tab bar and that tab; what it leaves, by the spine and its stack")
    func tabSwitchesInHalves() throws {
        var scenes: [String] = [#""start": { "class": "UIViewController", "controls": ["go"] }"#, #""tabs": { "class": "UITabBarController" }"#]
        var segues: [String] = [#"{ "source": "start", "destination": "tabs", "kind": "presentation", "trigger": "control:go", "modalPresentationStyle": "fullScreen" }"#]
        for t in 0..<4 {
            scenes.append(#""nav\#(t)": { "class": "UINavigationController" }"#)
            segues.append(#"{ "source": "tabs", "destination": "nav\#(t)", "kind": "relationship", "relationship": "viewControllers" }"#)
            segues.append(#"{ "source": "nav\#(t)", "destination": "s\#(t)_0", "kind": "relationship", "relationship": "rootViewController" }"#)
            for i in 0..<3 {
                scenes.append(#""s\#(t)_\#(i)": { "class": "UIViewController", "controls": ["a"] }"#)
                segues.append(#"{ "source": "s\#(t)_\#(i)", "destination": "s\#(t)_\#((i + 1) % 3)", "kind": "show", "trigger": "control:a" }"#)
            }
        }
        let flow = try Flows.load(#""initial": "start", "scenes": { \#(scenes.joined(separator: ", ")) }, "segues": [ \#(segues.joined(separator: ", ")) ]"#)
        let (reused, transitions) = Self.expectSame(flow, depth: 9, maxStates: 100_000)
        let explorer = Self.outcome(flow, ExploreOptions(depth: 9, maxStates: 100_000)).explorer
        #expect(explorer.chainPass.contains { $0 != 0 })
        #expect(explorer.chainRecords.count * 8 < transitions, "\(explorer.chainRecords.count) records for \(transitions) transitions")
        #expect(reused * 10 > transitions * 9, "\(reused) of \(transitions) reused")
        // Every spine with the tab bar on it learns its switches in halves, and each switch that
        // ran taught one: none ran because its halves were contradicted or not of that shape.
        #expect(explorer.spineTabs.count > 0 && explorer.tabShowList.count > 0)
        #expect(explorer.tabSwitchRuns <= explorer.tabShowList.count + explorer.tabLeaves.count,
                "\(explorer.tabSwitchRuns) runs for \(explorer.tabShowList.count) + \(explorer.tabLeaves.count) halves")
    }

    @Test("presented tab bars whose tabs present over their context: switches learnt in halves, and the spine reaches a presentation through the view controller it covers")
    func presentedTabsWithContexts() throws {
        var shows = 0
        for seed in 1...8 as ClosedRange<UInt64> {
            let text = Self.withContexts(seed: seed, root: .presented)
            guard case .success(let loaded) = FlowLoader.load(text: text, file: "random\(seed).json") else {
                Issue.record("seed \(seed) did not load")
                continue
            }
            // Seed 1 presents over the current context from a tab's stack, then pushes in the
            // presented stack: with the covered stack left off the spine, every state of that
            // spine took the commands of the first (no back) and the report lost transitions.
            shows += Self.compared(loaded.flow, depth: 7, maxStates: 4_000, perform: seed % 2 == 0 ? .all : .manual).tabShowList.count
        }
        #expect(shows > 0)
    }

    @Test("the shop flow and its broken variants")
    func shopFlow() throws {
        let variants: [[(String, String)]] = [
            [],
            [(#""set": { "cart": "self.cart" }"#, #""set": {}"#)],
            [(#""modalPresentationStyle": "formSheet""#, #""modalPresentationStyle": "fullScreen""#)],
        ]
        for v in variants {
            let flow = try Flows.load(ShopFlow.body(v))
            Self.expectSame(flow, depth: 8)
            Self.expectSame(flow, depth: 8, perform: .all)
        }
    }

    @Test("the bundled flows (chain keys: reused, and nothing changes)")
    func bundledFlows() throws {
        #expect(PackagePaths.bundledFlows.count == 9)
        var reused = 0
        for name in PackagePaths.bundledFlows {
            reused += Self.expectSame(try Flows.seed(name), depth: 10).reused
        }
        #expect(reused > 0)
    }

    @Test("a tab bar of stacks: keys are split, and nearly every transition is reused")
    func stacks() throws {
        var scenes: [String] = [#""tabs": { "class": "UITabBarController" }"#]
        var segues: [String] = []
        for t in 0..<3 {
            scenes.append(#""nav\#(t)": { "class": "UINavigationController" }"#)
            segues.append(#"{ "source": "tabs", "destination": "nav\#(t)", "kind": "relationship", "relationship": "viewControllers" }"#)
            segues.append(#"{ "source": "nav\#(t)", "destination": "s\#(t)_0", "kind": "relationship", "relationship": "rootViewController" }"#)
            for i in 0..<4 {
                scenes.append(#""s\#(t)_\#(i)": { "class": "UIViewController", "controls": ["a", "b"] }"#)
                segues.append(#"{ "id": "A", "source": "s\#(t)_\#(i)", "destination": "s\#(t)_\#((i + 1) % 4)", "kind": "show", "trigger": "control:a" }"#)
                segues.append(#"{ "id": "B", "source": "s\#(t)_\#(i)", "destination": "s\#(t)_\#((i + 2) % 4)", "kind": "show", "trigger": "control:b" }"#)
            }
        }
        let flow = try Flows.load(#""initial": "tabs", "scenes": { \#(scenes.joined(separator: ", ")) }, "segues": [ \#(segues.joined(separator: ", ")) ]"#)
        let (reused, transitions) = Self.expectSame(flow, depth: 8)
        #expect(reused * 10 > transitions * 8, "\(reused) of \(transitions) reused")
    }
}

/// Unwinds in chain keys (`ExplorerUnwind`): learnt from the top layer and the layers below
/// that their search reached, and reused for states whose other layers differ.
extension ReuseTests {
    /// `levels` navigation controllers, each presented full screen from the one below. Level
    /// i's root (class `L<i>`) implements `unwindToL<i>(_:)`; each scene of level i pushes the
    /// other one of its level (the root's class again from the second), presents level i + 1,
    /// unwinds to every level at or below its own (`to0` … `to<i>`), to the nearest pushed
    /// scene (class `P`; `toP`: how far down it is found depends on the layers below), and to
    /// an action that `L0` implements but refuses (`lost`: found nowhere); without `found`,
    /// only `lost`.
    static func layers(_ levels: Int, found: Bool = true) throws -> Flow {
        var classes = [#""P": { "unwindActions": ["unwindToP(_:)"] }"#], scenes: [String] = [], segues: [String] = []
        for i in 0..<levels {
            let refuses = i == 0 ? #", "unwindToNowhere(_:)"], "canPerformUnwind": { "unwindToNowhere(_:)": "never" }"# : "]"
            classes.append(#""L\#(i)": { "unwindActions": ["unwindToL\#(i)(_:)"\#(refuses) }"#)
            var controls = ["push"]
            if i + 1 < levels { controls.append("present") }
            if found { controls += (0...i).map { "to\($0)" } + ["toP"] }
            controls.append("lost")
            let list = controls.map { "\"\($0)\"" }.joined(separator: ", ")
            scenes.append(#""nav\#(i)": { "class": "UINavigationController" }"#)
            scenes.append(#""r\#(i)": { "class": "L\#(i)", "controls": [\#(list)] }"#)
            scenes.append(#""p\#(i)": { "class": "P", "controls": [\#(list)] }"#)
            segues.append(#"{ "source": "nav\#(i)", "destination": "r\#(i)", "kind": "relationship", "relationship": "rootViewController" }"#)
            for (from, to) in [("r\(i)", "p\(i)"), ("p\(i)", "r\(i)")] {
                segues.append(#"{ "source": "\#(from)", "destination": "\#(to)", "kind": "show", "trigger": "control:push" }"#)
                if i + 1 < levels {
                    segues.append(#"{ "source": "\#(from)", "destination": "nav\#(i + 1)", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" }"#)
                }
                for k in 0...i where found {
                    segues.append(#"{ "source": "\#(from)", "kind": "unwind", "unwindAction": "unwindToL\#(k)(_:)", "trigger": "control:to\#(k)" }"#)
                }
                if found { segues.append(#"{ "source": "\#(from)", "kind": "unwind", "unwindAction": "unwindToP(_:)", "trigger": "control:toP" }"#) }
                segues.append(#"{ "source": "\#(from)", "kind": "unwind", "unwindAction": "unwindToNowhere(_:)", "trigger": "control:lost" }"#)
            }
        }
        return try Flows.load(#""initial": "nav0", "classes": { \#(classes.joined(separator: ", ")) }, "scenes": { \#(scenes.joined(separator: ", ")) }, "segues": [ \#(segues.joined(separator: ", ")) ]"#)
    }

    @Test("unwinds within a layer and across one and two presentations: reused, and the report is the one running them gives")
    func unwindsAcrossLayers() throws {
        let explorer = Self.compared(try Self.layers(4), depth: 7, maxStates: 50_000)
        // Reused to a lower view controller of the same stack (no layer taken off), out of one
        // presentation and out of two, for states whose layers below differ.
        #expect(explorer.reusedUnwinds.count == 3, "\(explorer.reusedUnwinds)")
        #expect(explorer.reusedUnwinds.allSatisfy { $0 > 0 }, "\(explorer.reusedUnwinds)")
        // The unwind found nowhere ran, and said so.
        #expect(explorer.problems.contains { $0.message.contains("unwindToNowhere:") })
    }

    @Test("an unwind found nowhere runs each time: its note names what the whole tree holds")
    func unwindNotFound() throws {
        let flow = try Self.layers(3, found: false)
        let explorer = Self.compared(flow, depth: 7, maxStates: 50_000)
        #expect(explorer.reusedUnwinds == [])
        #expect(explorer.reusedTransitions > 0)
        #expect(explorer.problems.contains { $0.message.contains("unwindToNowhere:") }, "\(explorer.problems.map(\.message))")
    }

    @Test("an unwind that searches the tabs of a presented tab bar: the tab not shown is in the key, and it is reused")
    func unwindSearchesTabs() throws {
        let flow = try Flows.load(#"""
        "initial": "nav",
        "classes": {
          "Home": { "unwindActions": ["unwindToHome(_:)"] },
          "A": { "unwindActions": ["unwindToA(_:)"] }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "Home", "controls": ["push", "present"] },
          "more": { "class": "UIViewController", "controls": ["push", "present"] },
          "tabs": { "class": "UITabBarController" },
          "navA": { "class": "UINavigationController" },
          "navB": { "class": "UINavigationController" },
          "a0": { "class": "A", "controls": ["push"] },
          "a1": { "class": "UIViewController", "controls": ["toA", "toHome"] },
          "b0": { "class": "UIViewController", "controls": ["push"] },
          "b1": { "class": "UIViewController", "controls": ["toA", "toHome", "push"] }
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "home", "destination": "more", "kind": "show", "trigger": "control:push" },
          { "source": "more", "destination": "home", "kind": "show", "trigger": "control:push" },
          { "source": "home", "destination": "tabs", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "more", "destination": "tabs", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "tabs", "destination": "navA", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "navB", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "navA", "destination": "a0", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navB", "destination": "b0", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "a0", "destination": "a1", "kind": "show", "trigger": "control:push" },
          { "source": "b0", "destination": "b1", "kind": "show", "trigger": "control:push" },
          { "source": "b1", "destination": "b0", "kind": "show", "trigger": "control:push" },
          { "source": "a1", "kind": "unwind", "unwindAction": "unwindToA(_:)", "trigger": "control:toA" },
          { "source": "b1", "kind": "unwind", "unwindAction": "unwindToA(_:)", "trigger": "control:toA" },
          { "source": "a1", "kind": "unwind", "unwindAction": "unwindToHome(_:)", "trigger": "control:toHome" },
          { "source": "b1", "kind": "unwind", "unwindAction": "unwindToHome(_:)", "trigger": "control:toHome" }
        ]
        """#)
        let explorer = Self.compared(flow, depth: 8, maxStates: 50_000)
        // From tab B to tab A's root (the tab bar selects it), for states whose stack below
        // differs.
        #expect(explorer.reusedUnwinds.first.map { $0 > 0 } ?? false, "\(explorer.reusedUnwinds)")
    }
}

extension ReuseTests {
    @Test("an unwind whose search goes further down than its first run's did: not reused from a key that leaves that layer out")
    func unwindReadsFurther() throws {
        // The top stack (t) is first reached over A's stack, whose root implements the action:
        // its unwind reads one layer below. Over B's stack, it reads two, and what it does
        // depends on the bottom layer, which a key of one layer below leaves out: the scene
        // pushed there takes it, or else the root, which says yes to an action it lacks (a
        // crash, which takes no layer off).
        let flow = try Flows.load(#"""
        "initial": "nav",
        "classes": {
          "Root": { "canPerformUnwind": { "unwindToP(_:)": "always" } },
          "P": { "unwindActions": ["unwindToP(_:)"] }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "root": { "class": "Root", "controls": ["push", "present", "presentAlt"] },
          "p": { "class": "P", "controls": ["present", "presentAlt"] },
          "navA": { "class": "UINavigationController" },
          "navB": { "class": "UINavigationController" },
          "navT": { "class": "UINavigationController" },
          "a": { "class": "P", "controls": ["present"] },
          "b": { "class": "UIViewController", "controls": ["present"] },
          "t": { "class": "UIViewController", "controls": ["toP"] }
        },
        "segues": [
          { "source": "nav", "destination": "root", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navA", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navB", "destination": "b", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navT", "destination": "t", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "root", "destination": "p", "kind": "show", "trigger": "control:push" },
          { "source": "root", "destination": "navA", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "root", "destination": "navB", "kind": "presentation", "trigger": "control:presentAlt", "modalPresentationStyle": "fullScreen" },
          { "source": "p", "destination": "navA", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "p", "destination": "navB", "kind": "presentation", "trigger": "control:presentAlt", "modalPresentationStyle": "fullScreen" },
          { "source": "a", "destination": "navT", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "b", "destination": "navT", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "t", "kind": "unwind", "unwindAction": "unwindToP(_:)", "trigger": "control:toP" }
        ]
        """#)
        let explorer = Self.compared(flow, depth: 6)
        // Over A's stack, whatever the bottom holds: reused, one layer taken off.
        #expect(explorer.reusedUnwinds.count > 1 && explorer.reusedUnwinds[1] > 0, "\(explorer.reusedUnwinds)")
    }
}

extension ReuseTests {
    /// The states of `explorer` whose last command was `tap present` (and that were expanded).
    static func presenting(_ explorer: Explorer) -> Int {
        (0..<explorer.expanded).filter { explorer.path(to: Int32($0)).last.map { "\($0)".contains("present") } ?? false }.count
    }

    /// Stacks of a and b, in every order, under home; each presents the modal (or, `throughX`,
    /// x's stack, which presents the modal), whose Done unwinds to the stack's top (P
    /// implements the action).
    static func stacksOfP(throughX: Bool) throws -> Flow {
        let first = throughX ? "navX" : "navM"
        let x = throughX ? """

          "navX": { "class": "UINavigationController" },
          "x": { "class": "UIViewController", "controls": ["present"] },
        """ : ""
        let xSegues = throughX ? """

          { "source": "navX", "destination": "x", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "x", "destination": "navM", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
        """ : ""
        return try Flows.load(#"""
        "initial": "nav",
        "classes": {
          "P": { "unwindActions": ["unwindToP(_:)"] }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "UIViewController", "controls": ["toA", "toB"] },
          "a": { "class": "P", "controls": ["toA", "toB", "present"] },
          "b": { "class": "P", "controls": ["toA", "toB", "present"] },\#(x)
          "navM": { "class": "UINavigationController" },
          "m": { "class": "UIViewController", "controls": ["done"] }
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navM", "destination": "m", "kind": "relationship", "relationship": "rootViewController" },\#(xSegues)
          { "source": "home", "destination": "a", "kind": "show", "trigger": "control:toA" },
          { "source": "home", "destination": "b", "kind": "show", "trigger": "control:toB" },
          { "source": "a", "destination": "a", "kind": "show", "trigger": "control:toA" },
          { "source": "a", "destination": "b", "kind": "show", "trigger": "control:toB" },
          { "source": "b", "destination": "a", "kind": "show", "trigger": "control:toA" },
          { "source": "b", "destination": "b", "kind": "show", "trigger": "control:toB" },
          { "source": "a", "destination": "\#(first)", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "b", "destination": "\#(first)", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "m", "kind": "unwind", "unwindAction": "unwindToP(_:)", "trigger": "control:done" }
        ]
        """#)
    }

    @Test("an unwind out of a presentation is keyed by the view controllers its search asked below: not learnt again for every stack")
    func unwindPicks() throws {
        // Stacks of a and b, in every order; each presents the modal, whose Done unwinds to the
        // stack's top (P implements the action). The search asks the navigation controller and
        // its top, never the rest of the stack.
        let flow = try Self.stacksOfP(throughX: false)
        let explorer = Self.compared(flow, depth: 8)
        let runs = Self.presenting(explorer) - explorer.reusedUnwinds[1]
        // Learnt once per stack height (1 to 6) and top (a or b): 12 runs, where a key of the
        // whole stack learnt it once for each of the 126 stacks.
        #expect(Self.presenting(explorer) == 126)
        #expect(runs == 12, "\(explorer.reusedUnwinds)")
        #expect(explorer.unwindPickList == [])
    }

    /// Home presents a tab bar of three stacks (navA, navB, navC: a, b, c); b presents the
    /// modal, whose Done unwinds to `owner` (a or b, whose class implements the action). c
    /// and `stacked` (a or b) push themselves.
    static func presentedTabs(owner: String, stacked: String) throws -> Flow {
        let owning = owner.uppercased()
        func scene(_ name: String, _ controls: [String]) -> String {
            let cls = name == owner ? owning : "UIViewController"
            let all = controls + (name == stacked ? ["push"] : [])
            return all.isEmpty ? #"{ "class": "\#(cls)" }"# : #"{ "class": "\#(cls)", "controls": [\#(all.map { "\"\($0)\"" }.joined(separator: ", "))] }"#
        }
        return try Flows.load(#"""
        "initial": "nav",
        "classes": {
          "\#(owning)": { "unwindActions": ["unwindTo\#(owning)(_:)"] }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "UIViewController", "controls": ["present"] },
          "tabs": { "class": "UITabBarController" },
          "navA": { "class": "UINavigationController" },
          "navB": { "class": "UINavigationController" },
          "navC": { "class": "UINavigationController" },
          "a": \#(scene("a", [])),
          "b": \#(scene("b", ["present"])),
          "c": { "class": "UIViewController", "controls": ["push"] },
          "navM": { "class": "UINavigationController" },
          "m": { "class": "UIViewController", "controls": ["done"] }
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "home", "destination": "tabs", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "tabs", "destination": "navA", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "navB", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "navC", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "navA", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navB", "destination": "b", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navC", "destination": "c", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navM", "destination": "m", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "\#(stacked)", "destination": "\#(stacked)", "kind": "show", "trigger": "control:push" },
          { "source": "c", "destination": "c", "kind": "show", "trigger": "control:push" },
          { "source": "b", "destination": "navM", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "m", "kind": "unwind", "unwindAction": "unwindTo\#(owning)(_:)", "trigger": "control:done" }
        ]
        """#)
    }

    @Test("an unwind whose search asks a hidden tab before the destination: that tab is in the key, the tab it never asks is not")
    func unwindPicksAsked() throws {
        // A presented tab bar: tab B's root presents the modal. The search asks the tab bar's
        // tabs in order: tab A (hidden, asked, it says no), then tab B, whose root takes it. Tab
        // C comes after: never asked.
        let flow = try Self.presentedTabs(owner: "b", stacked: "a")
        let explorer = Self.compared(flow, depth: 9)
        // Less the state that presents the tab bar.
        let runs = Self.presenting(explorer) - 1 - explorer.reusedUnwinds[1]
        // Tab A, the first hidden unit of the tab bar's layer (the second from its list's end), is picked.
        #expect(explorer.unwindPickList == [1], "\(explorer.unwindPickList)")
        // Learnt once per content of tab A (never shown, shown, and one to four pushed), not
        // once per pair of tab A's and tab C's (21).
        #expect(Self.presenting(explorer) - 1 == 21)
        #expect(runs == 6, "\(explorer.reusedUnwinds)")
    }
}

extension ReuseTests {
    @Test("an unwind that selects the hidden tab it finds: learnt per tab it asks and tab it leaves, the tab it never reads passes through")
    func unwindPicksReturn() throws {
        // Tab B presents the modal; Done unwinds to A, tab A's root: the search asks tab A
        // first, and the tab bar selects it. Tab B, with what its stack held, becomes a hidden
        // tab (changed: in the key); tab C, never asked, stays as it was, whatever it holds.
        let flow = try Self.presentedTabs(owner: "a", stacked: "b")
        let explorer = Self.compared(flow, depth: 9)
        let presenting = Self.presenting(explorer) - 1
        let runs = presenting - explorer.reusedUnwinds[1]
        // Learnt once per content of tab B (its stack one to six deep), not once per pair of
        // tab B's and tab C's (21).
        #expect(presenting == 21)
        #expect(runs == 6, "\(explorer.reusedUnwinds)")
        #expect(explorer.chainRecords.filter { $0.kind == .returns }.count == 6)
        // Each key: tab A (the second unit from the list's end) and the units of tab B's stack below its top.
        #expect(explorer.unwindPickList.prefix(3) == [1, 1, 2], "\(explorer.unwindPickList)")
    }
}

extension ReuseTests {
    @Test("an unwind that climbs two layers: keyed by the spines it climbed through and what it asked, not by the stacks below")
    func unwindPicksTwoLayers() throws {
        // Stacks of a and b (P, which implements the action) present x's stack, which presents
        // the modal: Done climbs through x's layer (x does not implement it) to the stack's top.
        let flow = try Self.stacksOfP(throughX: true)
        let explorer = Self.compared(flow, depth: 9)
        // The states that show the modal: their last two commands present.
        let modal = (0..<explorer.expanded).filter {
            let path = explorer.path(to: Int32($0))
            return path.count >= 2 && path.suffix(2).allSatisfy { "\($0)".contains("present") }
        }.count
        let reused = explorer.reusedUnwinds.count > 2 ? explorer.reusedUnwinds[2] : 0
        // Learnt once per stack height (1 to 6) and top (a or b): 12 runs, where a key of the
        // whole layers learnt it once for each of the 126 stacks.
        #expect(modal == 126)
        #expect(modal - reused == 12, "\(explorer.reusedUnwinds)")
    }

    @Test("an unwind whose first run climbed through one modal learns again, with the spines of every layer, where more modals stand between")
    func unwindPicksDeeperShape() throws {
        // Home presents a tab bar; its tab b presents x's stack directly or through y's; x
        // presents the modal, whose Done finds the action in tab a (not shown): the search asks
        // tab a's unit in the tab bar's layer, not tab c's stack of c and d. The first run (b,
        // x, modal) picked that unit two layers down; from (b, y, x, modal) that layer is y's,
        // which holds no unit, so the pick falls outside it.
        let flow = try Flows.load(#"""
        "initial": "nav",
        "classes": {
          "P": { "unwindActions": ["unwindToP(_:)"] }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "UIViewController", "controls": ["present"] },
          "tabs": { "class": "UITabBarController" },
          "navA": { "class": "UINavigationController" },
          "navB": { "class": "UINavigationController" },
          "navC": { "class": "UINavigationController" },
          "a": { "class": "P" },
          "b": { "class": "UIViewController", "controls": ["present", "presentY"] },
          "c": { "class": "UIViewController", "controls": ["push", "pushD"] },
          "d": { "class": "UIViewController", "controls": ["push", "pushD"] },
          "navX": { "class": "UINavigationController" },
          "x": { "class": "UIViewController", "controls": ["present"] },
          "navY": { "class": "UINavigationController" },
          "y": { "class": "UIViewController", "controls": ["present"] },
          "navM": { "class": "UINavigationController" },
          "m": { "class": "UIViewController", "controls": ["done"] }
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "home", "destination": "tabs", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "tabs", "destination": "navA", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "navB", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "tabs", "destination": "navC", "kind": "relationship", "relationship": "viewControllers" },
          { "source": "navA", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navB", "destination": "b", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navC", "destination": "c", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navX", "destination": "x", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navY", "destination": "y", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "navM", "destination": "m", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "c", "destination": "c", "kind": "show", "trigger": "control:push" },
          { "source": "c", "destination": "d", "kind": "show", "trigger": "control:pushD" },
          { "source": "d", "destination": "c", "kind": "show", "trigger": "control:push" },
          { "source": "d", "destination": "d", "kind": "show", "trigger": "control:pushD" },
          { "source": "b", "destination": "navX", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "b", "destination": "navY", "kind": "presentation", "trigger": "control:presentY", "modalPresentationStyle": "fullScreen" },
          { "source": "y", "destination": "navX", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "x", "destination": "navM", "kind": "presentation", "trigger": "control:present", "modalPresentationStyle": "fullScreen" },
          { "source": "m", "kind": "unwind", "unwindAction": "unwindToP(_:)", "trigger": "control:done" }
        ]
        """#)
        let explorer = Self.compared(flow, depth: 13, maxStates: 50_000)
        // The modal above y's and x's layers: Done takes three layers off.
        let deep = (0..<explorer.expanded).filter {
            let path = explorer.path(to: Int32($0)).map { "\($0)" }
            return path.count >= 3 && path[path.count - 3].contains("presentY") && path.suffix(2).allSatisfy { $0.contains("present") }
        }.count
        let reused = explorer.reusedUnwinds.count > 3 ? explorer.reusedUnwinds[3] : 0
        // Before, each of these ran (its whole layers' key had read more than it holds).
        #expect(deep >= 100)
        #expect(deep - reused <= 2, "\(deep) states, \(explorer.reusedUnwinds)")
    }
}

/// Tab bar flows made from a seed, for the tests of reused outcomes: tabs of navigation
/// controllers (or bare screens, a tab bar or a split view controller inside a tab) with show,
/// show-detail, cell, manual, presentation (of every style that changes what disappears),
/// unwind and embed segues, segue actions (returning nil without a selection), a
/// `shouldPerformSegue`, code actions that present, push, dismiss, pop and perform,
/// dependencies that are injected or not, and traps. Nobody wrote them by hand, so they reach states no hand-written flow does.
struct RandomTabFlow {
    private var rng: SplitMix

    /// Which scene the window shows first: the tab bar, what its first tab holds (a stack, a
    /// screen, a split view or an inner tab bar), the first modal (so that every root shape,
    /// not only a tab bar of tabs, is explored), or a screen that presents the tab bar full
    /// screen (so that the tab bar is on the spine of a chain key).
    enum Root { case tabs, firstTab, modal, presented }
    private let root: Root

    init(seed: UInt64, root: Root = .tabs) {
        rng = SplitMix(seed)
        self.root = root
    }

    static let classes = """
      "Screen": {},
      "Elsewhere": { "unwindActions": ["unwindNowhere(_:)"] },
      "List": { "superclass": "UITableViewController" },
      "Needy": { "dependencies": { "item": { "type": "Item", "injection": "optional" } }, "viewDidLoad": { "uses": ["item"], "line": 5 } },
      "Strict": { "dependencies": { "model": { "type": "Model", "injection": "implicitlyUnwrapped" } }, "viewDidLoad": { "uses": ["model"], "line": 7 } },
      "Feeder": {
        "prepare": [ { "as": "Needy", "set": { "item": "Item()" } }, { "as": "Strict", "set": { "model": "Model()" } } ],
        "unwindActions": ["unwindHere(_:)"]
      },
      "Home": {
        "superclass": "UITableViewController",
        "unwindActions": ["unwindHome(_:)"],
        "actions": { "presentInCode()": { "do": "present", "class": "Screen" }, "pushInCode()": { "do": "push", "class": "Needy" } }
      },
      "Built": {
        "dependencies": { "item": { "type": "Item", "injection": "initializer" } },
        "initializers": { "init(coder:item:)": { "sets": ["item"], "callsSuper": "init(coder:)" } },
        "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 12 },
        "viewDidLoad": { "uses": ["item"], "line": 17 }
      },
      "Maker": {
        "superclass": "UITableViewController",
        "segueActions": {
          "makeBuilt(coder:sender:segueIdentifier:)": {
            "returns": "Built", "initializer": "init(coder:item:)", "arguments": { "item": "Item()" }, "nilWhen": "noSelection"
          }
        },
        "shouldPerform": { "G0": "selection" }
      },
      "Coder": {
        "unwindActions": ["unwindHere(_:)"],
        "actions": {
          "close()": { "do": "dismiss" }, "popIt()": { "do": "pop" }, "goFirst()": { "do": "performSegue", "segue": "G0" },
          "typo()": { "do": "performSegue", "segue": "g0" }, "showInCode()": { "do": "show", "class": "Strict" }
        }
      }
    """

    static let pool = ["Screen", "List", "Needy", "Strict", "Feeder", "Home", "Coder", "Maker"]
    static let unwinds = ["unwindHome(_:)", "unwindHere(_:)", "unwindNowhere(_:)"]
    static let styles = [nil, "fullScreen", "formSheet", "currentContext"]

    /// The flow's JSON text.
    mutating func json() -> String {
        var scenes = ["\"tabs\": { \"class\": \"UITabBarController\" }"]
        var segues: [String] = []
        let tabs = rng.int(2...4)
        var modals: [String] = []
        for m in 0..<2 {
            let cls = Self.pool[rng.int(0...Self.pool.count - 1)]
            scenes.append("\"m\(m)\": { \"class\": \"\(cls)\", \"controls\": [\"close\", \"more\"] }")
            if rng.int(0...1) == 0 {
                scenes.append("\"mnav\(m)\": { \"class\": \"UINavigationController\" }")
                segues.append(#"{ "source": "mnav\#(m)", "destination": "m\#(m)", "kind": "relationship", "relationship": "rootViewController" }"#)
                modals.append("mnav\(m)")
            } else {
                modals.append("m\(m)")
            }
            segues.append(#"{ "id": "U", "source": "m\#(m)", "kind": "unwind", "unwindAction": "\#(Self.unwinds[rng.int(0...2)])", "trigger": "control:close" }"#)
            segues.append(#"{ "id": "G0", "source": "m\#(m)", "destination": "m\#(1 - m)", "kind": "show", "trigger": "control:more" }"#)
        }
        var initial = root == .modal ? modals[0] : "tabs"
        if root == .presented {
            initial = "start"
            scenes.append(#""start": { "class": "Screen", "controls": ["go"] }"#)
            segues.append(#"{ "source": "start", "destination": "tabs", "kind": "presentation", "trigger": "control:go", "modalPresentationStyle": "fullScreen" }"#)
        }
        for t in 0..<tabs {
            let count = rng.int(2...4)
            let names = (0..<count).map { "s\(t)_\($0)" }
            let shape = rng.int(0...10)
            if t == 0 && root == .firstTab {
                initial = shape < 7 ? "nav0" : shape < 9 ? names[0] : shape == 10 ? "split0" : "inner0"
            }
            if shape < 7 {
                scenes.append("\"nav\(t)\": { \"class\": \"UINavigationController\" }")
                segues.append(#"{ "source": "tabs", "destination": "nav\#(t)", "kind": "relationship", "relationship": "viewControllers" }"#)
                segues.append(#"{ "source": "nav\#(t)", "destination": "\#(names[0])", "kind": "relationship", "relationship": "rootViewController" }"#)
            } else if shape < 9 {
                segues.append(#"{ "source": "tabs", "destination": "\#(names[0])", "kind": "relationship", "relationship": "viewControllers" }"#)
            } else if shape == 10 {
                scenes.append("\"split\(t)\": { \"class\": \"UISplitViewController\" }")
                segues.append(#"{ "source": "tabs", "destination": "split\#(t)", "kind": "relationship", "relationship": "viewControllers" }"#)
                segues.append(#"{ "source": "split\#(t)", "destination": "\#(names[0])", "kind": "relationship", "relationship": "masterViewController" }"#)
                segues.append(#"{ "source": "split\#(t)", "destination": "\#(names[1])", "kind": "relationship", "relationship": "detailViewController" }"#)
            } else {
                scenes.append("\"inner\(t)\": { \"class\": \"UITabBarController\" }")
                segues.append(#"{ "source": "tabs", "destination": "inner\#(t)", "kind": "relationship", "relationship": "viewControllers" }"#)
                segues.append(#"{ "source": "inner\#(t)", "destination": "\#(names[0])", "kind": "relationship", "relationship": "viewControllers" }"#)
                segues.append(#"{ "source": "inner\#(t)", "destination": "\#(names[1])", "kind": "relationship", "relationship": "viewControllers" }"#)
            }
            for (i, name) in names.enumerated() {
                let cls = Self.pool[rng.int(0...Self.pool.count - 1)]
                let rows = rng.int(0...2)
                scenes.append("\"\(name)\": { \"class\": \"\(cls)\", \"controls\": [\"a\", \"b\"]\(rows > 0 ? ", \"rows\": \(rows)" : "") }")
                var k = 0
                func id() -> String { defer { k += 1 }; return "G\(k)" }
                let next = names[(i + 1 + rng.int(0...count - 1)) % count]
                segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "destination": "\#(next)", "kind": "show", "trigger": "control:a" }"#)
                switch rng.int(0...6) {
                case 0:
                    let style = Self.styles[rng.int(0...Self.styles.count - 1)].map { #", "modalPresentationStyle": "\#($0)""# } ?? ""
                    segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "destination": "\#(modals[rng.int(0...1)])", "kind": "presentation", "trigger": "control:b"\#(style) }"#)
                case 1:
                    segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "kind": "unwind", "unwindAction": "\#(Self.unwinds[rng.int(0...2)])", "trigger": "control:b" }"#)
                case 2:
                    segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "destination": "\#(names[rng.int(0...count - 1)])", "kind": "show" }"#)
                case 3 where i > 0:
                    scenes.append("\"e\(t)_\(i)\": { \"class\": \"Needy\", \"controls\": [\"x\"] }")
                    segues.append(#"{ "source": "\#(name)", "destination": "e\#(t)_\#(i)", "kind": "embed" }"#)
                    segues.append(#"{ "id": "G0", "source": "e\#(t)_\#(i)", "destination": "\#(modals[0])", "kind": "presentation", "trigger": "control:x" }"#)
                case 4:
                    segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "destination": "\#(names[rng.int(0...count - 1)])", "kind": "showDetail", "trigger": "control:b" }"#)
                case 5:
                    // Built through the segue action on a Maker, else decoded: init(coder:) traps.
                    scenes.append("\"b\(t)_\(i)\": { \"class\": \"Built\" }")
                    let action = cls == "Maker" ? #", "action": "makeBuilt(coder:sender:segueIdentifier:)""# : ""
                    segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "destination": "b\#(t)_\#(i)", "kind": "show", "trigger": "control:b"\#(action) }"#)
                default:
                    break
                }
                if rows > 0 {
                    segues.append(#"{ "id": "\#(id())", "source": "\#(name)", "destination": "\#(names[rng.int(0...count - 1)])", "kind": "show", "trigger": "cell" }"#)
                }
            }
        }
        return """
            {
              "format": 1, "name": "Random", "module": "Random", "initial": "\(initial)",
              "classes": {
            \(Self.classes)
              },
              "scenes": {
            \(scenes.joined(separator: ",\n"))
              },
              "segues": [
            \(segues.joined(separator: ",\n"))
              ]
            }
            """
    }
}

/// A small seeded generator (SplitMix64): the same flows on every run and machine.
struct SplitMix {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

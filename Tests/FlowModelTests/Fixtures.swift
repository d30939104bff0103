/// Flow texts the tests start from. Tests derive broken flows by replacing one snippet
/// (`replacingOnce`), so every position in them stays predictable.
enum Fixture {
    /// A flow that uses every kind of reference once, and loads without errors or warnings.
    static let base = """
{
  "format": 1,
  "name": "Items",
  "module": "Items",
  "initial": "nav",
  "protocols": { "Injectable": {} },
  "destinations": {
    "Route": { "cases": { "Devices": { "values": ["model"], "segue": "ShowDetail" } } }
  },
  "classes": {
    "ListViewController": {
      "superclass": "UITableViewController",
      "dependencies": {
        "store": { "type": "Store", "injection": "property", "default": "Store()" }
      },
      "segueActions": {
        "makeDetail(coder:sender:segueIdentifier:)": {
          "returns": "DetailViewController",
          "initializer": "init(coder:item:)",
          "arguments": { "item": "store.item(at: selection)" },
          "nilWhen": "noSelection"
        },
        "makeAdd(coder:)": { "returns": "AddViewController" }
      },
      "prepare": [
        { "segue": "ShowDetail", "as": "DetailViewController", "set": { "note": "store.note" } },
        { "as": "Injectable", "call": "inject(_:)", "with": "store" }
      ],
      "shouldPerform": { "ShowDetail": "store != nil" },
      "unwindActions": ["unwindToList(_:)"],
      "actions": {
        "showFirst(_:)": {
          "do": "present",
          "class": "DetailViewController",
          "initializer": "init(with:)",
          "arguments": { "item": "store.first" }
        },
        "openDevices(_:)": {
          "do": "performSegue",
          "destination": "Devices",
          "values": { "model": "store.model" }
        }
      }
    },
    "DetailViewController": {
      "conformsTo": ["Injectable"],
      "dependencies": {
        "item": { "type": "Item", "injection": "initializer" },
        "note": { "type": "String", "injection": "optional" }
      },
      "initializers": {
        "init(coder:item:)": { "sets": ["item"] },
        "init(with:)": { "sets": ["item"] }
      },
      "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 12 },
      "viewDidLoad": { "uses": ["item"], "asserts": ["note"] },
      "methods": {
        "inject(_:)": { "sets": ["note"] },
        "route(_:)": { "cases": { "Devices": { "set": { "note": "model" } } } }
      }
    },
    "AddViewController": {}
  },
  "scenes": {
    "nav": { "class": "UINavigationController" },
    "list": { "class": "ListViewController", "rows": 3, "controls": ["add"] },
    "detail": { "class": "DetailViewController" },
    "addNav": { "class": "UINavigationController" },
    "add": { "class": "AddViewController", "controls": ["cancel"] }
  },
  "segues": [
    { "source": "nav", "destination": "list",
      "kind": "relationship", "relationship": "rootViewController" },
    { "id": "ShowDetail", "source": "list", "destination": "detail",
      "kind": "show", "trigger": "cell",
      "action": "makeDetail(coder:sender:segueIdentifier:)" },
    { "id": "AddItem", "source": "list", "destination": "addNav",
      "kind": "presentation", "trigger": "control:add" },
    { "source": "addNav", "destination": "add",
      "kind": "relationship", "relationship": "rootViewController",
      "action": "makeAddWithCoder:" },
    { "id": "Cancel", "source": "add", "kind": "unwind",
      "unwindAction": "unwindToList(_:)", "trigger": "control:cancel" }
  ]
}
"""

    /// The smallest flow that loads.
    static let mini = """
{
  "format": 1,
  "name": "Mini",
  "module": "Mini",
  "initial": "main",
  "scenes": {
    "main": { "class": "UIViewController" }
  }
}
"""

    /// A two-scene flow with one segue, written at line 11, column 5.
    static func segue(_ segue: String) -> String {
        """
{
  "format": 1,
  "name": "Mini",
  "module": "Mini",
  "initial": "nav",
  "scenes": {
    "nav": { "class": "UINavigationController" },
    "main": { "class": "UIViewController", "controls": ["back"] }
  },
  "segues": [
    \(segue)
  ]
}
"""
    }

    /// A flow whose root is built in code by the app delegate (seed 003's shape).
    static let launch = """
{
  "format": 1,
  "name": "Notes",
  "module": "Notes",
  "launch": {
    "root": { "class": "RootViewController", "initializer": "init(with:)",
              "arguments": { "notes": "notes" } },
    "inject": [ { "as": "RootViewController", "set": { "notes": "self.notes" } } ]
  },
  "classes": {
    "RootViewController": {
      "dependencies": { "notes": { "type": "[Note]", "injection": "initializer" } },
      "initializers": { "init(with:)": { "sets": ["notes"], "nib": "Root" } },
      "initCoder": { "fatalError": "no coder" }
    }
  },
  "scenes": { "root": { "class": "RootViewController", "nib": "Root" } }
}
"""
}

extension String {
    /// This text with `old`, which must occur exactly once, replaced by `new`.
    func replacingOnce(_ old: String, with new: String) -> String {
        let parts = components(separatedBy: old)
        precondition(parts.count == 2, "'\(old)' occurs \(parts.count - 1) times, not once")
        return parts.joined(separator: new)
    }
}

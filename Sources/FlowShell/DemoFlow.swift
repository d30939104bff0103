// Generated from flows/segue-actions.json by `sh Sources/FlowShell/generate-demo.sh`; a test keeps
// the two identical. Embedded so that `flownav` with no argument works from any folder.
enum DemoFlow {
    static let name = "flows/segue-actions.json"
    static let json = #"""
{
  "$schema": "flow.schema.json",
  "format": 1,
  "name": "Items",
  "module": "Items",
  "initial": "itemsNav",

  "classes": {
    "ItemsViewController": {
      "superclass": "UITableViewController",
      "file": "ItemsViewController.swift",
      "dependencies": {
        "store": { "type": "ItemStore", "injection": "property", "default": "ItemStore()" }
      },
      "segueActions": {
        "createDetailViewController(coder:sender:segueIdentifier:)": {
          "returns": "DetailViewController",
          "initializer": "init(coder:item:)",
          "arguments": { "item": "viewModel.item(for: selection)" },
          "nilWhen": "noSelection"
        },
        "createAddItemViewController(coder:sender:segueIdentifier:)": {
          "returns": "AddItemViewController",
          "initializer": "init(coder:store:)",
          "arguments": { "store": "store" }
        }
      },
      "unwindActions": ["unwindToList(_:)"]
    },

    "DetailViewController": {
      "file": "DetailViewController.swift",
      "dependencies": {
        "item": { "type": "DetailItem", "injection": "initializer" }
      },
      "initializers": {
        "init(coder:item:)": { "sets": ["item"], "callsSuper": "init(coder:)" }
      },
      "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 12 },
      "viewDidLoad": { "uses": ["item"], "line": 17 }
    },

    "AddItemViewController": {
      "file": "AddItemViewController.swift",
      "dependencies": {
        "store": { "type": "ItemStore", "injection": "initializer" }
      },
      "initializers": {
        "init(coder:store:)": { "sets": ["store"], "callsSuper": "init(coder:)" }
      },
      "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 12 },
      "viewDidLoad": { "uses": ["store"], "line": 17 }
    },

    "AddItemNavigationController": {
      "superclass": "UINavigationController",
      "file": "AddItemNavigationController.swift",
      "segueActions": {
        "makeAddItemViewController(coder:sender:segueIdentifier:)": {
          "returns": "AddItemViewController",
          "initializer": "init(coder:store:)",
          "arguments": { "store": "ItemStore.shared" }
        }
      }
    }
  },

  "scenes": {
    "itemsNav": { "class": "UINavigationController" },
    "items": {
      "class": "ItemsViewController",
      "storyboardIdentifier": "Items",
      "title": "Items",
      "rows": 3,
      "controls": ["add", "addBroken"]
    },
    "detail": { "class": "DetailViewController", "title": "Detail" },

    "addItemNav": { "class": "UINavigationController" },
    "addItem": { "class": "AddItemViewController", "title": "Add Item", "controls": ["cancel", "save"] },

    "addItemNavBroken": { "class": "AddItemNavigationController" },
    "addItemBroken": { "class": "AddItemViewController", "title": "Add Item", "controls": ["cancel", "save"] }
  },

  "segues": [
    { "source": "itemsNav", "destination": "items", "kind": "relationship", "relationship": "rootViewController" },

    { "id": "ShowDetail", "source": "items", "destination": "detail", "kind": "show", "trigger": "cell",
      "action": "createDetailViewController(coder:sender:segueIdentifier:)" },

    { "id": "AddItem", "source": "items", "destination": "addItemNav", "kind": "presentation",
      "trigger": "control:add", "modalPresentationStyle": "automatic" },
    { "source": "addItemNav", "destination": "addItem", "kind": "relationship", "relationship": "rootViewController",
      "action": "createAddItemViewController(coder:sender:segueIdentifier:)" },

    { "id": "AddItemBroken", "source": "items", "destination": "addItemNavBroken", "kind": "presentation",
      "trigger": "control:addBroken", "modalPresentationStyle": "automatic" },
    { "source": "addItemNavBroken", "destination": "addItemBroken", "kind": "relationship", "relationship": "rootViewController",
      "action": "makeAddItemViewController(coder:sender:segueIdentifier:)" },

    { "id": "CancelAddItem", "source": "addItem", "kind": "unwind", "unwindAction": "unwindToList(_:)", "trigger": "control:cancel" },
    { "id": "SaveItem", "source": "addItem", "kind": "unwind", "unwindAction": "unwindToList(_:)", "trigger": "control:save" },
    { "id": "CancelAddItem", "source": "addItemBroken", "kind": "unwind", "unwindAction": "unwindToList(_:)", "trigger": "control:cancel" },
    { "id": "SaveItem", "source": "addItemBroken", "kind": "unwind", "unwindAction": "unwindToList(_:)", "trigger": "control:save" }
  ]
}
"""#
}

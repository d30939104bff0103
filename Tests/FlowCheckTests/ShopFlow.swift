/// A small shop app written for these tests (no bundled flow looks like it): a tab bar with a
/// catalogue (products shown through a segue action that injects them) and a cart that presents
/// a checkout inside a navigation controller, left through an unwind segue. Everything is
/// injected correctly: `check` finds nothing. The tests break it in one place at a time.
enum ShopFlow {
    static let classes = """
      "CatalogViewController": {
        "superclass": "UITableViewController",
        "dependencies": { "store": { "type": "Store", "injection": "property", "default": "Store()" } },
        "segueActions": {
          "makeProduct(coder:sender:segueIdentifier:)": {
            "returns": "ProductViewController", "initializer": "init(coder:product:)",
            "arguments": { "product": "store.product(at: selection)" }
          }
        }
      },
      "ProductViewController": {
        "dependencies": { "product": { "type": "Product", "injection": "initializer" } },
        "initializers": { "init(coder:product:)": { "sets": ["product"] } },
        "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 },
        "viewDidLoad": { "uses": ["product"], "line": 14 }
      },
      "CartViewController": {
        "dependencies": { "cart": { "type": "Cart", "injection": "property", "default": "Cart()" } },
        "prepare": [
          { "segue": "Checkout", "unwrap": ["navigationTop"], "as": "CheckoutViewController", "set": { "cart": "self.cart" } }
        ],
        "unwindActions": ["unwindToCart(_:)"]
      },
      "CheckoutViewController": {
        "dependencies": { "cart": { "type": "Cart", "injection": "implicitlyUnwrapped" } },
        "viewDidLoad": { "uses": ["cart"], "line": 21 }
      }
    """

    static let scenes = """
      "tabs": { "class": "UITabBarController" },
      "catalogNav": { "class": "UINavigationController" },
      "catalog": { "class": "CatalogViewController", "title": "Catalogue", "rows": 3 },
      "product": { "class": "ProductViewController", "title": "Product" },
      "cartNav": { "class": "UINavigationController" },
      "cart": { "class": "CartViewController", "title": "Cart", "controls": ["checkout"] },
      "checkoutNav": { "class": "UINavigationController" },
      "checkout": { "class": "CheckoutViewController", "title": "Checkout", "controls": ["close"] }
    """

    static let segues = """
      { "source": "tabs", "destination": "catalogNav", "kind": "relationship", "relationship": "viewControllers" },
      { "source": "tabs", "destination": "cartNav", "kind": "relationship", "relationship": "viewControllers" },
      { "source": "catalogNav", "destination": "catalog", "kind": "relationship", "relationship": "rootViewController" },
      { "source": "cartNav", "destination": "cart", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "ShowProduct", "source": "catalog", "destination": "product", "kind": "show", "trigger": "cell",
        "action": "makeProduct(coder:sender:segueIdentifier:)" },
      { "id": "Checkout", "source": "cart", "destination": "checkoutNav", "kind": "presentation", "trigger": "control:checkout",
        "modalPresentationStyle": "formSheet" },
      { "source": "checkoutNav", "destination": "checkout", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Close", "source": "checkout", "kind": "unwind", "unwindAction": "unwindToCart(_:)", "trigger": "control:close" }
    """

    /// The flow's body, after `replacing` each (old, new) pair once (the old text must occur).
    static func body(_ replacing: [(String, String)] = [], extraClasses: String = "", extraScenes: String = "", extraSegues: String = "") -> String {
        var text = """
            "initial": "tabs",
            "classes": {
            \(classes)\(extraClasses.isEmpty ? "" : ",\n" + extraClasses)
            },
            "scenes": {
            \(scenes)\(extraScenes.isEmpty ? "" : ",\n" + extraScenes)
            },
            "segues": [
            \(segues)\(extraSegues.isEmpty ? "" : ",\n" + extraSegues)
            ]
            """
        for (old, new) in replacing {
            precondition(text.contains(old), "ShopFlow has no '\(old)'")
            if let r = text.range(of: old) { text.replaceSubrange(r, with: new) }
        }
        return text
    }
}

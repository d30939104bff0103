import FlowCheck
import FlowModel
import Testing

/// A library app that routes every segue through a typed destination enum (seed 002's
/// technique, written anew): `Route.Book` and `Route.Author`, a `Box` sender, and a `route(_:)`
/// method on each destination that switches on the case.
enum LibraryFlow {
    static func body(authorCases: String = "\"Author\": { \"set\": { \"author\": \"author\" } }", extraActions: String = "",
                     extraSegues: String = "") -> String {
        """
        "initial": "nav",
        "protocols": { "Routable": { "objc": false } },
        "destinations": {
          "Route": { "cases": {
            "Book": { "values": ["book"], "segue": "ShowBook" },
            "Author": { "values": ["author"], "segue": "ShowAuthor" }
          } }
        },
        "classes": {
          "RoutedViewController": {
            "prepare": [ { "as": "Routable", "call": "route(_:)", "with": "sender" } ]
          },
          "LibraryViewController": {
            "superclass": "RoutedViewController",
            "actions": {
              "tableView(_:didSelectRowAt:)": { "trigger": "cell", "do": "performSegue", "destination": "Book", "values": { "book": "books[selection.row]" } },
              "showAuthor(_:)": { "trigger": "control:author", "do": "performSegue", "destination": "Author", "values": { "author": "authors.first" } }\(extraActions.isEmpty ? "" : ",\n" + extraActions)
            }
          },
          "BookViewController": {
            "superclass": "RoutedViewController", "conformsTo": ["Routable"],
            "dependencies": { "book": { "type": "Book", "injection": "implicitlyUnwrapped" } },
            "methods": { "route(_:)": { "cases": { "Book": { "set": { "book": "book" } } } } },
            "viewDidLoad": { "uses": ["book"], "line": 20 }
          },
          "AuthorViewController": {
            "superclass": "RoutedViewController", "conformsTo": ["Routable"],
            "dependencies": { "author": { "type": "Author", "injection": "implicitlyUnwrapped" } },
            "methods": { "route(_:)": { "cases": { \(authorCases) } } },
            "viewDidLoad": { "uses": ["author"], "line": 30 }
          },
          "SettingsViewController": {}
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "library": { "class": "LibraryViewController", "rows": 5, "controls": ["author", "settings", "favorite"] },
          "book": { "class": "BookViewController" },
          "author": { "class": "AuthorViewController" },
          "settings": { "class": "SettingsViewController" }
        },
        "segues": [
          { "source": "nav", "destination": "library", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "ShowBook", "source": "library", "destination": "book", "kind": "show" },
          { "id": "ShowAuthor", "source": "library", "destination": "author", "kind": "show" },
          { "id": "ShowSettings", "source": "library", "destination": "settings", "kind": "presentation", "trigger": "control:settings" }\(extraSegues.isEmpty ? "" : ",\n" + extraSegues)
        ]
        """
    }
}

@Suite("Typed destinations")
struct TypedDestinationTests {
    @Test("a correct typed-destination flow has no typed-destination findings and no crash")
    func clean() throws {
        let r = try check(LibraryFlow.body())
        #expect(!r.ruleIDs.contains(Rules.typedDestinationBypassed.id), "\(r.text)")
        #expect(!r.ruleIDs.contains(Rules.trap.id))
        // The settings segue has an identifier but no case in Route.
        let f = try #require(r.findings(Rules.typedDestinationNotExhaustive).first)
        #expect(r.findings(Rules.typedDestinationNotExhaustive).count == 1)
        #expect(f.origin?.path == "segues[3]")
        #expect(f.message.contains("'ShowSettings'"))
        #expect(f.message.contains("has no case in Route"))
    }

    @Test("typed-destination-not-exhaustive: a destination's switch ignores the case that reaches it")
    func switchIgnoresCase() throws {
        let r = try check(LibraryFlow.body(authorCases: "\"Book\": { \"set\": {} }"))
        let f = try #require(r.findings(Rules.typedDestinationNotExhaustive).first { $0.message.contains("route(_:)") }, "\(r.text)")
        #expect(f.message == "AuthorViewController.route(_:) has no case .Author, so segues[2] 'ShowAuthor' (library → author) assigns nothing to scene 'author'")
        #expect(f.origin?.path == "classes.AuthorViewController.methods[\"route(_:)\"]")
        // Exploring: the switch finds no case, then viewDidLoad reads the nil author.
        #expect(r.paths(Rules.typedDestinationUnhandled) == [["tap author"]])
        #expect(r.paths(Rules.trap) == [["tap author"]])
        #expect(r.findings(Rules.trap).first?.message == "App/AuthorViewController.swift:30: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value")
    }

    @Test("typed-destination-bypassed: a stringly-typed performSegue sends no Box")
    func bypassed() throws {
        let r = try check(LibraryFlow.body(extraActions: """
            "showFavorite(_:)": { "trigger": "control:favorite", "do": "performSegue", "segue": "ShowBook", "sender": "nil" }
            """))
        let f = try #require(r.findings(Rules.typedDestinationBypassed).first, "\(r.text)")
        #expect(f.message.contains("LibraryViewController.showFavorite(_:) performs 'ShowBook' by its string identifier"))
        #expect(r.paths(Rules.trap) == [["tap favorite"]])
        #expect(r.findings(Rules.trap).first?.message.hasPrefix("App/BookViewController.swift:20: Fatal error") == true)
    }

    @Test("typed destinations: an identifier the source does not own, through an enum case")
    func caseToForeignSegue() throws {
        let r = try check(LibraryFlow.body(extraSegues: """
            { "id": "Next", "source": "book", "destination": "author", "kind": "show", "trigger": "control:next" }
            """).replacingOccurrences(of: "\"book\": { \"class\": \"BookViewController\" }", with: "\"book\": { \"class\": \"BookViewController\", \"controls\": [\"next\", \"more\"] }")
            .replacingOccurrences(of: "\"viewDidLoad\": { \"uses\": [\"book\"], \"line\": 20 }",
                                  with: "\"viewDidLoad\": { \"uses\": [\"book\"], \"line\": 20 }, \"actions\": { \"more(_:)\": { \"trigger\": \"control:more\", \"do\": \"performSegue\", \"destination\": \"Book\", \"values\": { \"book\": \"book.sequel\" } } }"))
        let f = try #require(r.findings(Rules.unknownSegueIdentifier).first, "\(r.text)")
        #expect(f.message.contains("BookViewController.more(_:) performs 'ShowBook' (through Route.Book), but scene 'book' does not own"))
        #expect(r.paths(Rules.uncaughtException) == [["select 0", "tap more"]])
    }
}

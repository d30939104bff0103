import FlowModel
import Testing
@testable import FlowEngine

/// Expressions are split once per flow (`CompiledExpression`) and resolved per call: these pin
/// the resolution rules the split must keep — locals first, then `selection`, `sender` and
/// `segue.identifier`, then dependencies, else the text as written.
@Suite("Expressions")
struct ExpressionTests {
    /// A launched app whose root, `Root`, has a set dependency `store`, a nil implicitly
    /// unwrapped `model`, a nil optional `note`, and row [0, 2] selected.
    static func root() throws -> (Simulator, Int) {
        var app = try App("""
        "initial": "root",
        "classes": {
          "Root": {
            "dependencies": {
              "store": { "type": "Store", "injection": "property", "default": "Store()" },
              "model": { "type": "Model", "injection": "implicitlyUnwrapped" },
              "note": { "type": "String", "injection": "optional" }
            },
            "actions": { "go()": { "trigger": "control:go", "do": "performSegue", "segue": "Next", "sender": "selection.row" } }
          }
        },
        "scenes": { "root": { "class": "Root", "rows": 3, "controls": ["go"] }, "next": { "class": "UIViewController" } },
        "segues": [ { "id": "Next", "source": "root", "destination": "next", "kind": "presentation" } ]
        """)
        _ = app.select(2)
        let root = try app.id("Root")
        return (app.sim, root)
    }

    private func value(_ expression: String, locals: [String: String] = [:], sender: SenderValue = .none, identifier: String? = nil) throws -> String? {
        let (sim, root) = try Self.root()
        var scope = Scope(selfID: root, sender: sender, identifier: identifier)
        scope.locals = locals
        return try sim.evaluate(expression, in: scope)
    }

    @Test("names the engine knows are resolved; members, literals and other names stay as written")
    func resolves() throws {
        #expect(try value("Item(row: selection.row, in: selection.section, at: selection)") == "Item(row: 2, in: 0, at: [0, 2])")
        #expect(try value("Box(store, self.store, other.store, self.other)") == "Box(Store(), Store(), other.store, self.other)")
        #expect(try value("\"selection store\" + sender", sender: SenderValue(text: "x")) == "\"selection store\" + x")
        #expect(try value("  segue.identifier  ", identifier: "Show") == "\"Show\"")
        #expect(try value("segue.destination", identifier: "Show") == "segue.destination")
    }

    @Test("a nil value is nil only when it is the whole expression")
    func soleNil() throws {
        #expect(try value("nil") == nil)
        #expect(try value("sender") == nil)
        #expect(try value("sender ?? fallback") == "nil ?? fallback")
        #expect(try value("note") == nil)
        #expect(try value("self.note") == nil)
        #expect(try value("[note]") == "[nil]")
        #expect(try value("segue.identifier") == nil)
    }

    @Test("a local comes first, and keeps the member a special name would have consumed")
    func localsShadow() throws {
        #expect(try value("selection.row", locals: ["selection": "picked"]) == "picked.row")
        #expect(try value("segue.identifier + store", locals: ["segue": "s", "store": "mine"]) == "s.identifier + mine")
        #expect(try value("self.store", locals: ["store": "mine"]) == "Store()")
    }

    @Test("reading a nil implicitly unwrapped dependency traps, as Swift does")
    func trapsOnNilUnwrap() throws {
        #expect(throws: CrashSignal.self) { try value("Wrapper(model)") }
        #expect(throws: CrashSignal.self) { try value("self.model") }
    }

    @Test("an expression of the flow is split once, and one made on the fly reads the same")
    func compiledOnce() throws {
        let (sim, root) = try Self.root()
        #expect(sim.index.expressions["selection.row"] != nil)
        #expect(sim.index.expressions["store + 1"] == nil)
        let scope = Scope(selfID: root)
        #expect(try sim.evaluate("selection.row", in: scope) == "2")
        #expect(try sim.evaluate("store + 1", in: scope) == "Store() + 1")
    }
}

import Testing
@testable import FlowModel

/// Issue 12 item 7: what Swift would not compile does not load; each error names the
/// declaration and the fix.
@Suite struct UncompilableCodeTests {
    static func flow(action: String, initializers: String = #""init(coder:item:)": { "sets": ["item"] }"#) -> String {
        """
        { "format": 1, "name": "T", "module": "T", "initial": "list",
          "classes": {
            "List": { "segueActions": { \(action) } },
            "Detail": {
              "dependencies": { "item": { "type": "Item", "injection": "initializer" },
                                "note": { "type": "String", "injection": "optional" } },
              "initializers": { \(initializers) },
              "initCoder": { "fatalError": "no", "line": 3 }
            }
          },
          "scenes": { "list": { "class": "List" }, "detail": { "class": "Detail" } },
          "segues": [ { "source": "list", "destination": "detail", "kind": "show" } ]
        }
        """
    }

    @Test func aOneParameterSegueActionReadingSender() throws {
        let d = try #require(onlyError(Self.flow(action: #""make(coder:)": { "returns": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "items[sender.row]" } }"#)))
        #expect(d.path == #"classes.List.segueActions["make(coder:)"].arguments.item"#)
        #expect(d.message == "make(coder:) reads 'sender', but it has no sender parameter, so Swift does not compile it; declare it as make(coder:sender:) (and name that selector in the segue's 'action')")
    }

    @Test func aTwoParameterSegueActionReadingTheIdentifier() throws {
        let d = try #require(onlyError(Self.flow(action: #""make(_:sender:)": { "returns": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "Item(segue.identifier)" } }"#)))
        #expect(d.message.hasPrefix("make(_:sender:) reads 'segue.identifier', but it has no segueIdentifier parameter"))
        #expect(d.message.contains("declare it as make(_:sender:segueIdentifier:)"))
    }

    @Test func aThreeParameterSegueActionMayReadBoth() throws {
        #expect(loaded(Self.flow(action: #""make(coder:sender:segueIdentifier:)": { "returns": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "Item(sender, segue.identifier)" } }"#)) != nil)
        // A member named like the parameter is not a read of it.
        #expect(loaded(Self.flow(action: #""make(coder:)": { "returns": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "store.sender" } }"#)) != nil)
    }

    @Test func anArgumentTheInitializerHasNoParameterFor() throws {
        let d = try #require(onlyError(Self.flow(action: #""make(coder:)": { "returns": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "x", "note": "y" } }"#)))
        #expect(d.path == #"classes.List.segueActions["make(coder:)"].arguments.note"#)
        #expect(d.message.hasPrefix("init(coder:item:) of Detail has no parameter for 'note' (it takes item:)"))
    }

    @Test func aMissingArgument() throws {
        let d = try #require(onlyError(Self.flow(action: #""make(coder:)": { "returns": "Detail", "initializer": "init(coder:item:)" }"#)))
        #expect(d.path == #"classes.List.segueActions["make(coder:)"]"#)
        #expect(d.message.contains("takes 1 argument besides the coder (item:), but 'arguments' gives 0"))
        #expect(d.message.contains("Missing argument for parameter 'item'"))
    }

    @Test func anInitializerThatLeavesALetUnset() throws {
        let d = try #require(onlyError(Self.flow(
            action: #""make(coder:)": { "returns": "Detail", "initializer": "init(coder:note:)", "arguments": { "note": "x" } }"#,
            initializers: #""init(coder:item:)": { "sets": ["item"] }, "init(coder:note:)": { "sets": ["note"] }"#)))
        #expect(d.path == #"classes.Detail.initializers["init(coder:note:)"].sets"#)
        #expect(d.message.hasPrefix("init(coder:note:) leaves 'item' unset, but it is a let without a default (let item: Item)"))
        #expect(d.message.contains("add \"item\" to 'sets', or give the dependency a 'default'"))
    }
}

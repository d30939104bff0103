import FlowEngine
import FlowModel
import Foundation
import TestSupport
import Testing
@testable import FlowShell

@Suite struct InputErrorTests {
    @Test func unknownCommandSuggestsTheNearestAndUnderlinesIt() throws {
        var session = Session.demo()
        let out = session.execute("perfrom ShowDetail")
        #expect(out.status == .rejected)
        #expect(out.texts.first == "error: unknown command 'perfrom' (type 'help' for the list); did you mean 'perform'?")
        let caret = try #require(Caret(in: out, typed: "perfrom ShowDetail"))
        #expect(caret == Caret(offset: 0, width: 7))
        #expect(caret.underlined(in: "perfrom ShowDetail") == "perfrom")
        #expect(session.status == .rejected)
    }

    @Test func caretFollowsTheCommandWhenTheLineIsIndented() throws {
        var session = Session.demo()
        let line = "   wehre"
        let out = session.execute(line)
        #expect(out.joined.contains("unknown command 'wehre'"))
        #expect(out.joined.contains("did you mean 'where'?"))
        let caret = try #require(Caret(in: out, typed: line))
        #expect(caret.offset == 3)
        #expect(caret.underlined(in: line) == "wehre")
    }

    @Test func unknownCommandFarFromEveryNameHasNoSuggestion() {
        var session = Session.demo()
        let out = session.execute("xyzzy")
        #expect(out.texts.first == "error: unknown command 'xyzzy' (type 'help' for the list)")
    }

    @Test(arguments: [
        ("select x", "x"),
        ("select 1 y", "y"),
        ("tab -1", "-1"),
        ("tab two", "two"),
        ("trace maybe", "maybe"),
        ("where now", "now"),
        ("inspect 0xdead", "0xdead"),
        ("inspect nowhere", "nowhere"),
        ("perform ShowDetail from nowhere", "nowhere"),
        ("tap add extra", "extra"),
        ("help perfrom", "perfrom"),
        ("load a.json b.json", "b.json"),
        ("quit now", "now"),
    ])
    func badArgumentIsUnderlined(line: String, word: String) throws {
        var session = Session.demo()
        let out = session.execute(line)
        #expect(out.status == .rejected)
        #expect(out.texts.first?.hasPrefix("error: ") == true, "\(out.texts)")
        let caret = try #require(Caret(in: out, typed: line), "no caret in \(out.texts)")
        #expect(caret.underlined(in: line) == word)
        // The caret starts at the word's own column, not at an earlier occurrence of the same text.
        #expect(caret.offset == line.distance(from: line.startIndex, to: line.range(of: " " + word, options: .backwards)!.lowerBound) + 1)
        #expect(!out.quit)
    }

    @Test func missingArgumentPointsJustPastTheCommand() throws {
        var session = Session.demo()
        for line in ["select", "tab", "tap", "call", "perform", "load", "trace"] {
            let out = session.execute(line)
            #expect(out.status == .rejected, "\(line)")
            let caret = try #require(Caret(in: out, typed: line), "no caret for '\(line)' in \(out.texts)")
            #expect(caret.offset == line.count + 1, "\(line): \(caret)")
        }
    }

    @Test func caretCountsCharactersNotBytes() throws {
        var session = Session.demo()
        let line = "inspect détail"
        let out = session.execute(line)
        #expect(out.texts.first == "error: no scene 'détail'; did you mean 'detail'?")
        let caret = try #require(Caret(in: out, typed: line))
        #expect(caret == Caret(offset: 8, width: 6))
    }

    @Test func nearbyScenesAreSuggested() {
        var session = Session.demo()
        let out = session.execute("inspect itemz")
        #expect(out.texts.first?.contains("did you mean 'items'") == true, "\(out.texts)")
    }
}

@Suite struct HelpTests {
    /// The architecture's contract: these names are what users and scripts type.
    @Test func catalogHasTheDocumentedCommands() {
        let documented: Set = [
            "help", "load", "where", "segues", "perform", "tap", "select", "call", "back", "dismiss",
            "tab", "inspect", "trace", "relaunch", "device", "scenes", "graph", "history", "record", "quit",
        ]
        #expect(Set(CommandCatalog.names) == documented)
        #expect(CommandCatalog.names.count == documented.count, "a command is listed twice")
    }

    @Test func commandNumbersAreTheCatalogsOrder() {
        #expect(CommandID.allCases.map { "\($0)" } == CommandCatalog.names)
        for id in CommandID.allCases { #expect(CommandCatalog.id(id.info.name) == id) }
        #expect(CommandCatalog.id("wher") == nil)
        #expect(CommandCatalog.id("wheres") == nil)
        #expect(CommandCatalog.id("") == nil)
    }

    /// Plain ASCII lines are split on bytes; others by characters: the two agree on columns.
    @Test func wordsAndTheirColumns() {
        func split(_ line: String) -> [String] { Words.split(line).map { "\($0.column):\($0.text)" } }
        #expect(split("  select\t1  from detail ") == ["3:select", "10:1", "13:from", "18:detail"])
        #expect(split("perform ShowDetail sender \"the cell\"") == ["1:perform", "9:ShowDetail", "20:sender", "27:the cell"])
        #expect(split("inspect é x") == ["1:inspect", "9:é", "11:x"])
        #expect(split("") == [])
    }

    @Test func helpListsEveryCommandOnItsOwnLine() {
        var session = Session.demo()
        let out = session.execute("help")
        #expect(out.status == .ok)
        #expect(out.lines.count == CommandCatalog.all.count)
        for (line, info) in zip(out.texts, CommandCatalog.all) {
            #expect(line.hasPrefix(info.synopsis + " "), "\(line)")
            #expect(line.hasSuffix("  " + info.summary), "\(line)")
        }
        // Summaries start in one column.
        let columns = Set(zip(out.texts, CommandCatalog.all).map { $0.0.count - $0.1.summary.count })
        #expect(columns.count == 1)
    }

    @Test func helpWorksWithoutAFlow() {
        var session = Session()
        #expect(session.execute("help").lines.count == CommandCatalog.all.count)
        let out = session.execute("where")
        #expect(out.status == .rejected)
        #expect(out.texts == ["error: no flow is loaded; use 'load FLOW'"])
    }

    @Test func helpPerformShowsSynopsisDescriptionAndExample() throws {
        var session = Session.demo()
        let out = session.execute("help perform")
        #expect(out.status == .ok)
        let info = try #require(CommandCatalog.info("perform"))
        #expect(out.texts.first == "perform ID [from SCENE|ADDRESS] [sender EXPR]")
        #expect(out.texts.contains("  performSegue(withIdentifier:sender:)"))
        // The description is wrapped; read it back as one paragraph.
        let body = out.texts.dropFirst(2).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("example:") }
        #expect(body.joined(separator: " ") == info.details)
        #expect(out.texts.allSatisfy { $0.count <= 80 }, "help is wrapped to the terminal")
        #expect(out.texts.last == "  example: perform ShowDetail sender self")
    }

    @Test(arguments: CommandCatalog.names)
    func everyCommandHasHelp(name: String) throws {
        var session = Session.demo()
        let info = try #require(CommandCatalog.info(name))
        #expect(info.synopsis == name || info.synopsis.hasPrefix(name + " "))
        #expect(!info.summary.isEmpty)
        #expect(!info.details.isEmpty)
        #expect(Words.split(info.example).first?.text == name, "the example of '\(name)' uses the command")
        let out = session.execute("help \(name)")
        #expect(out.status == .ok)
        #expect(out.texts.first == info.synopsis)
        #expect(out.texts.contains("  " + info.summary))
        #expect(out.texts.contains("  example: \(info.example)"))
        // The example is a command the shell knows (it may still be refused in this state).
        #expect(!session.execute(info.example).joined.contains("unknown command"))
    }
}

@Suite struct NavigationViewTests {
    private func frontMost(_ out: Output) -> [String] { out.texts.filter { $0.contains("◀ front-most") } }

    @Test func whereMarksTheFrontMost() {
        var session = Session.demo()
        var out = session.execute("where")
        #expect(out.texts == [
            "window",
            "└─ root <UINavigationController: 0x600000c04000> 'itemsNav'",
            "   └─ [0] <Items.ItemsViewController: 0x600000c04200> 'items' \"Items\"   ◀ front-most",
        ])
        #expect(session.location == "Items:ItemsViewController")

        session.run("select 1")
        out = session.execute("where")
        #expect(frontMost(out) == ["   └─ [1] <Items.DetailViewController: 0x600000c04400> 'detail' \"Detail\"   ◀ front-most"])
        #expect(session.location == "Items:DetailViewController")

        session.run("back", "tap add")
        out = session.execute("where")
        #expect(out.texts.contains("   └─ presents (pageSheet) <UINavigationController: 0x600000c04600> 'addItemNav'"))
        #expect(frontMost(out).count == 1)
        #expect(frontMost(out).first?.contains("<Items.AddItemViewController: 0x600000c04800> 'addItem'") == true)

        session.run("dismiss")
        out = session.execute("where")
        #expect(frontMost(out).first?.contains("<Items.ItemsViewController: 0x600000c04200>") == true)
        #expect(!out.joined.contains("presents"))
        #expect(session.status == .ok)
    }

    @Test func seguesNameTheObjectEachSegueActionIsLookedUpOn() {
        var session = Session.demo()
        let out = session.execute("segues")
        #expect(out.status == .ok)
        let items = "<Items.ItemsViewController: 0x600000c04200>"
        #expect(out.texts == [
            "segues of \(items) ('items'):",
            "  ShowDetail  show → detail  [cell]",
            "      segue action: -[\(items) createDetailViewControllerWithCoder:sender:segueIdentifier:] (implemented)",
            "  AddItem  presentation → addItemNav  [control:add]",
            "      child 'addItem' (rootViewController): -[\(items) createAddItemViewControllerWithCoder:sender:segueIdentifier:] (implemented)",
            "  AddItemBroken  presentation → addItemNavBroken  [control:addBroken]",
            "      child 'addItemBroken' (rootViewController): -[\(items) makeAddItemViewControllerWithCoder:sender:segueIdentifier:] (NOT implemented: UIKit logs 'Unable to find method' and falls back to init(coder:))",
        ])
        // The relationship segue's action is sent to the presenter, never to the navigation
        // controller subclass that implements it.
        #expect(!out.joined.contains("-[<Items.AddItemNavigationController"))
    }

    @Test func seguesListTheSegueActionsOfChildrenAtAnyDepth() throws {
        // A navigation controller in a tab of a presented tab bar controller: its root's
        // relationship action goes to the presenter too, and `segues` says so.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.file("tabnav.json", contents: """
        { "format": 1, "name": "T", "module": "T", "initial": "home",
          "classes": { "Home": { "segueActions": { "makeInbox(coder:)": { "returns": "Inbox" } } }, "Inbox": {} },
          "scenes": { "home": { "class": "Home", "controls": ["mail"] }, "tabs": { "class": "UITabBarController" },
                      "nav": { "class": "UINavigationController" }, "inbox": { "class": "Inbox" } },
          "segues": [
            { "id": "Mail", "source": "home", "destination": "tabs", "kind": "presentation", "trigger": "control:mail" },
            { "source": "tabs", "destination": "nav", "kind": "relationship", "relationship": "viewControllers" },
            { "source": "nav", "destination": "inbox", "kind": "relationship", "relationship": "rootViewController", "action": "makeInbox(coder:)" }
          ] }
        """)
        var session = Session()
        _ = session.load(path: path)
        let out = session.execute("segues")
        #expect(out.texts.contains("      child 'inbox' (rootViewController): -[<T.Home: 0x600000c04000> makeInboxWithCoder:] (implemented)"))
    }

    @Test func seguesMarkAnUnwindActionNoClassImplements() {
        var session = Session()
        _ = session.load(path: PackagePaths.flow("stale-references.json"))
        session.run("tap settings")
        let out = session.execute("segues")
        #expect(out.texts.contains("  Done  unwind → (unwind: backToList:) (no class implements it: the unwind does nothing)  [control:done]"))
    }

    @Test func seguesOfANamedInstanceAndOfOneWithoutSegues() {
        var session = Session.demo()
        session.run("select 1")
        var out = session.execute("segues")
        #expect(out.texts == ["<Items.DetailViewController: 0x600000c04400> ('detail') owns no segues"])
        out = session.execute("segues from items")
        #expect(out.texts.first == "segues of <Items.ItemsViewController: 0x600000c04200> ('items'):")
        out = session.execute("segues from 0x600000c04200")
        #expect(out.texts.first == "segues of <Items.ItemsViewController: 0x600000c04200> ('items'):")
        out = session.execute("segues from")
        #expect(out.status == .rejected)
    }

    /// The listing is kept per scene and class; each instance still gets its own description.
    @Test func seguesOfAnotherInstanceOfTheSameScene() {
        var session = Session.demo()
        session.run("tap add")
        let first = session.execute("segues").texts
        session.run("dismiss")
        session.run("tap add")
        let second = session.execute("segues").texts
        #expect(first.first == "segues of <Items.AddItemViewController: 0x600000c04600> ('addItem'):")
        #expect(second.first == "segues of <Items.AddItemViewController: 0x600000c04a00> ('addItem'):")
        #expect(first.dropFirst() == second.dropFirst())
        #expect(session.execute("segues from items").texts == session.execute("segues from items").texts)
    }

    @Test func seguesListCodeActionsOfTheClass() throws {
        var session = Session()
        _ = session.load(path: PackagePaths.flow("typed-destinations.json"))
        let out = session.execute("segues")
        #expect(out.texts.contains("actions of LoginViewController:"))
        #expect(out.texts.contains("  logIn(_:)  performSegue .DeviceGroups  [control:login]"))
    }

    @Test func inspectShowsWhereEachValueCameFrom() {
        var session = Session.demo()
        var out = session.execute("inspect")
        #expect(out.texts.first == "<Items.ItemsViewController: 0x600000c04200>")
        #expect(out.texts.contains("  class       ItemsViewController : UITableViewController : UIViewController"))
        #expect(out.texts.contains("  scene       'items', Storyboard ID Items"))
        #expect(out.texts.contains("        ← default value"))

        session.run("select 1")
        out = session.execute("inspect")
        #expect(out.status == .ok)
        #expect(Array(out.texts.suffix(3)) == [
            "  dependencies:",
            "    let item: DetailItem  =  viewModel.item(for: [0, 1])",
            "        ← createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:)",
        ])
        #expect(out.texts.contains("  parent      <UINavigationController: 0x600000c04000> (stack)"))

        // The same instance by scene and by address.
        #expect(session.execute("inspect detail").texts == out.texts)
        #expect(session.execute("inspect 0x600000c04400").texts == out.texts)
        #expect(session.execute("inspect itemsNav").texts.contains("  dependencies: none"))
    }

    @Test func inspectOfTheSheetShowsThePresenterAndTheSegueActionsValue() {
        var session = Session.demo()
        session.run("tap add")
        let out = session.execute("inspect")
        #expect(out.texts.contains("    let store: ItemStore  =  ItemStore()"))
        #expect(out.texts.contains("        ← createAddItemViewController(coder:sender:segueIdentifier:) through init(coder:store:)"))
        #expect(session.execute("inspect addItemNav").texts.contains {
            $0.hasPrefix("  presented   by <UINavigationController: 0x600000c04000>")
        })
    }

    @Test func scenesListsLiveInstances() {
        var session = Session.demo()
        let out = session.execute("scenes")
        #expect(out.lines.count == 7)
        #expect(out.texts.first == "itemsNav          UINavigationController  (initial)  live: 0x600000c04000")
        #expect(out.texts.contains("detail            DetailViewController"))
    }

    @Test func traceShowsLifecycleCallbacksOnlyWhenOn() {
        var session = Session.demo()
        #expect(session.execute("trace on").texts == ["trace is on"])
        var out = session.execute("select 1")
        #expect(out.texts.contains("life     <Items.DetailViewController: 0x600000c04400> viewWillAppear(_:)"))
        #expect(session.execute("trace off").texts == ["trace is off"])
        out = session.execute("back")
        #expect(!out.texts.contains { $0.hasPrefix("life ") || $0.hasPrefix("deinit ") })
    }
}

@Suite struct CrashTests {
    @Test func crashPrintsTheTrapAndEndsTheApp() {
        var session = Session.demo()
        let out = session.execute("tap addBroken")
        #expect(out.status == .crashed)
        #expect(out.texts.contains("[Storyboard] Unable to find method -[<Items.ItemsViewController: 0x600000c04200> makeAddItemViewControllerWithCoder:sender:segueIdentifier:]"))
        #expect(out.texts.contains("Items/AddItemViewController.swift:12: Fatal error: init(coder:) has not been implemented"))
        #expect(session.status == .crashed)
        #expect(session.location == "Items:crashed")
    }

    @Test func afterACrashOnlyInspectionCommandsWork() {
        var session = Session.demo()
        session.run("tap addBroken")
        for line in ["where", "inspect", "inspect items", "segues", "scenes", "history", "help", "trace on"] {
            let out = session.execute(line)
            #expect(out.status == .ok, "\(line): \(out.texts)")
            #expect(!out.joined.contains("error:"), "\(line)")
        }
        #expect(session.execute("where").texts.last == "(the app has crashed; this is its state at the crash)")
        for line in ["tap add", "select 1", "perform ShowDetail", "back", "dismiss", "tab 0", "call done"] {
            let out = session.execute(line)
            #expect(out.status == .rejected, "\(line)")
            #expect(out.texts == ["error: the app has crashed; only inspection ('where', 'inspect', 'segues', 'scenes', 'history', 'help'), 'relaunch' and 'load' work now"], "\(line)")
        }
        // Nothing changed: the crash state is still what `where` shows.
        #expect(session.location == "Items:crashed")
        // The worst status wins: a refused command does not hide the crash.
        #expect(session.status == .crashed)
    }

    @Test func relaunchStartsAgain() {
        var session = Session.demo()
        session.run("tap addBroken")
        let relaunch = session.execute("relaunch")
        #expect(relaunch.status == .ok)
        #expect(relaunch.texts.first == "new      <UINavigationController: 0x600000c04000> init(coder:)")
        #expect(session.location == "Items:ItemsViewController")
        let out = session.execute("tap add")
        #expect(out.status == .ok)
        #expect(session.location == "Items:AddItemViewController")
        #expect(session.status == .crashed, "the session remembers the crash for the exit status")
    }

    @Test func segueActionReturningNilFallsBackToInitCoder() {
        var session = Session.demo()
        let out = session.execute("perform ShowDetail")
        #expect(out.status == .crashed)
        #expect(out.texts.contains("[Storyboard] -[<Items.ItemsViewController: 0x600000c04200> createDetailViewControllerWithCoder:sender:segueIdentifier:] returned nil, falling back to -[_TtC5Items20DetailViewController initWithCoder:]"))
        #expect(out.texts.contains("Items/DetailViewController.swift:12: Fatal error: init(coder:) has not been implemented"))
    }
}

@Suite struct LoadTests {
    @Test func missingFileFailsAndKeepsThePreviousFlow() {
        var session = Session.demo()
        session.run("select 1")
        let before = session.execute("where").texts
        let out = session.execute("load /nonexistent/flownav/nope.json")
        #expect(out.status == .loadFailed)
        #expect(out.texts == ["/nonexistent/flownav/nope.json: error: no such file"])
        #expect(session.status == .loadFailed)
        #expect(session.flowName == "Items")
        #expect(session.flowPath == nil)
        // Not relaunched either: the pushed detail is still there.
        let after = session.execute("where")
        #expect(after.status == .ok)
        #expect(after.texts == before)
    }

    @Test func malformedFileReportsPositionsAndKeepsThePreviousFlow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.file("bad.json", contents: "{\n  \"format\": 1,\n  \"name\": \n}\n")
        var session = Session.demo()
        let out = session.execute("load \(path)")
        #expect(out.status == .loadFailed)
        #expect(out.texts.first == "\(path):4:1: error: unexpected '}'; expected a value")
        #expect(out.lines.allSatisfy { $0.style == .error || $0.style == .warning })
        #expect(session.flowName == "Items")
    }

    @Test func loadingAFlowReplacesTheAppAndRelaunches() {
        var session = Session.demo()
        session.run("select 1")
        let path = PackagePaths.flow("typed-destinations.json")
        let out = session.execute("load \(path)")
        #expect(out.status == .ok)
        #expect(out.texts.first?.hasPrefix("loaded Qold from \(path): ") == true, "\(out.texts)")
        #expect(session.flowName == "Qold")
        #expect(session.flowPath == path)
        #expect(session.location == "Qold:LoginViewController")
        // Addresses restart with the new app.
        #expect(session.execute("where").texts.contains { $0.contains("<Qold.LoginViewController: 0x600000c04200>") })
    }

    @Test func relativePathsResolveAgainstTheBaseDirectory() {
        var session = Session.demo()
        session.baseDirectory = PackagePaths.flows.path
        let out = session.execute("load injectable.json")
        #expect(out.status == .ok, "\(out.texts)")
        #expect(session.flowName == "Red Pill")
        #expect(session.flowPath == "injectable.json")
    }

    @Test func loadAfterACrashStartsTheNewApp() {
        var session = Session.demo()
        session.run("tap addBroken")
        _ = session.execute("load \(PackagePaths.flow("segue-actions.json"))")
        #expect(session.location == "Items:ItemsViewController")
        #expect(session.execute("tap add").status == .ok)
    }

    /// The demo is embedded in the binary; `generate-demo.sh` keeps it equal to the file.
    @Test func builtInDemoIsTheBundledFile() throws {
        let file = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
        #expect(DemoFlow.json + "\n" == file, "run `sh Sources/FlowShell/generate-demo.sh`")
        #expect(Session.demo().flowName == "Items")
    }
}

@Suite struct HistoryAndQuitTests {
    @Test func historyIsNumberedFromOneAndSkipsBlankAndCommentLines() {
        var session = Session.demo()
        session.run("where", "", "   ", "# a comment", "select 1", "perfrom x")
        let out = session.execute("history")
        #expect(out.texts == [
            "    1  where",
            "    2  select 1",
            "    3  perfrom x",
            "    4  history",
        ])
        #expect(session.history == ["where", "select 1", "perfrom x", "history"])
    }

    @Test func historyNumbersStayAlignedPastNine() {
        var session = Session.demo()
        for _ in 0..<11 { session.run("where") }
        let out = session.execute("history")
        #expect(out.lines.count == 12)
        #expect(out.texts[8] == "    9  where")
        #expect(out.texts[9] == "   10  where")
        #expect(out.texts[11] == "   12  history")
    }

    @Test func commentsAndBlankLinesPrintNothing() {
        var session = Session.demo()
        #expect(session.execute("# perform ShowDetail").lines.isEmpty)
        #expect(session.execute("").lines.isEmpty)
        #expect(session.status == .ok)
    }

    @Test func quitEndsTheSessionButTakesNoArguments() {
        var session = Session.demo()
        #expect(session.execute("quit").quit)
        let out = session.execute("quit now")
        #expect(!out.quit)
        #expect(out.status == .rejected)
    }
}

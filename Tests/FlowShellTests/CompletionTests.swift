import FlowShell
import TestSupport
import Testing

@Suite struct SessionCompletionTests {
    private let fresh = ["items", "itemsNav", "0x600000c04000", "0x600000c04200"]

    @Test func commandNames() {
        let session = Session.demo()
        #expect(session.completions(for: "") == .words(prefix: "", CommandCatalog.names))
        #expect(session.completions(for: "wh") == .words(prefix: "wh", ["where"]))
        #expect(session.completions(for: "h") == .words(prefix: "h", ["help", "history"]))
        #expect(session.completions(for: "re") == .words(prefix: "re", ["relaunch", "record"]))
        #expect(session.completions(for: "s") == .words(prefix: "s", ["segues", "select", "scenes"]))
        #expect(session.completions(for: "zz") == .words(prefix: "zz", []))
        // A complete name is still offered, so Tab adds the space after it.
        #expect(session.completions(for: "where") == .words(prefix: "where", ["where"]))
        // Leading spaces are not part of the word.
        #expect(session.completions(for: "  tap") == .words(prefix: "tap", ["tap"]))
    }

    @Test func commandNamesWithoutAFlow() {
        let session = Session()
        #expect(session.completions(for: "") == .words(prefix: "", CommandCatalog.names))
        #expect(session.completions(for: "perform ") == .words(prefix: "", []))
        #expect(session.completions(for: "inspect ") == .words(prefix: "", []))
    }

    @Test func performOffersTheFrontMostsSegueIdentifiers() {
        var session = Session.demo()
        #expect(session.completions(for: "perform ") == .words(prefix: "", ["AddItem", "AddItemBroken", "ShowDetail"]))
        #expect(session.completions(for: "perform Sh") == .words(prefix: "Sh", ["ShowDetail"]))
        #expect(session.completions(for: "perform Add") == .words(prefix: "Add", ["AddItem", "AddItemBroken"]))
        #expect(session.completions(for: "perform AddItemB") == .words(prefix: "AddItemB", ["AddItemBroken"]))
        #expect(session.completions(for: "perform show") == .words(prefix: "show", []), "matching is case-sensitive, as identifiers are")

        // They follow the front-most view controller.
        session.run("tap add")
        #expect(session.completions(for: "perform ") == .words(prefix: "", ["CancelAddItem", "SaveItem"]))
        session.run("dismiss", "select 0")
        #expect(session.completions(for: "perform ") == .words(prefix: "", []), "the detail scene owns no segues")
    }

    @Test func performOptions() {
        let session = Session.demo()
        #expect(session.completions(for: "perform ShowDetail ") == .words(prefix: "", ["from", "sender"]))
        #expect(session.completions(for: "perform ShowDetail s") == .words(prefix: "s", ["sender"]))
        #expect(session.completions(for: "perform ShowDetail sender ") == .words(prefix: "", ["self", "nil"]))
        #expect(session.completions(for: "perform ShowDetail from ") == .words(prefix: "", fresh))
        #expect(session.completions(for: "perform ShowDetail from items ") == .words(prefix: "", ["sender"]))
    }

    @Test func tapOffersTheFrontMostsControls() {
        var session = Session.demo()
        #expect(session.completions(for: "tap ") == .words(prefix: "", ["add", "addBroken"]))
        #expect(session.completions(for: "tap a") == .words(prefix: "a", ["add", "addBroken"]))
        #expect(session.completions(for: "tap addB") == .words(prefix: "addB", ["addBroken"]))
        #expect(session.completions(for: "tap add ") == .words(prefix: "", ["from"]))
        session.run("tap add")
        #expect(session.completions(for: "tap ") == .words(prefix: "", ["cancel", "save"]))
    }

    @Test func callOffersTheFrontClassActions() {
        var session = Session.demo()
        #expect(session.completions(for: "call ") == .words(prefix: "", []), "the demo's classes have no code actions")
        _ = session.load(path: PackagePaths.flow("typed-destinations.json"))
        #expect(session.completions(for: "call ") == .words(prefix: "", ["logIn(_:)", "openLastDevices(_:)"]))
        #expect(session.completions(for: "call o") == .words(prefix: "o", ["openLastDevices(_:)"]))
        #expect(session.completions(for: "call logIn(_:) ") == .words(prefix: "", ["from"]))
        #expect(session.completions(for: "tap ") == .words(prefix: "", ["login", "lastDevices"]))
    }

    @Test func selectOffersRows() {
        let session = Session.demo()
        #expect(session.completions(for: "select ") == .words(prefix: "", ["0", "1", "2"]))
        #expect(session.completions(for: "select 2") == .words(prefix: "2", ["2"]))
        #expect(session.completions(for: "tab ") == .words(prefix: "", []), "no tab bar controller in the demo")
    }

    @Test func fromAndInspectOfferLiveScenesAndAddresses() {
        var session = Session.demo()
        #expect(session.completions(for: "inspect ") == .words(prefix: "", fresh))
        #expect(session.completions(for: "segues from ") == .words(prefix: "", fresh))
        #expect(session.completions(for: "tap add from ") == .words(prefix: "", fresh))
        #expect(session.completions(for: "inspect it") == .words(prefix: "it", ["items", "itemsNav"]))
        #expect(session.completions(for: "inspect itemsN") == .words(prefix: "itemsN", ["itemsNav"]))
        #expect(session.completions(for: "inspect 0x") == .words(prefix: "0x", ["0x600000c04000", "0x600000c04200"]))
        #expect(session.completions(for: "inspect detail ") == .words(prefix: "", []))

        session.run("select 1")
        #expect(session.completions(for: "inspect ") == .words(prefix: "", ["detail", "items", "itemsNav", "0x600000c04000", "0x600000c04200", "0x600000c04400"]))
        // A released instance is not live any more.
        session.run("back")
        #expect(session.completions(for: "inspect ") == .words(prefix: "", fresh))
    }

    @Test func helpOffersCommands() {
        let session = Session.demo()
        #expect(session.completions(for: "help ") == .words(prefix: "", CommandCatalog.names))
        #expect(session.completions(for: "help p") == .words(prefix: "p", ["perform"]))
        #expect(session.completions(for: "help perform ") == .words(prefix: "", []))
    }

    @Test func traceOffersOnAndOff() {
        let session = Session.demo()
        #expect(session.completions(for: "trace ") == .words(prefix: "", ["on", "off"]))
        #expect(session.completions(for: "trace of") == .words(prefix: "of", ["off"]))
        #expect(session.completions(for: "trace on ") == .words(prefix: "", []))
    }

    @Test func loadAsksForAPath() {
        let session = Session.demo()
        #expect(session.completions(for: "load ") == .path(prefix: ""))
        #expect(session.completions(for: "load flows/se") == .path(prefix: "flows/se"))
        #expect(session.completions(for: "load /tmp/") == .path(prefix: "/tmp/"))
    }

    @Test func unknownCommandOrExtraWordsOfferNothing() {
        let session = Session.demo()
        #expect(session.completions(for: "frob ") == .words(prefix: "", []))
        #expect(session.completions(for: "where ") == .words(prefix: "", []))
        #expect(session.completions(for: "back x") == .words(prefix: "x", []))
    }

    /// Whatever the line, candidates start with the word being typed and appear once, and the
    /// prefix is exactly that word.
    @Test(arguments: [
        "", "p", "perform ", "perform A", "perform ShowDetail ", "perform ShowDetail sender ", "tap ", "tap a",
        "inspect ", "inspect i", "segues from ", "help ", "help h", "select ", "trace ", "call ", "x",
    ])
    func candidatesAreUniqueAndMatchThePrefix(line: String) {
        var session = Session.demo()
        session.run("select 1", "back")
        let expectedPrefix = line.hasSuffix(" ") || line.isEmpty ? "" : String(line.split(separator: " ").last!)
        guard case .words(let prefix, let words) = session.completions(for: line) else {
            Issue.record("'\(line)' asked for a path")
            return
        }
        #expect(prefix == expectedPrefix)
        #expect(words.allSatisfy { $0.hasPrefix(prefix) }, "\(words)")
        #expect(Set(words).count == words.count, "\(words)")
    }
}

@Suite struct LeadingFromTests {
    @Test func performFromASceneCompletesThatScenesSegues() {
        var session = Session.demo()
        session.run("tap add")
        // The front-most is the add screen; naming the list first offers the list's segues.
        #expect(session.completions(for: "perform from items ") == .words(prefix: "", ["AddItem", "AddItemBroken", "ShowDetail"]))
        #expect(session.completions(for: "perform from items Sh") == .words(prefix: "Sh", ["ShowDetail"]))
        #expect(session.completions(for: "tap from items ") == .words(prefix: "", ["add", "addBroken"]))
    }

    @Test func performFromASceneRunsOnThatScene() {
        var session = Session.demo()
        session.run("select 0", "back")
        let out = session.execute("perform from items AddItem")
        #expect(out.status == .ok)
        #expect(out.lines.contains { $0.text.hasPrefix("call     <Items.ItemsViewController: 0x600000c04200> performSegue(withIdentifier:sender:) — \"AddItem\"") })
    }
}

/// A path argument with spaces: completed quoted, and read back without its quote.
@Suite struct PathWordTests {
    @Test func aSpaceInsideQuotesDoesNotEndTheWord() {
        let w = PathWord(lineBeforeCursor: "load \"my flows/the a")
        #expect(w.typed == "\"my flows/the a")
        #expect(w.path == "my flows/the a")
        #expect(w.quoted)
        #expect(Session.demo().completions(for: "load \"my flows/the a") == .path(prefix: "my flows/the a"))
        #expect(Session.demo().completions(for: "record \"my st") == .path(prefix: "my st"))
    }

    @Test func pathsWithSpacesAreQuotedFilesClosedFoldersOpen() {
        let w = PathWord(lineBeforeCursor: "load my")
        #expect(w.insertions(["my flows/", "my app.json"]) == ["\"my flows/", "\"my app.json\""])
        #expect(w.insertions(["mine.json", "my flows/"]) == ["\"mine.json\"", "\"my flows/"], "all quoted, so they share a prefix")
        #expect(w.insertions(["mine.json"]) == ["mine.json"])
        #expect(PathWord(lineBeforeCursor: "load \"mi").insertions(["mine.json"]) == ["\"mine.json\""])
    }

    @Test func aQuotedPathLoads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let demo = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
        let path = try folder.file("the app.json", contents: demo)
        var session = Session()
        let out = session.execute("load \"\(path)\"")
        #expect(out.status == .ok, "\(out.lines.map(\.text))")
    }
}

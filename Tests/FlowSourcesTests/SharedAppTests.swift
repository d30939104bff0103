import FlowModel
import FlowSources
import TestSupport
import Testing

/// The apps of `shared/apps`, read as a whole; skipped where the shared data is not beside the package.
enum SharedApps {
    static func read(_ name: String) throws -> SourceFacts {
        let path = try #require(PackagePaths.app(name))
        switch SourceFinder.read([path]) {
        case .success(let files): return SourceReader.read(files)
        case .failure(let p): throw p
        }
    }

    /// Segue actions and unwind actions by owner: `Owner.name(…) -> Returns`.
    static func actions(_ facts: SourceFacts) -> [String] {
        facts.classes.values.flatMap { c in
            c.segueActions.map { "\(c.name).\($0.swiftName) -> \($0.returns ?? "?")\($0.nilWhen.map { " nil when \($0)" } ?? "")" }
                + c.unwindActions.map { "\(c.name).\($0) unwind" }
        }.sorted()
    }
}


@Suite(.needsSharedData)
struct SmallAppTests {
    @Test func segueActionDemo() throws {
        let facts = try SharedApps.read("SegueActionDemo")
        #expect(SharedApps.actions(facts) == ["ViewController.createNextViewController(coder:) -> NextViewController"])
        let next = try #require(facts.classes["NextViewController"])
        #expect(next.initCoder == .fatalError(message: "init(coder:) has not been implemented", line: 16))
        #expect(next.dependencies.map(\.declaration) == ["let content: Content"])
        #expect(facts.classes["ViewController"]?.actions.map(\.segue) == ["nextViewControllerSegue"])
        #expect(facts.notes.isEmpty)
    }

    @Test func toDoList() throws {
        let facts = try SharedApps.read("ToDoList")
        #expect(SharedApps.actions(facts) == [
            "ToDoTableViewController.editToDo(_:sender:) -> ToDoDetailTableViewController",
            "ToDoTableViewController.unwindToToDoList(segue:) unwind",
        ])
        // The add button gets an empty controller: no nil, and toDo stays optional.
        #expect(facts.classes["ToDoTableViewController"]?.segueActions.first?.set.map(\.name) == ["toDo"])
        #expect(facts.notes.isEmpty)
    }

    @Test func hotelCodable() throws {
        let facts = try SharedApps.read("HotelCodable")
        #expect(SharedApps.actions(facts) == [
            "AddRegistrationTableViewController.selectRoomType(_:) -> SelectRoomTypeTableViewController",
            "RegistrationTableViewController.showRegistration(_:sender:) -> AddRegistrationTableViewController",
            "RegistrationTableViewController.unwindFromAddRegistration(unwindSegue:) unwind",
        ])
        let select = try #require(facts.classes["AddRegistrationTableViewController"]?.segueActions.first)
        #expect(select.set.map(\.name) == ["delegate", "roomType"])
        #expect(facts.notes.isEmpty)
    }

    @Test func orderApp() throws {
        let facts = try SharedApps.read("OrderApp")
        #expect(SharedApps.actions(facts) == [
            "CategoryTableViewController.showMenu(_:sender:) -> MenuTableViewController nil when noSelection",
            "MenuTableViewController.showMenuItem(_:sender:) -> MenuItemDetailViewController nil when noSelection",
            "OrderTableViewController.confirmOrder(_:) -> OrderConfirmationViewController",
            "OrderTableViewController.unwindToOrderList(segue:) unwind",
        ])
        #expect(facts.classes["CategoryTableViewController"]?.segueActions.first?.arguments.map(\.expression) == ["categories[selection.row]"])
        // The tab bar item the scene delegate reads is not navigation; it is shown, not dropped.
        #expect(facts.notes.map { "\($0.location.file):\($0.location.line)" } == ["SceneDelegate.swift:14"])
    }
}

@Suite(.needsSharedData)
struct LargeAppTests {
    @Test func habiticaUnwindOwnersAndTypedIdentifiers() throws {
        let facts = try SharedApps.read("habitica-ios")
        #expect(facts.fileCount == 403)
        // Every unwind @IBAction of the app, on its owner (two are overrides; one through a generic superclass).
        #expect(SharedApps.actions(facts).filter { $0.hasSuffix("unwind") } == [
            "AccountSettingsViewController.unwindToListSave(_:) unwind",
            "BaseTableViewController.unwindToList(_:) unwind",
            "BaseTableViewController.unwindToListSave(_:) unwind",
            "GemViewController.unwindToList(_:) unwind",
            "ItemsViewController.unwindToListSave(_:) unwind",
            "MessagesViewController.unwindToAcceptGuidelines(_:) unwind",
            "PetDetailViewController.unwindToFeed(_:) unwind",
            "PetDetailViewController.unwindToList(_:) unwind",
            "SpellViewController.unwindToListSave(_:) unwind",
            "SplitSocialViewController.unwindToList(_:) unwind",
            "TaskTableViewController.unwindFilterChanged(segue:) unwind",
        ])
        #expect(facts.classes["PetDetailViewController"]?.superclass == "StableDetailViewController")
        // SwiftGen's StoryboardSegue.Main.x.rawValue, resolved through Generated/.
        #expect(facts.rawValues["StoryboardSegue.Main.detailSegue"] == "DetailSegue")
        let avatar = try #require(facts.classes["AvatarOverviewViewController"]?.prepare)
        #expect(avatar.compactMap(\.segue) == ["DetailSegue", "OldDetailSegue"])
        #expect(!facts.notes.contains { $0.text.contains("identifier not read") })
        // `if remote flag { perform(segue: .detailSegue) } else { perform(segue: .oldDetailSegue) }`:
        // alternatives, not a sequence; the first is the action, the other is named in a note.
        let openDetail = try #require(facts.classes["AvatarOverviewViewController"]?.actions.first { $0.name == "openDetailView(type:group:)" })
        #expect(openDetail.segue == "DetailSegue")
        #expect(facts.notes.contains {
            $0.location.file == "UI/Inventory/AvatarOverviewViewController.swift" && $0.location.line == 233
                && $0.text == "openDetailView(type:group:): navigates in 2 alternative ways (branches of one if); the first branch's (performSegue 'DetailSegue') is read, the others (performSegue 'OldDetailSegue') are not explored"
        }, "\(facts.notes.filter { $0.subject == "AvatarOverviewViewController" })")
    }

    @Test func habiticaClassFactsMergedAcrossFilesAndSuperclasses() throws {
        let facts = try SharedApps.read("habitica-ios")
        #expect(facts.classes.count == 111)
        // The README's counts (Reading Swift sources), as `flownav sources --summary` prints them.
        // (45 notes: HabiticaAlertController's four convenience initializers end in its own
        // init(), which is read, so they are no longer "read as ending in init(nibName:bundle:)";
        // then 57: twelve code actions navigate only under a test flownav does not evaluate.)
        // (Issue 31, item 6: 57 code actions and 63 notes — PromotionInfoViewController's
        // viewDidAppear(_:) dismisses when promotion is nil, and six navigations in closures of
        // viewDidLoad / viewWillAppear are named as not run from the callback.)
        #expect(facts.summary == "403 Swift files: 111 view-controller classes, 0 segue actions, 38 prepare cases, 11 unwind actions, 57 code actions, 63 notes")
        #expect(facts.notes.filter { $0.text.contains(" only when ") && $0.text.contains("which flownav does not evaluate") }.count == 12)
        // SwiftGen's scenes: the scene delegate's root and the code actions that show one.
        #expect(facts.launch.root?.storyboardName == "Intro" && facts.launch.root?.storyboardIdentifier == nil)
        #expect(facts.launch.root?.origin.path == "Utilities/SceneDelegate.swift" && facts.launch.root?.origin.position?.line == 29)
        let shown = facts.classes.values.flatMap(\.actions).filter { $0.storyboardName != nil }
        #expect(shown.count == 8)
        #expect(facts.classes["SpellViewController"]?.actions.first.map { "\($0.storyboardName ?? "") \($0.storyboardIdentifier ?? "")" } == "Main spellTaskNavigationController")
        // A generic UIHostingController subclass is a view controller; code presents it.
        #expect(facts.classes["HostingBottomSheetController"]?.superclass == "UIViewController")
        // `let appleValidator` is set under #if DEBUG in both initializers.
        let subscription = try #require(facts.classes["SubscriptionViewController"])
        #expect(subscription.initializers.map { "\($0.name) \($0.sets)" } == [
            "init(nibName:bundle:) [\"appleValidator\"]", "init(coder:) [\"appleValidator\"]",
        ])
        // viewDidLoad's reads of inherited constants (`disposable`, `userRepository`) and outlets
        // are not dependencies: every use names one the class or a superclass declares.
        for c in facts.classes.values {
            var names = Set(c.dependencies.map(\.name))
            var s: String? = c.superclass
            while let n = s, let d = facts.classes[n] { names.formUnion(d.dependencies.map(\.name)); s = d.superclass }
            for u in c.viewDidLoad?.uses ?? [] { #expect(names.contains(u), "\(c.name) uses \(u)") }
        }
    }

    @Test func rocketChatPrepareWithoutIdentifierTests() throws {
        let facts = try SharedApps.read("Rocket.Chat-iOS")
        #expect(facts.classes.count >= 50)
        // SubscriptionsViewController.recognizeDirectoryTapGesture(_:) presents the Directory
        // storyboard's initial scene inside a BaseNavigationController built in code (`embedIn`):
        // one code action, and a note that its phone branch (a push) is not explored.
        // 38 notes: issue 31's outlet reader reads `_ = controller.view` (it loads the view), which
        // was a statement-not-read note.
        #expect(facts.summary == "516 Swift files: 52 view-controller classes, 0 segue actions, 18 prepare cases, 0 unwind actions, 40 code actions, 38 notes")
        // Seven of them (DirectoryViewController's `if let presentingViewController {
        // presentingViewController.dismiss(…) }` unwraps the receiver only, so it is no such test): a code action that navigates only under a test flownav does not evaluate.
        #expect(facts.notes.filter { $0.text.contains(" only when ") && $0.text.contains("which flownav does not evaluate") }.count == 7)
        // WindowManager.open sets the window's root from an enum case: a note per launch call.
        #expect(facts.launch.root == nil)
        #expect(facts.notes.filter { $0.subject == "launch" && $0.text.contains("WindowManager.open(_:viewControllerIdentifier:transitionType:)") }.map(\.location.line) == [35, 38, 40])
        #expect(SharedApps.actions(facts).isEmpty)
        let cases = facts.classes.values.flatMap { $0.prepare ?? [] }
        #expect(cases.contains { $0.segue == nil && $0.cast != nil })
        // Methods prepare calls are declared on the destination, with what they assign.
        #expect(facts.classes["DrawingBrushWidthViewController"]?.methods.map { "\($0.name) \($0.sets)" } == ["setCurrentWidth(_:) [\"width\"]"])
        #expect(facts.classes["LoginTableViewController"]?.methods.map(\.name) == ["authenticateWithDeepLinkCredentials(_:)"])
    }

    @Test func aCallOrSetPrepareCannotFollowIsANoteNotALoadError() throws {
        let files = [
            SourceFile(path: "A.swift", text: """
                import UIKit
                class Detail: PodViewController {}
                class Base: UIViewController {
                    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                        if let d = segue.destination as? Detail {
                            d.configure(with: 1)
                            d.title2 = "x"
                        }
                    }
                }
                """),
        ]
        let facts = SourceReader.read(files)
        let c = try #require(facts.classes["Base"]?.prepare?.first)
        #expect(c.call == nil && c.set.isEmpty)
        #expect(facts.notes.map(\.text).contains { $0.contains("calls configure(with:) on Detail, which no Swift source declares") })
        #expect(facts.notes.map(\.text).contains { $0.contains("sets title2 of Detail, which is not a stored property of it in the sources") })
    }
}

import FlowModel
import FlowSources
import Testing

/// Issue 31 item 3: `@IBOutlet`s and what `prepare`, launch code and a destination's own methods
/// do through them, in every shape the reader follows.
@Suite struct OutletReaderTests {
    static let detail = """
        class DetailViewController: UIViewController {
            @IBOutlet weak var titleLabel: UILabel!
            @IBOutlet weak var noteLabel: UILabel?
            @IBOutlet var buttons: [UIButton]!
            @IBOutlet weak var imageView: UIImageView!
            @IBOutlet weak var button: UIButton!
            var item: Item!
            func configure(with item: Item) {
                self.item = item
                titleLabel.text = item.name
            }
            func setUp(_ a: Int, _ b: Int) {
                self.imageView.image = nil
            }
            func describe() -> String { "" }
        }
        """

    static func prepare(_ body: String) throws -> (SourceFacts, [PrepareCase]) {
        let facts = read(["Detail.swift": detail, "List.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
            \(body)
                }
            }
            """])
        return (facts, try #require(facts.classes["ListViewController"]?.prepare))
    }

    static func accesses(_ cases: [PrepareCase]) -> [String] {
        cases.flatMap(\.outlets).map { a in a.name + (a.optionalChaining ? "?" : "") + (a.forceUnwrap ? "!" : "") + "@\(a.line ?? 0)" }
    }

    @Test func outletsAreReadWithTheirDeclaredTypeKindAndLine() throws {
        let facts = read(["Detail.swift": Self.detail])
        let outlets = try #require(facts.classes["DetailViewController"]?.outlets)
        #expect(outlets.map(\.name) == ["titleLabel", "noteLabel", "buttons", "imageView", "button"])
        #expect(outlets.map(\.kind) == [.implicitlyUnwrapped, .optional, .implicitlyUnwrapped, .implicitlyUnwrapped, .implicitlyUnwrapped])
        #expect(outlets[2].type == "[UIButton]!")
        #expect(outlets[0].line == 2)
        // Outlets are not dependencies (a plain stored property is).
        #expect(facts.classes["DetailViewController"]?.dependencies.map(\.name) == ["item"])
    }

    @Test func aLetCastThenMembersOfOutletsAreAccessesAtTheirLines() throws {
        let (_, cases) = try Self.prepare("""
                    let d = segue.destination as! DetailViewController
                    d.item = item
                    d.titleLabel.text = item.name
                    d.imageView.image = item.image
                    d.button.isHidden = true
                    d.buttons[0].isEnabled = false
            """)
        #expect(Self.accesses(cases) == ["titleLabel@5", "imageView@6", "button@7", "buttons@8"])
        #expect(cases.flatMap(\.set).map(\.name) == ["item"])
    }

    @Test func ifLetAndTheOptionalChainOnTheCastStillReadThroughTheOutlet() throws {
        let (_, cases) = try Self.prepare("""
                    if let d = segue.destination as? DetailViewController {
                        d.titleLabel.text = "x"
                    }
                    (segue.destination as? DetailViewController)?.titleLabel.text = "y"
            """)
        // `?.` after the cast guards the cast, not the implicitly unwrapped outlet.
        #expect(Self.accesses(cases) == ["titleLabel@4", "titleLabel@6"])
        #expect(cases.allSatisfy { $0.cast == "DetailViewController" })
    }

    @Test func optionalChainsForceUnwrapsAndLoadingTheViewAreSaid() throws {
        let (_, cases) = try Self.prepare("""
                    guard let d = segue.destination as? DetailViewController else { return }
                    d.loadViewIfNeeded()
                    _ = d.view
                    d.titleLabel?.text = "a"
                    d.noteLabel?.text = "b"
                    d.noteLabel!.text = "c"
            """)
        #expect(Self.accesses(cases) == ["loadViewIfNeeded()@4", "view@5", "titleLabel?@6", "noteLabel?@7", "noteLabel!@8"])
    }

    @Test func aPlainPropertyCopyingOrAssigningAnOutletIsNoAccess() throws {
        let (_, cases) = try Self.prepare("""
                    let d = segue.destination as! DetailViewController
                    d.item.name = "x"
                    let l = d.titleLabel
                    d.titleLabel = UILabel()
            """)
        #expect(Self.accesses(cases).isEmpty)
    }

    @Test func helpersOfTheDestinationCarryTheirOwnAccessesInTheirFile() throws {
        let (facts, cases) = try Self.prepare("""
                    let d = segue.destination as! DetailViewController
                    d.configure(with: item)
                    d.setUp(1, 2)
                    d.describe()
            """)
        #expect(cases.contains { $0.call == "configure(with:)" })
        // A helper that touches no outlet says nothing.
        #expect(Self.accesses(cases) == ["setUp(_:_:)@5"])
        let methods = try #require(facts.classes["DetailViewController"]?.methods)
        let configure = try #require(methods.first { $0.name == "configure(with:)" })
        #expect(configure.outlets?.map(\.name) == ["titleLabel"])
        #expect(configure.outlets?.first?.line == 10)
        #expect(methods.first { $0.name == "setUp(_:_:)" }?.outlets?.map(\.name) == ["imageView"])
    }

    @Test func viewDidLoadReadsItsOwnOutletsButNotOnesItAssigns() throws {
        let facts = read(["V.swift": """
            class V: UIViewController {
                @IBOutlet weak var label: UILabel!
                @IBOutlet weak var made: UILabel!
                @IBOutlet weak var maybe: UILabel?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    made = UILabel()
                    made.text = "ok"
                    label.text = "x"
                    self.maybe?.text = "y"
                    DispatchQueue.main.async { self.label.text = "later" }
                }
            }
            """])
        let outlets = try #require(facts.classes["V"]?.viewDidLoad?.outlets)
        #expect(outlets.map(\.name) == ["label", "maybe"])
        #expect(outlets.map(\.line) == [9, 10])
        #expect(outlets[1].optionalChaining)
    }
}

@Suite struct OutletCodeActionReaderTests {
    @Test func aControllerBuiltThenConfiguredBeforeItIsShownCarriesItsAccesses() throws {
        let facts = read(["Detail.swift": OutletReaderTests.detail, "List.swift": """
            class ListViewController: UIViewController {
                @IBAction func show(_ sender: Any) {
                    let vc = storyboard!.instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                    vc.titleLabel.text = "x"
                    vc.noteLabel?.text = "y"
                    present(vc, animated: true)
                    vc.imageView.image = nil
                }
                @IBAction func make(_ sender: Any) {
                    let d = DetailViewController()
                    d.loadViewIfNeeded()
                    d.button.isHidden = true
                    navigationController?.pushViewController(d, animated: true)
                }
            }
            """])
        let actions = try #require(facts.classes["ListViewController"]?.actions)
        let show = try #require(actions.first { $0.name == "show(_:)" })
        // After the call the view is loaded (or being loaded): not an access before it.
        #expect(show.outlets.map(\.name) == ["titleLabel", "noteLabel"])
        #expect(show.outlets.map(\.optionalChaining) == [false, true])
        let make = try #require(actions.first { $0.name == "make(_:)" })
        #expect(make.outlets.map(\.name) == ["loadViewIfNeeded()", "button"])
    }
}

@Suite struct OutletOrderReaderTests {
    @Test func accessesBeforeTheFirstAssignmentAreMarkedBeforeSet() throws {
        let (_, cases) = try OutletReaderTests.prepare("""
                    let d = segue.destination as! DetailViewController
                    d.loadViewIfNeeded()
                    d.item = item
                    d.titleLabel.text = "x"
            """)
        let outlets = cases.flatMap(\.outlets)
        #expect(outlets.map(\.name) == ["loadViewIfNeeded()", "titleLabel"])
        #expect(outlets.map(\.beforeSet) == [true, false])
    }
}

@Suite struct OutletSwitchReaderTests {
    @Test func aSwitchCaseOnTheDestinationsClassThatOnlyTouchesAnOutletIsKept() throws {
        let (_, cases) = try OutletReaderTests.prepare("""
                    switch segue.destination {
                    case let d as DetailViewController:
                        d.titleLabel.text = "a"
                    default:
                        break
                    }
            """)
        #expect(cases.contains { $0.cast == "DetailViewController" && $0.outlets.map(\.name) == ["titleLabel"] && $0.branch != nil })
    }
}

@Suite struct OutletCollectionLoopReaderTests {
    @Test func aLoopOverAnOutletCollectionReadsThroughIt() throws {
        let (_, cases) = try OutletReaderTests.prepare("""
                    let d = segue.destination as! DetailViewController
                    for b in d.buttons { b.isHidden = true }
            """)
        #expect(OutletReaderTests.accesses(cases) == ["buttons@4"])
    }
}

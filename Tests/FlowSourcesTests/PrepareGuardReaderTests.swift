import FlowModel
import FlowSources
import Testing

/// `guard … else { return }` in `prepare(for:sender:)` is read as an `exits` case where it is
/// written, so that when it fails nothing after it runs — not only its own `if` or `case`.
@Suite struct PrepareGuardReaderTests {
    @Test func aGuardInsideOneIdentifiersIfIsAnExitsCaseBeforeTheCasesAfterIt() throws {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if segue.identifier == "Detail" {
                        guard let detail = segue.destination as? DetailViewController else { return }
                        detail.item = item
                    }
                    if let settings = segue.destination as? SettingsViewController {
                        settings.user = user
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["ListViewController"]?.prepare)
        #expect(cases.count == 3)
        #expect(cases[0].exits)
        #expect(cases[0].segue == "Detail")
        #expect(cases[0].cast == "DetailViewController")
        #expect(cases[0].set.isEmpty && cases[0].call == nil)
        #expect(cases[0].origin.position?.line == 4)
        #expect(!cases[1].exits)
        #expect(cases[1].set.map(\.name) == ["item"])
        #expect(cases[2].cast == "SettingsViewController")
        #expect(!cases[2].exits)
    }

    @Test func aGuardThroughANavigationControllerTestsTheContainerThenTheTop() throws {
        // Habitica's RewardViewController: two guards, the container's kind, then its top.
        let facts = read(["A.swift": """
            class RewardViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if segue.identifier == "FormSegue" {
                        guard let nav = segue.destination as? UINavigationController else {
                            return
                        }
                        guard let form = nav.topViewController as? TaskFormController else {
                            return
                        }
                        form.taskType = .reward
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["RewardViewController"]?.prepare)
        #expect(cases.map(\.exits) == [true, true, false])
        #expect(cases.map(\.cast) == ["UINavigationController", "TaskFormController", "TaskFormController"])
        #expect(cases.map(\.unwrap) == [[], [.navigationTop], [.navigationTop]])
        #expect(cases.allSatisfy { $0.segue == "FormSegue" })
    }

    @Test func aSelectionGuardIsAnExitsCaseOnTheSelection() throws {
        let facts = read(["A.swift": """
            class ListViewController: UITableViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    guard let indexPath = tableView.indexPathForSelectedRow else { return }
                    let detail = segue.destination as? DetailViewController
                    detail?.item = items[indexPath.row]
                }
            }
            """])
        let cases = try #require(facts.classes["ListViewController"]?.prepare)
        #expect(cases.count == 2)
        #expect(cases[0].exits)
        #expect(cases[0].guardCondition == .selection)
        #expect(cases[0].cast == nil)
        #expect(cases[1].set.map(\.name) == ["item"])
    }

    @Test func aGuardInAChainBranchIsReachedOnceTheBranchIsTaken() throws {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    if let chat = segue.destination as? ChatViewController {
                        guard let indexPath = tableView.indexPathForSelectedRow else { return }
                        chat.userID = ids[indexPath.row]
                    } else if segue.identifier == "Settings" {
                        guard let settings = segue.destination as? SettingsViewController else { return }
                        settings.user = user
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["ListViewController"]?.prepare)
        // The second branch: its guard, then its assignment, both on the identifier alone.
        let settings = cases.filter { $0.segue == "Settings" }
        #expect(settings.map(\.exits) == [true, false])
        #expect(settings.allSatisfy { $0.branch?.index == 1 && $0.branch?.castInBody == true })
        // The first branch's test is its cast: it keeps it (a guard first would be taken on nothing).
        #expect(cases.first?.branch?.index == 0)
        #expect(cases.first?.exits == false)
        #expect(cases.first?.cast == "ChatViewController")
        #expect(cases.first?.branch?.castInBody == false)
        #expect(cases.filter { $0.branch?.index == 0 }.map(\.exits) == [false, true, false])
    }

    @Test func aGuardThatBreaksLeavesOnlyItsSwitchCase() throws {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    switch segue.identifier {
                    case "Detail":
                        guard let detail = segue.destination as? DetailViewController else { break }
                        detail.item = item
                    default:
                        break
                    }
                }
            }
            """])
        let cases = try #require(facts.classes["ListViewController"]?.prepare)
        #expect(!cases.contains { $0.exits })
    }

    @Test func theFlowJSONWritesExits() throws {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    guard let detail = segue.destination as? DetailViewController else { return }
                    detail.item = item
                }
            }
            """])
        let json = FlowJSON.fragment(facts)
        #expect(json.contains(#"{ "as": "DetailViewController", "exits": true, "at": "A.swift:3" }"#))
    }
}

@Suite struct ForcedCastReaderTests {
    // Issue 31 item 2: `as!` is now read as the forced cast (it traps when it fails), so the
    // note that it was read as `as?` is gone.
    @Test func aForcedCastOfTheDestinationIsReadAsAForcedOneWithoutANote() throws {
        let facts = read(["A.swift": """
            class ListViewController: UIViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    let detail = segue.destination as! DetailViewController
                    let cell = sender as! UITableViewCell
                    detail.item = item(for: cell)
                }
            }
            """])
        let cases = try #require(facts.classes["ListViewController"]?.prepare)
        #expect(cases.first?.cast == "DetailViewController")
        #expect(cases.first?.forced == true)
        // No note: the destination's cast is read, and the sender's is no navigation.
        #expect(facts.notes.filter { $0.text.contains("forced cast") || $0.text.contains("is read as as?") }.isEmpty)
    }
}

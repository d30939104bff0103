import FlowEngine
import FlowModel
import Testing

/// `assign(_:)` and `run(_:into:)`, which `flownav check` and the shell use to run commands
/// without a new state or event list each time: they must behave exactly like a copy and
/// `run(_:)`.
@Suite("Simulator reuse")
struct SimulatorReuseTests {
    @Test("assign makes a simulator equal to a copy of the other, whatever it held before")
    func assignEqualsCopy() throws {
        let app = try App(seed: "segue-actions.json")
        var from = app.sim
        _ = from.run(.select(section: 0, row: 1, on: nil))
        var reused = app.sim
        // A larger state first, then a smaller one: the storage is kept, the contents are not.
        _ = reused.run(.tap(control: "add", on: nil))
        _ = reused.run(.tap(control: "save", on: nil))
        _ = reused.run(.select(section: 0, row: 2, on: nil))
        reused.assign(from)
        #expect(reused.state == from.state)
        var copy = from
        let a = reused.run(.back)
        let b = copy.run(.back)
        #expect(a == b)
        #expect(reused.state == copy.state)
        // The source is untouched by what the reused one ran.
        #expect(from.state != reused.state)
        // And the other way: a smaller state takes a larger one.
        var small = app.sim
        small.assign(reused)
        #expect(small.state == reused.state)
        #expect(small.run(.back) == reused.run(.back))
        #expect(small.state == reused.state)
    }

    @Test("run(_:into:) replaces the list's contents with the command's events, as run(_:) returns them")
    func runIntoMatchesRun() throws {
        let app = try App(seed: "segue-actions.json")
        var a = app.sim, b = app.sim
        var events: [Event] = [.note("left over")]
        for command: Command in [.select(section: 0, row: 0, on: nil), .back, .tap(control: "add", on: nil), .dismiss] {
            let rejection = a.run(command, into: &events)
            #expect(rejection == nil)
            guard case .success(let expected) = b.run(command) else {
                Issue.record("rejected: \(command)")
                return
            }
            #expect(events == expected)
        }
        // A rejected command leaves the list empty and the app as it was.
        let before = a.state
        let rejection = a.run(.back, into: &events)
        #expect(rejection != nil && events.isEmpty && a.state == before)
    }

    @Test("after a crash, run(_:into:) rejects every command")
    func crashedRejects() throws {
        let app = try App(seed: "segue-actions.json")
        var sim = app.sim
        var events: [Event] = []
        _ = sim.run(.tap(control: "addBroken", on: nil), into: &events)
        #expect(sim.hasCrashed)
        #expect(events.contains { if case .crashed = $0 { return true } else { return false } })
        #expect(sim.run(.back, into: &events)?.message.hasPrefix("the app has crashed") == true)
        #expect(events.isEmpty)
    }
}

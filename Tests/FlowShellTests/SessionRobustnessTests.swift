import FlowShell
import TestSupport
import Testing

/// Random command lines — real names and nonsense, with and without arguments — must never
/// trap flownav; every line ends with a status, and the shell stays usable.
@Suite struct SessionRobustnessTests {
    @Test(arguments: PackagePaths.bundledFlows)
    func randomCommandLinesNeverBreakTheShell(_ name: String) throws {
        var session = Session()
        _ = session.load(path: PackagePaths.flow(name))
        let sim = try #require(session.sim)
        let words = ["where", "segues", "perform", "tap", "select", "call", "back", "dismiss", "tab", "inspect",
                     "trace", "on", "scenes", "history", "help", "from", "sender", "self", "nil", "0", "1", "2", "-1",
                     "99", "0x600000c04200", "\"quoted words\"", "é"]
        let names = sim.flow.scenes.map(\.id) + sim.flow.scenes.flatMap(\.controls) + sim.flow.segues.compactMap(\.identifier)
            + sim.flow.classes.values.flatMap { $0.actions.map(\.name) }.sorted()
        var state: UInt64 = 12345
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var statuses = Set<Status>()
        for _ in 0..<1500 {
            var line = words[next(words.count)]
            for _ in 0..<next(4) { line += " " + (next(2) == 0 ? words[next(words.count)] : names[next(names.count)]) }
            let out = session.execute(line)
            statuses.insert(out.status)
            if next(40) == 0 { _ = session.execute("relaunch") }
        }
        #expect(statuses.contains(.rejected), "nonsense is rejected")
        let after = session.execute("where")
        #expect(after.status == .ok && after.lines.first?.text == "window")
    }
}

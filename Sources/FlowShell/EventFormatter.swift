import FlowEngine
import FlowModel

/// Turns the engine's events into the lines users read. With trace off, the appearance
/// callbacks and deinits are left out; everything that decides injection stays.
struct EventFormatter {
    let sim: Simulator
    let trace: Bool
    /// Descriptions made already (`Descriptions`); the others are made on the spot.
    var names: [String] = []

    func lines(_ events: [Event]) -> [OutputLine] {
        var out: [OutputLine] = []
        for e in events { if let l = line(e) { out.append(contentsOf: l) } }
        return out
    }

    private func d(_ id: Int) -> String { sim.describe(id, from: names) }

    private func line(_ e: Event) -> [OutputLine]? {
        switch e {
        case .instantiated(let id, let via):
            switch via {
            case .initCoder:
                return [OutputLine("new      \(d(id)) init(coder:)", .event)]
            case .segueAction(let target, let selector, let initializer):
                return [OutputLine("new      \(d(id)) \(initializer), from -[\(d(target)) \(selector)]", .event)]
            case .code(let initializer, let caller):
                return [OutputLine("new      \(d(id)) \(initializer), in \(caller)", .event)]
            }
        case .called(let id, let method, let detail):
            let who = id.map { d($0) + " " } ?? ""
            let text: String
            switch detail?.kind {
            case nil: text = ""
            case .text(let t)?: text = " — " + t
            case .prepare(let identifier, let destination, _)?: text = " — " + CallDetail.prepareText(identifier: identifier, destination: d(destination))
                case .segueAction?: text = " — " + detail!.text
            }
            return [OutputLine("call     \(who)\(method)\(text)", .event)]
        case .lifecycle(let id, let callback):
            if callback == .viewDidLoad { return [OutputLine("call     \(d(id)) viewDidLoad()", .event)] }
            return trace ? [OutputLine("life     \(d(id)) \(callback.rawValue)", .event)] : nil
        case .injected(let id, let dependency, let value, let by):
            return [OutputLine("set      \(d(id)).\(dependency) = \(value ?? "nil")   (\(by))", .event)]
        case .console(let category, let message):
            return [OutputLine("[\(category)] \(message)", .console)]
        case .note(let text):
            return [OutputLine("note: \(text)", .note)]
        case .crashed(let crash):
            return crash.consoleLines.map { OutputLine($0, .crash) }
        case .transition(let t):
            return transition(t)
        }
    }

    private func transition(_ t: Transition) -> [OutputLine]? {
        let text: String
        switch t {
        case .setRoot(let id): text = "root     \(d(id)) is the window's root view controller"
        case .push(let id, let nav): text = "push     \(d(id)) onto \(d(nav))"
        case .present(let id, let by, let style):
            let shown = style == .automatic ? "automatic → pageSheet" : style.rawValue
            text = "present  \(d(id)) on \(d(by)) (\(shown))"
        case .pop(let id, let nav): text = "pop      \(d(id)) from \(d(nav))"
        case .dismiss(let id, let by): text = "dismiss  \(d(id)) presented by \(d(by))"
        case .selectTab(let id, let index, let of): text = "tab      \(index): \(d(id)) in \(d(of))"
        case .showDetail(let id, let split): text = "detail   \(d(id)) in \(d(split))"
        case .embed(let id, let parent): text = "embed    \(d(id)) in \(d(parent))"
        case .addChild(let id, let parent, let role): text = "child    \(d(id)) in \(d(parent)) (\(role.rawValue))"
        case .released(let id):
            guard trace else { return nil }
            text = "deinit   \(d(id))"
        }
        return [OutputLine(text, .event)]
    }
}

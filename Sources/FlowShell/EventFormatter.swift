import FlowEngine
import FlowModel

/// Turns the engine's events into the lines users read. With trace off, the appearance
/// callbacks and deinits are left out; everything that decides injection stays.
///
/// Lines are written piece by piece into the output's buffer: building each as a string first
/// (interpolation, then a copy into an array of lines) was most of a replay's formatting time.
struct EventFormatter {
    let sim: Simulator
    let trace: Bool
    /// Descriptions made already; the others are made on the spot.
    var names = Descriptions()

    func write(_ events: [Event], into out: inout Output) {
        Self.write(events, sim: sim, names: names, trace: trace, into: &out)
    }

    /// The same, borrowing the simulator and descriptions (a formatter holding them is a copy:
    /// a retain and a release of each of their arrays, per command).
    static func write(_ events: [Event], sim: Simulator, names: Descriptions, trace: Bool, into out: inout Output) {
        // Each event is borrowed from the buffer, not copied out (a retain and a release of its
        // strings) as `for e in events` does.
        events.withUnsafeBufferPointer { events in
            for k in events.indices { write(events[k], sim: sim, names: names, trace: trace, into: &out) }
        }
    }

    private static func write(_ e: Event, sim: Simulator, names: Descriptions, trace: Bool, into out: inout Output) {
        switch e {
        case .instantiated(let id, let via):
            out.write("new      " as StaticString)
            names.write(id, of: sim, into: &out)
            switch via {
            case .initCoder:
                out.write(" init(coder:)" as StaticString)
            case .segueAction(let target, let selector, let initializer):
                out.write(byte: 0x20)
                out.write(initializer)
                out.write(", from -[" as StaticString)
                names.write(target, of: sim, into: &out)
                out.write(byte: 0x20)
                out.write(selector)
                out.write(byte: 0x5D) // ]
            case .code(let initializer, let caller):
                out.write(byte: 0x20)
                out.write(initializer)
                out.write(", in " as StaticString)
                out.write(caller)
            }
            out.endLine(.event)
        case .called(let id, let method, let detail):
            out.write("call     " as StaticString)
            if let id {
                names.write(id, of: sim, into: &out)
                out.write(byte: 0x20)
            }
            out.write(method)
            switch detail?.kind {
            case nil: break
            case .text(let t)?:
                out.write(" — " as StaticString)
                out.write(t)
            case .prepare(let identifier, let destination, _)?:
                // CallDetail.prepareText, written in place.
                out.write(" — segue " as StaticString)
                if let identifier {
                    out.write(byte: 0x27)
                    out.write(identifier)
                    out.write(byte: 0x27)
                } else {
                    out.write("(no identifier)" as StaticString)
                }
                out.write(", destination " as StaticString)
                names.write(destination, of: sim, into: &out)
            case .segueAction(let sceneID)?:
                // CallDetail.text, written in place.
                out.write(" — segue action, for scene '" as StaticString)
                out.write(sceneID)
                out.write(byte: 0x27)
            }
            out.endLine(.event)
        case .lifecycle(let id, let callback):
            if callback == .viewDidLoad {
                out.write("call     " as StaticString)
                names.write(id, of: sim, into: &out)
                out.write(" viewDidLoad()" as StaticString)
                out.endLine(.event)
            } else if trace {
                out.write("life     " as StaticString)
                names.write(id, of: sim, into: &out)
                out.write(byte: 0x20)
                out.write(callback.rawValue)
                out.endLine(.event)
            }
        case .injected(let id, let dependency, let value, let by):
            out.write("set      " as StaticString)
            names.write(id, of: sim, into: &out)
            out.write(byte: 0x2E) // .
            out.write(dependency)
            out.write(" = " as StaticString)
            if let value { out.write(value) } else { out.write("nil" as StaticString) }
            out.write("   (" as StaticString)
            out.write(by)
            out.write(byte: 0x29) // )
            out.endLine(.event)
        case .console(let category, let message):
            out.write(byte: 0x5B) // [
            out.write(category)
            out.write("] " as StaticString)
            out.write(message)
            out.endLine(.console)
        case .note(let text):
            out.write("note: " as StaticString)
            out.write(text)
            out.endLine(.note)
        case .crashed(let crash):
            for l in crash.consoleLines { out.add(l, .crash) }
        case .transition(let t):
            write(t, sim: sim, names: names, trace: trace, into: &out)
        }
    }

    private static func write(_ t: Transition, sim: Simulator, names: Descriptions, trace: Bool, into out: inout Output) {
        // Most transitions print as `VERB     <one> JOINER <other>`.
        func pair(_ verb: StaticString, _ id: Int, _ joiner: StaticString, _ other: Int) {
            out.write(verb)
            names.write(id, of: sim, into: &out)
            out.write(joiner)
            names.write(other, of: sim, into: &out)
        }
        switch t {
        case .setRoot(let id):
            out.write("root     " as StaticString)
            names.write(id, of: sim, into: &out)
            out.write(" is the window's root view controller" as StaticString)
        case .push(let id, let nav):
            pair("push     ", id, " onto ", nav)
        case .present(let id, let by, let style):
            pair("present  ", id, " on ", by)
            out.write(" (" as StaticString)
            if style == .automatic { out.write("automatic → pageSheet" as StaticString) } else { out.write(style.rawValue) }
            out.write(byte: 0x29)
        case .pop(let id, let nav):
            pair("pop      ", id, " from ", nav)
        case .dismiss(let id, let by):
            pair("dismiss  ", id, " presented by ", by)
        case .selectTab(let id, let index, let of):
            out.write("tab      " as StaticString)
            out.write(index)
            pair(": ", id, " in ", of)
        case .showDetail(let id, let split):
            pair("detail   ", id, " in ", split)
        case .embed(let id, let parent):
            pair("embed    ", id, " in ", parent)
        case .addChild(let id, let parent, let role):
            pair("child    ", id, " in ", parent)
            out.write(" (" as StaticString)
            out.write(role.rawValue)
            out.write(byte: 0x29)
        case .released(let id):
            guard trace else { return }
            out.write("deinit   " as StaticString)
            names.write(id, of: sim, into: &out)
        }
        out.endLine(.event)
    }
}

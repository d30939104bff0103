import FlowEngine
import FlowModel

/// One user event of an exploration path, with the shell command that replays it.
public struct Step: Hashable, Sendable {
    public var command: Command
    /// The shell command line: `tap add`, `select 1`, `tap edit from header`.
    public var text: String

    public init(command: Command, text: String) {
        self.command = command
        self.text = text
    }
}

/// One problem `check` found: a rule, where in the flow file, what, and how to fix it. Findings
/// of the exploration also carry the shortest path of user events that reaches them.
public struct Finding: Hashable, Sendable {
    public var rule: Rule
    public var severity: Severity
    public var message: String
    /// One line: what to change.
    public var hint: String
    /// The flow file and the part of it the finding is about (JSON path and position).
    public var file: String
    public var origin: Origin?
    /// The Swift line to change, when the finding is about code read from the app's sources
    /// (a prepare case, a dependency, a segue action, init(coder:), viewDidLoad, an unwind
    /// action): text and SARIF point there first, then at `location`.
    public var code: CodeLocation?
    /// For exploration findings: the events from launch, shortest first found (nil for lints).
    public var path: [Step]?
    /// The lines the console shows (a crash's lines, UIKit's warning), and flownav's explanation.
    public var console: [String]
    /// Addresses normalised: what findings are deduplicated by.
    public var key: String
    /// For exploration findings: the device it was found on (`path` replays on it).
    public var device: Device?
    /// With `--device all`: found on `device` only; the other device does not reach it.
    public var deviceOnly = false
    /// Definite: every step of the finding's path is code flownav read. Possible: it rests on
    /// `assumes` (unread code, a guessed entry, a segue performed from code flownav did not
    /// read), and is at most a note.
    public var confidence = Confidence.definite
    /// The assumptions of a possible finding, each in words with its Swift line when known.
    public var assumes: [String] = []

    public init(rule: Rule, severity: Severity? = nil, message: String, hint: String, file: String, origin: Origin?,
                path: [Step]? = nil, console: [String] = [], key: String? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.message = message
        self.hint = hint
        self.file = file
        self.origin = origin
        self.path = path
        self.console = console
        self.key = key ?? rule.id + "\u{0}" + Finding.normalised(message)
    }

    /// `file:line:column` (or just the file when the position is unknown).
    public var location: String {
        guard let p = origin?.position else { return file }
        return "\(file):\(p.line):\(p.column)"
    }

    /// Where the finding points first: the Swift line to change, else its place in the flow or
    /// storyboard.
    public var primaryLocation: String { code?.description ?? location }

    /// Replaces every printed address (`0x600000c04200`) with `0x…`, so the same problem on two
    /// paths (different instances) is one finding.
    public static func normalised(_ text: String) -> String {
        var out = ""
        var chars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = chars.next()
        while let c = pending {
            pending = chars.next()
            if c == "0", pending == "x" {
                var hex = 0
                pending = chars.next()
                while let h = pending, ("0"..."9").contains(h) || ("a"..."f").contains(h) || ("A"..."F").contains(h) {
                    hex += 1
                    pending = chars.next()
                }
                out += hex > 0 ? "0x…" : "0x"
                continue
            }
            out.unicodeScalars.append(c)
        }
        return out
    }
}

/// What the exploration covered, and what its bounds cut off.
public struct Coverage: Hashable, Sendable {
    public var scenesReached: Int
    public var scenesTotal: Int
    /// Scene ids never instantiated on any explored path.
    public var scenesNotReached: [String]
    public var seguesPerformed: Int
    public var seguesTotal: Int
    /// `segues[i]` (with its id or source → destination) never performed on any explored path.
    public var seguesNotPerformed: [String]
    /// The same scenes and segues by their index in the flow (what a graph greys out).
    public var sceneIndicesNotReached: [Int] = []
    public var segueIndicesNotPerformed: [Int] = []
    /// Distinct navigation states reached (crashed ones not counted: the app is gone).
    public var states: Int
    /// Transitions tried: every user event from every expanded state.
    public var transitions: Int
    /// Paths that ended in a crash.
    public var crashingTransitions: Int
    /// Every path of up to this many events from launch was explored.
    public var depthCompleted: Int
    public var depthLimit: Int
    public var maxStates: Int
    /// States at the depth limit that were not expanded.
    public var statesAtDepthLimit: Int
    /// Whether `--max-states` stopped the exploration, and how many known states were never
    /// expanded (those at the depth limit included).
    public var stoppedByMaxStates: Bool
    public var statesNotExpanded: Int
    public var seconds: Double
    /// Memory of the visited set and the search tree, per state.
    public var bytesPerState: Double

    public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }

    /// Whether every reachable state was explored: no bound cut anything off.
    public var complete: Bool { statesAtDepthLimit == 0 && !stoppedByMaxStates }
}

/// Everything `check` found in one flow.
public struct Report: Sendable {
    public var file: String
    public var flowName: String
    public var scenes: Int
    public var segues: Int
    /// Lints first (in file order), then exploration findings (shortest path first).
    public var findings: [Finding]
    public var coverage: Coverage?
    /// The flow's own `"device"`.
    public var flowDevice: Device = .phone
    /// With `--device all`: each device's coverage (`coverage` is the first's).
    public var deviceCoverage: [(device: Device, coverage: Coverage)] = []
    /// Findings the flow's `suppress` entries cover, with the entry (and its reason); they are
    /// shown but do not count.
    public var suppressed: [Suppressed] = []
    /// `suppress` entries that covered no finding (a rule renamed, a place moved).
    public var unusedSuppressions: [Suppression] = []
    /// Findings left out because the baseline file lists them (`check --baseline`).
    public var baselined: [Finding] = []

    public func count(atLeast severity: Severity) -> Int { findings.filter { $0.severity >= severity }.count }
}

/// A finding and the flow's `suppress` entry that covers it.
public struct Suppressed: Hashable, Sendable {
    public var finding: Finding
    public var suppression: Suppression

    public init(finding: Finding, suppression: Suppression) {
        self.finding = finding
        self.suppression = suppression
    }
}

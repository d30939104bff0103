#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shell's commands, with their help. Names are the contract of transcripts and scripts.
public struct CommandInfo: Sendable {
    public var name: String
    public var synopsis: String
    public var summary: String
    public var details: String
    public var example: String
}

public enum CommandCatalog {
    public static let all: [CommandInfo] = [
        .init(name: "help", synopsis: "help [COMMAND]", summary: "list the commands, or explain one",
              details: "Without an argument, lists every command with a one-line summary.", example: "help perform"),
        .init(name: "load", synopsis: "load FLOW", summary: "load a flow file, a storyboard or an app folder and launch its app",
              details: "Reads a flow (format 1), or imports a storyboard, XIB or app folder in memory, reports every problem with its file, line, column and JSON path (a storyboard's line for imported parts), and on success launches the app afresh. Names the storyboard kept after a rename in code (a scene's class, a segue action, an unwind action, a segue class) are warnings: the app runs as UIKit runs it. A flow that fails to load leaves the current one in place. Tab completes flows, storyboards and folders; put a path with spaces in double quotes.",
              example: "load flows/segue-actions.json"),
        .init(name: "where", synopsis: "where", summary: "draw the window's view-controller tree",
              details: "The presentation chain, navigation stacks, tabs, split columns and embedded children, with each instance's address and scene. The front-most view controller is marked.",
              example: "where"),
        .init(name: "segues", synopsis: "segues [from SCENE|ADDRESS]", summary: "what can be performed from here",
              details: "The segues the front-most view controller (or the one named) owns: identifier, kind, destination, trigger, and which segue action UIKit will look up on which object — including the relationship segue actions of a container destination and of the containers inside it (a navigation controller in a tab), which UIKit sends to this source. Then the class's code actions.",
              example: "segues"),
        .init(name: "perform", synopsis: "perform ID [from SCENE|ADDRESS] [sender EXPR]", summary: "performSegue(withIdentifier:sender:)",
              details: "Calls performSegue(withIdentifier:sender:) on the front-most view controller (or the one named with from, which may also come first: perform from SCENE ID). shouldPerformSegue is not consulted, as in UIKit. An identifier the receiver does not own raises UIKit's NSInvalidArgumentException. The sender is nil unless given (`sender self`).",
              example: "perform ShowDetail sender self"),
        .init(name: "tap", synopsis: "tap CONTROL [from SCENE|ADDRESS]", summary: "tap a button or bar button item",
              details: "Runs what the control is connected to: its triggered segues (which ask shouldPerformSegue first) and its code actions.",
              example: "tap add"),
        .init(name: "select", synopsis: "select ROW [SECTION] [from SCENE|ADDRESS]", summary: "select a table or collection row",
              details: "Sets the selection (what indexPathForSelectedRow returns), then runs only what fires on that row: its static cell's segue (cell:S:R), the segue of the prototype the row uses (prototype:NAME), every row's (cell), each asking shouldPerformSegue, then the code actions with those triggers. Rows and sections count from 0.",
              example: "select 2"),
        .init(name: "call", synopsis: "call ACTION [from SCENE|ADDRESS]", summary: "run a code action of the front-most class",
              details: "Runs a code path of the class by its Swift name (or its base name): performSegue, present, push, show, dismiss or pop, through the same machinery as segues.",
              example: "call done"),
        .init(name: "back", synopsis: "back", summary: "the navigation bar's back button",
              details: "Pops the top of the front-most navigation controller's stack; the popped view controller is released. At the root of a tab listed in More (a phone's tab bar with more than five tabs), the More navigation controller's back button: the tab leaves the screen (it stays alive) and the More list is shown.", example: "back"),
        .init(name: "dismiss", synopsis: "dismiss", summary: "swipe the front-most sheet or popover away",
              details: "The user's own dismissal: a sheet pulled down, a popover tapped outside of. UIKit asks the presentation controller's delegate presentationControllerShouldDismiss, calls presentationControllerWillDismiss, dismisses and releases the presented view controller (and whatever it presents), then calls presentationControllerDidDismiss; isModalInPresentation or a false answer refuses it (presentationControllerDidAttemptToDismiss). A sheet leaves the presenter's appearance callbacks out, as UIKit does. A fullScreen, overFullScreen, currentContext, overCurrentContext or custom presentation has no such gesture: the command is refused, naming the style and the app's own controls or code actions that dismiss it (tap NAME, call NAME), which are how code dismisses.",
              example: "dismiss"),
        .init(name: "tab", synopsis: "tab N|more", summary: "select tab N (from 0) of the front-most tab bar controller",
              details: "Selects a tab; the new tab's view loads the first time it is shown. On a phone a tab bar controller with more than five tabs shows tabs 0 to 3 and More: tab N from 4 is More, then row N - 4 of its list, and the tab comes on screen in the More navigation controller ('where' marks it 'in More'); tab more taps the More item itself and shows its list.", example: "tab 1"),
        .init(name: "inspect", synopsis: "inspect [SCENE|ADDRESS]", summary: "class, dependencies and where each value came from",
              details: "Shows an instance (the front-most by default): class and superclasses, scene, lifecycle state, parent and presentation, and each dependency with its declaration, value and the code that set it; a value set by code flownav did not read is shown as ‹unknown›, with the Swift line of that code.",
              example: "inspect detail"),
        .init(name: "trace", synopsis: "trace on|off", summary: "show every lifecycle callback",
              details: "With trace on, output includes loadView, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear, willMove/didMove(toParent:) and deinit.",
              example: "trace on"),
        .init(name: "relaunch", synopsis: "relaunch", summary: "start the app again from launch",
              details: "Throws the app's state away (also after a crash) and launches it again.", example: "relaunch"),
        .init(name: "device", synopsis: "device [phone|pad]", summary: "the device the app runs on; changing it relaunches",
              details: "phone (compact width, the default unless the flow's \"device\" or --device says otherwise): a split view controller is collapsed, showing its primary column's navigation stack; showDetail pushes onto it (a navigation controller destination is unwrapped) and back returns; a popover adapts to a sheet. pad (regular width): both columns of a split view are on screen and showDetail replaces the secondary one. 'device' alone tells which one is in use.",
              example: "device pad"),
        .init(name: "scenes", synopsis: "scenes", summary: "list the flow's scenes",
              details: "Every scene with its class, Storyboard ID and live instances.", example: "scenes"),
        .init(name: "graph", synopsis: "graph [FILE]", summary: "draw the flow with the app as it is now",
              details: "The flow as a graph (scenes, containers as clusters, segues styled by kind, the class UIKit asks for each segue action), with the live window highlighted: the front-most scene, what is on screen, what is alive on stacks, tabs and below presentations, and the segues each command since launch performed, numbered by step. A note beside it lists the window's tree and the commands. Without FILE, prints DOT; FILE.svg is drawn by Graphviz's dot (which must be installed), FILE.mmd is a Mermaid flowchart, any other name gets DOT.",
              example: "graph now.svg"),
        .init(name: "history", synopsis: "history", summary: "the commands of this session",
              details: "Lists the commands entered in this session, numbered.", example: "history"),
        .init(name: "record", synopsis: "record [--force|--append] FILE|off", summary: "save this session as a transcript",
              details: "Writes the session so far to FILE as a transcript: the load of the current flow, then every command since with its output, as 'flownav test FILE' will replay it. Each later command is appended as it runs (a comment typed at the prompt becomes a comment line), until 'record off' or 'record stop'. 'record' alone tells whether a recording is on. Paths in the transcript are relative to its folder. An existing FILE is refused: 'record --force FILE' replaces it, 'record --append FILE' adds this session to its end. FILE's folder must exist, and it is never the flow being run.",
              example: "record flows/my-story.flownav"),
        .init(name: "quit", synopsis: "quit", summary: "leave flownav",
              details: "Exits with the session's status. Reading commands from a pipe or file (batch mode), the worst so far: 0, or 1 after a rejected command, 2 after a failed load, 3 after a crash. At a terminal: 0, or 3 when the app is crashed as you leave ('relaunch' first for 0).", example: "quit"),
    ]

    public static var names: [String] { all.map(\.name) }

    public static func info(_ name: String) -> CommandInfo? { id(name).map { all[$0.rawValue] } }

    /// The command a word names, found by its bytes: dispatch looks up every command of a
    /// replay, and string comparisons against each name in turn showed in its profile.
    static func id(_ name: String) -> CommandID? {
        var name = name
        return name.withUTF8 { word in
            nameBytes.withUnsafeBufferPointer { names in
                for k in names.indices where names[k].count == word.count {
                    if names[k].withUnsafeBufferPointer({ memcmp($0.baseAddress!, word.baseAddress!, word.count) }) == 0 {
                        return CommandID(rawValue: k)
                    }
                }
                return nil
            }
        }
    }

    private static let nameBytes: [[UInt8]] = all.map { Array($0.name.utf8) }
}

/// A command by its position in `CommandCatalog.all` (a test checks that the order matches).
enum CommandID: Int, CaseIterable, Sendable {
    case help, load, `where`, segues, perform, tap, select, call, back, dismiss, tab, inspect, trace, relaunch, device, scenes, graph, history, record, quit

    var info: CommandInfo { CommandCatalog.all[rawValue] }
}

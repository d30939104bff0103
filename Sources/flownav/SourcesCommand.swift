import ArgumentParser
import FlowSourcesClient

/// `flownav sources PATH…`: the code half of a flow, read from an app's Swift files (issue 14).
struct SourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: "Read an app's Swift sources into the classes, protocols and launch of a flow.",
        discussion: """
            Prints flow JSON (format 1): the view-controller classes with their dependencies and \
            injection kinds, initializers, init(coder:), viewDidLoad, segue actions, prepare cases, \
            shouldPerformSegue, unwind and code actions, each with its Swift line; the protocols \
            they conform to; the app delegate's launch; and `notes` for what was not understood. \
            Paths are Swift files or folders (Pods, Carthage and *Tests folders are skipped).

            The reader is a separate program, flownav-sources, that links swift-syntax; flownav \
            builds it on first use (a few minutes) so that flownav itself builds quickly.
            """)

    @Argument(help: "Swift files or app folders.", completion: .file(extensions: ["swift"]))
    var paths: [String]

    @Flag(help: "Print counts and the notes instead of JSON.")
    var summary = false

    func run() throws {
        switch SourcesHelper.fragment(paths: paths, arguments: summary ? ["--summary"] : []) {
        case .success(let bytes):
            Terminal.write(String(decoding: bytes, as: UTF8.self))
        case .failure(let p):
            Terminal.writeError("flownav: \(p)\n")
            throw ExitCode(2)
        }
    }
}

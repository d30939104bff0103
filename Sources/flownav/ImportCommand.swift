import ArgumentParser
import FlowImport
import FlowModel

/// `flownav import PATH… [--output FLOW.json]`: storyboards or app folders → a flow file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import storyboards (or app folders) as one flow (format 1, JSON).",
        discussion: """
            Folders are searched recursively for storyboards and XIBs (Base.lproj preferred, \
            launch screens left out); storyboard references are resolved across the files. The \
            entry storyboard is --entry, else the app's Info.plist's (UIMainStoryboardFile~ipad, \
            when there is one, gives the pad's start, padInitial), else one named Main. \
            The flow is checked as `flownav` would load it before it is written. Writing over an \
            earlier import keeps its scene ids (matched by XML id), even ones renamed by hand.

            Exit status: 0 when the flow was written; 2 when an input could not be imported \
            (not XML, not a storyboard, a macOS storyboard) or the output could not be written.
            """
    )

    @Argument(help: "Storyboards, XIBs or app folders.", completion: .file(extensions: ["storyboard", "xib"]))
    var paths: [String] = []

    @Option(help: "Where to write the flow (default: standard output).")
    var output: String?

    @Option(help: "The entry storyboard (file name without extension), over the one the app's Info.plist names.")
    var entry: String?

    @Option(help: "The flow's name (default: the first path's name).")
    var name: String?

    @Option(parsing: .upToNextOption, help: "Swift files or folders to read the classes, protocols and launch from (the code half; built on first use, see `flownav sources`).")
    var sources: [String] = []

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one storyboard or app folder") }
    }

    func run() throws {
        var imported: ImportedDocument
        // Re-importing over an earlier output keeps the names it gave (by XML id), so the
        // flow's hand edits and transcripts keep working.
        let keeping = output.map(FlowSource.sceneIDsByXMLID(ofFlowAt:)) ?? [:]
        switch FlowSource.importDocument(paths: paths, entry: entry, name: name, keeping: keeping) {
        case .success(let d): imported = d
        case .failure(let e):
            for d in e.diagnostics { Terminal.writeError(d.description + "\n") }
            throw ExitCode(2)
        }
        if !sources.isEmpty, case .failure(let e) = SourcesMerge.add(sources: sources, to: &imported) {
            for d in e.diagnostics { Terminal.writeError(d.description + "\n") }
            throw ExitCode(2)
        }
        // What is written must load: the same checks as every command that reads it.
        switch FlowSource.load(imported: imported, file: output ?? "<stdout>") {
        case .success(let loaded):
            for w in loaded.warnings { Terminal.writeError(w.description + "\n") }
        case .failure(let e):
            for d in e.diagnostics { Terminal.writeError(d.description + "\n") }
            Terminal.writeError("flownav: the imported flow does not load; this is a bug in the importer\n")
            throw ExitCode(2)
        }
        let text = JSONWriter.write(imported.document)
        if let output {
            if let problem = TranscriptFiles.writeFile(output, text) {
                Terminal.writeError("\(output): error: \(problem)\n")
                throw ExitCode(2)
            }
        } else {
            Terminal.write(text)
        }
    }
}

import FlowShell
import Foundation
import TestSupport
import Testing

/// `inspect` shows a class's notes (what the Swift reader could not tell, here written by hand
/// as the reader writes them), so that an empty dependency list is not taken as a verdict.
@Suite struct InspectNotesTests {
    func session(notes: String) throws -> (Session, TemporaryFolder) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = """
            { "format": 1, "name": "Notes", "module": "Notes", "initial": "root",
              "classes": { "RootViewController": { "notes": [\(notes)] } },
              "scenes": { "root": { "class": "RootViewController" } } }
            """
        let path = folder.path + "/notes.json"
        try flow.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session()
        _ = s.load(path: path)
        return (s, folder)
    }

    @Test func aClassWithNotesShowsThemAfterItsDependencies() throws {
        var (s, folder) = try session(notes: #""declared at Root.swift:3", "Root.swift:9: superclass FormViewController is not in the sources; read as a UIViewController""#)
        defer { folder.remove() }
        let lines = s.run("inspect").texts
        let i = try #require(lines.firstIndex(of: "  notes:"), "\(lines)")
        #expect(lines.firstIndex(of: "  dependencies: none")! < i)
        #expect(lines[(i + 1)...].contains("    Root.swift:9: superclass FormViewController is not in the sources; read as a UIViewController"))
    }

    @Test func onlyADeclarationPlaceIsNoNote() throws {
        var (s, folder) = try session(notes: #""declared at Root.swift:3""#)
        defer { folder.remove() }
        #expect(!s.run("inspect").texts.contains("  notes:"))
    }
}

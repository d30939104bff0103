import FlowShell
import Foundation
import TestSupport
import Testing

/// `inspect` shows a value set by code flownav did not read as unknown, with the Swift line,
/// never as nil.
@Suite struct UnknownInspectTests {
    @Test func anUnknownDependencyIsShownAsSuchWithItsLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = """
            { "format": 1, "name": "Shelf", "module": "Shelf", "initial": "root",
              "classes": { "RootViewController": {
                "dependencies": {
                  "shelf": { "type": "Shelf", "injection": "implicitlyUnwrapped", "unknown": "App/LibraryCoordinator.swift:19" },
                  "chosen": { "type": "Book", "injection": "optional" }
                },
                "viewDidLoad": { "uses": ["shelf"], "line": 9 } } },
              "scenes": { "root": { "class": "RootViewController" } } }
            """
        let path = folder.path + "/shelf.json"
        try flow.write(toFile: path, atomically: true, encoding: .utf8)
        var s = Session()
        _ = s.load(path: path)
        let lines = s.run("inspect").texts
        #expect(lines.contains("    var shelf: Shelf!  =  ‹unknown: set by code flownav did not read, at App/LibraryCoordinator.swift:19›"), "\(lines)")
        #expect(lines.contains("        ← code flownav did not read (App/LibraryCoordinator.swift:19)"), "\(lines)")
        // A dependency no unread code sets is still nil.
        #expect(lines.contains("    var chosen: Book?  =  nil"), "\(lines)")
    }
}

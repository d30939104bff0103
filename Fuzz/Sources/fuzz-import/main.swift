#if canImport(Glibc)
import Glibc
#endif
import FlowImport
import FlowModel
import FlowShell
import FuzzSupport

/// The storyboard importer (libxml2 and the mapping to format 1), then, when the import loads,
/// a launch and the commands that walk the whole tree. An input starting with `<` or white
/// space is XML as it is — a XIB when it says so, else a storyboard; anything else is read by
/// the structure-aware generator (`StoryboardGenerator`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = bytes(data, size)
    if let first = input.first, ![0x3C, 0x20, 0x0A, 0x09, 0x0D, 0xEF].contains(first) {
        input = Array(StoryboardGenerator.storyboard(from: input).utf8)
    }
    let isXIB = containsXIBType(input)
    let file = ImportInput(path: isXIB ? "View.xib" : "Main.storyboard", bytes: input)
    guard case .success(let imported) = StoryboardImporter.importApp(files: [file], name: "Fuzz") else { return 0 }
    guard case .success(let loaded) = FlowSource.load(imported: imported, file: "fuzz.json") else { return 0 }
    var session = Session()
    _ = session.launch(loaded, path: nil)
    for line in ["where", "tap Go", "select 0", "back", "dismiss", "where", "inspect", "relaunch", "where"] {
        _ = session.execute(line)
    }
    return 0
}

/// Whether the document says it is a XIB (`….CocoaTouch.XIB`, not `….Storyboard.XIB`).
func containsXIBType(_ bytes: [UInt8]) -> Bool {
    let head = String(decoding: bytes.prefix(600), as: UTF8.self)
    return head.contains("CocoaTouch.XIB\"")
}

exit(runFuzzer(fuzzImport))

#if canImport(Glibc)
import Glibc
#endif
import FlowModel
import FlowShell
import FuzzSupport

/// The flow loader, then (when the flow loads) a launch and the commands that walk the whole
/// tree. An input starting with `{` or whitespace is JSON as it is; anything else is read by
/// the structure-aware generator (`FlowGenerator`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = bytes(data, size)
    if let first = input.first, ![0x7B, 0x20, 0x0A, 0x09, 0x0D].contains(first) {
        input = Array(FlowGenerator.flow(from: input).utf8)
    }
    guard case .success(let loaded) = FlowLoader.load(bytes: input, file: "fuzz.json") else { return 0 }
    var session = Session()
    _ = session.launch(loaded, path: nil)
    for line in ["where", "tap b", "select 0", "back", "dismiss", "where", "inspect", "relaunch", "where"] {
        _ = session.execute(line)
    }
    return 0
}

exit(runFuzzer(fuzzLoader))

#if canImport(Glibc)
import Glibc
#endif
import FlowShell
import FuzzSupport

/// The command line against a loaded flow (the built-in demo): each input line is a command.
/// A line starting with `load`, `record` or `!` is skipped: those reach the file system, which
/// the transcript and loader targets cover without writing anything.
/// Loaded once: a `Session` is a value, so each input starts from a fresh copy of it instead of
/// loading the demo flow again (which cost most of each execution's time).
let demo = Session.demo()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var session = demo
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix("load") || trimmed.hasPrefix("record") { continue }
        _ = session.execute(String(line))
    }
    return 0
}

exit(runFuzzer(fuzzCommands))

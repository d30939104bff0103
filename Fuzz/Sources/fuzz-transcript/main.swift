#if canImport(Glibc)
import Glibc
#endif
import FlowShell
import FuzzSupport

/// The transcript parser and runner: the input is a transcript (without `load`, it runs on
/// the built-in demo flow). `load` and `record` lines stay: a transcript's `load` reads a file
/// relative to the transcript (run from the package root: flows/), and `record` only asks its caller to write (the runner does not).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTranscript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard case .success(let transcript) = Transcript.parse(bytes: bytes(data, size), path: "flows/fuzz.flownav") else { return 0 }
    _ = TranscriptRunner.run(transcript)
    return 0
}

exit(runFuzzer(fuzzTranscript))

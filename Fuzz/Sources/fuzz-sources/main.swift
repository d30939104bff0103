#if canImport(Glibc)
import Glibc
#endif
import FlowModel
import FlowSources
import FuzzSupport

/// The Swift source reader (swift-syntax's parser, then the readers of classes, segue actions,
/// prepare, launch): the input is Swift text, split into files at each line `//--- NAME`, so
/// that a class and its extensions in different files are reached. The JSON it writes must
/// parse: flownav reads it back from the `flownav-sources` helper, and JSON the reader wrote
/// wrongly would be reported against a file nobody wrote.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzSources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: bytes(data, size), as: UTF8.self)
    var files: [SourceFile] = []
    var current = "App.swift", lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("//--- ") {
            files.append(SourceFile(path: current, text: lines.joined(separator: "\n")))
            current = String(line.dropFirst(6)) + ".swift"
            lines = []
        } else {
            lines.append(line)
        }
    }
    files.append(SourceFile(path: current, text: lines.joined(separator: "\n")))
    let facts = SourceReader.read(files)
    let json = FlowJSON.fragment(facts)
    if case .failure(let e) = FlowLoader.parse(bytes: Array(json.utf8), file: "<swift sources>") {
        fatalError("the source reader wrote JSON that does not parse: \(e.diagnostics.first?.description ?? "")\n\(json)")
    }
    return 0
}

exit(runFuzzer(fuzzSources))

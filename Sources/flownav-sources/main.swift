#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowSources

// `flownav-sources PATH…`: reads an app's Swift sources and prints the code half of its flow
// (protocols, launch, classes, notes) as format 1 JSON. flownav runs it, building it on first
// use, so that the shell itself builds without swift-syntax.
var args = Array(CommandLine.arguments.dropFirst())
let summary = args.first == "--summary"
if summary { args.removeFirst() }
if args.isEmpty || args.contains("-h") || args.contains("--help") {
    print("usage: flownav-sources [--summary] PATH…   (Swift files or folders)")
    exit(args.isEmpty ? 64 : 0)
}
switch SourceFinder.read(args) {
case .failure(let p):
    let message = "\(p)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(1)
case .success(let files):
    let facts = SourceReader.read(files)
    if summary {
        print(facts.summary)
        for n in facts.notes { print(n) }
    } else {
        print(FlowJSON.fragment(facts), terminator: "")
    }
}

import FlowSources
import Foundation

/// Issue 14: reading Habitica's Swift sources (403 files) into the code half of its flow.
/// Target: under 1 s on the project's 2-core machine.
enum SourcesBench {
    static func run() {
        let fm = FileManager.default
        let candidates = ["../shared/apps/habitica-ios", "../../shared/apps/habitica-ios"]
        guard let app = candidates.first(where: { fm.fileExists(atPath: $0) }) else {
            print("sources: ../shared/apps/habitica-ios not found; skipped")
            return
        }
        var files: [SourceFile] = []
        let readFiles = best(of: 3) {
            if case .success(let f) = SourceFinder.read([app]) { files = f }
        }
        var facts = SourceFacts()
        let parse = best(of: 3) { facts = SourceReader.read(files) }
        let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
        print(String(format: "sources: Habitica, %d Swift files (%.1f MB): read %.1f ms, parsed and understood %.1f ms (best of 3); %@",
                     files.count, Double(bytes) / 1e6, readFiles * 1000, parse * 1000, facts.summary))
    }
}

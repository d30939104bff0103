import FlowCheck
import FlowImport
import FlowModel
import Foundation

/// Issue 13: importing Habitica's 9 storyboards against `xmllint --noout` parsing the same files,
/// in one run (in process, best of 10 each; xmllint as one process over the files, minus the
/// same process over no file), and `check` of the imported flow with the default bounds.
enum ImportBench {
    static func run() {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [root.deletingLastPathComponent(), root.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("shared/apps/habitica-ios/Storyboards/Base.lproj").path }
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            print("import: ../shared/apps/habitica-ios not found beside the package")
            return
        }
        let files = AppFolder.discover(folder).storyboards
        let inputs = files.map { ImportInput(path: $0, bytes: Array(FileManager.default.contents(atPath: $0) ?? Data())) }
        let size = inputs.reduce(0) { $0 + $1.bytes.count }
        var imported: ImportedDocument?
        let importTime = best(of: 10) {
            if case .success(let d) = StoryboardImporter.importApp(files: inputs, name: "Habitica") { imported = d }
        }
        guard let imported, case .success(let loaded) = FlowSource.load(imported: imported, file: "Habitica") else {
            print("import: Habitica did not import")
            return
        }
        let loadTime = best(of: 10) { _ = FlowSource.load(imported: imported, file: "Habitica") }
        // Both as processes over the same files, best of 10: xmllint parses, flownav imports,
        // validates and writes the flow.
        func process(_ path: String, _ args: [String]) -> Double {
            best(of: 10) {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: path)
                p.arguments = args
                p.standardError = FileHandle.nullDevice
                try? p.run()
                p.waitUntilExit()
            }
        }
        let flownav = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flownav").path
        var ratio = ""
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
            ratio = "; xmllint not installed (apt-get install libxml2-utils) for the comparison"
        } else if !FileManager.default.isExecutableFile(atPath: flownav) {
            ratio = "; build the flownav product (swift build -c release) for the comparison with xmllint"
        } else {
            let lint = process("/usr/bin/xmllint", ["--noout"] + files)
            let imp = process(flownav, ["import", folder, "--output", "/dev/null"])
            ratio = String(format: "; as processes: flownav import %.1f ms, xmllint --noout %.1f ms: %.2f×", imp * 1000, lint * 1000, imp / lint)
        }
        print(String(format: "import Habitica: %d storyboards (%.1f MB) → %d scenes, %d segues: %.1f ms (best of 10), load+validate %.1f ms",
                     files.count, Double(size) / 1e6, loaded.flow.scenes.count, loaded.flow.segues.count, importTime * 1000, loadTime * 1000) + ratio)
        var report: Report?
        let checkTime = best(of: 3) { report = Checker.check(loaded.flow, options: CheckOptions()) }
        print(String(format: "check of the imported Habitica (default bounds): %.1f ms, %d findings", checkTime * 1000, report?.findings.count ?? 0))
    }
}

import Foundation
import Testing
import TestSupport

/// `flownav graph` as a user runs it.
@Suite struct GraphCommandLineTests {
    @Test(.needsFlownavBinary)
    func mermaidToStandardOutputIsTheGoldenFile() throws {
        let r = try runProcess(FlownavBinary.require(), ["graph", "flows/segue-actions.json", "--format", "mermaid"], stdin: nil, directory: PackagePaths.root, timeout: 60)
        #expect(r.status == 0, "\(r)")
        let golden = try String(contentsOf: GoldenGraphTests.folder.appendingPathComponent("segue-actions.mmd"), encoding: .utf8)
        #expect(r.stdout == golden)
    }

    @Test(.needsFlownavBinary, .enabled(if: GraphvizAcceptsTests.dot != nil, "needs Graphviz (dot)"))
    func svgIsDrawnByGraphvizIntoTheOutputFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let out = folder.url.appendingPathComponent("flow.svg").path
        let r = try runProcess(FlownavBinary.require(), ["graph", PackagePaths.flow("segue-actions.json"), "--output", out], stdin: nil, directory: folder.url, timeout: 60)
        #expect(r.status == 0 && r.stdout.isEmpty, "\(r)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("never found: only on AddItemNavigationController"))
    }

    @Test(.needsFlownavBinary)
    func withoutGraphvizSvgSaysHowToInstallIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let r = try runProcess(FlownavBinary.require(), ["graph", PackagePaths.flow("segue-actions.json"), "--format", "svg"], stdin: nil,
                               directory: folder.url, environment: ["PATH": folder.path], timeout: 60)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: Graphviz's 'dot' is not installed; install it with 'apt-get install graphviz'"), "\(r)")
        #expect(r.stdout.isEmpty)
    }

    @Test(.needsFlownavBinary)
    func aFlowThatDoesNotLoadExitsWithTwo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bad = try folder.file("bad.json", contents: "{")
        let r = try runProcess(FlownavBinary.require(), ["graph", bad], stdin: nil, directory: folder.url, timeout: 60)
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad.json:"))
    }
}

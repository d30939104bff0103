import FlowModel
import Foundation
import Testing

/// A deterministic generator, so a failing mutation can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}

/// Damaged flow files (cut short, bytes overwritten, members inserted or removed) must load or
/// fail with positioned diagnostics: never trap, never fail without saying why.
@Suite struct LoaderRobustnessTests {
    @Test(arguments: bundledFlowNames())
    func damagedFlowsFailWithDiagnostics(_ name: String) throws {
        let original = [UInt8](try Data(contentsOf: flowsDirectory.appendingPathComponent(name)))
        var random = SeededGenerator(state: UInt64(name.utf8.count) * 7919)
        var failures = 0
        for _ in 0..<300 {
            var bytes = original
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes = Array(bytes.prefix(at))
            case 1: for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            case 2: bytes.insert(contentsOf: Array("\"x\": [1,".utf8), at: at)
            default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            }
            if case .failure(let error) = FlowLoader.load(bytes: bytes, file: name) {
                failures += 1
                #expect(!error.errors.isEmpty, "a failed load names at least one error")
                #expect(error.errors.allSatisfy { !$0.message.isEmpty && $0.file == name })
                #expect(error.errors.allSatisfy { $0.position != nil || $0.path.isEmpty == false || $0.message.contains("file") },
                        "every error points somewhere: a position, a JSON path, or the file itself")
            }
        }
        #expect(failures > 100, "most damage is detected")
    }
}

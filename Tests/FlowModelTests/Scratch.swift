import Testing
@testable import FlowModel

@Test func scratch() {
    let variants: [(String, String)] = [
        ("", ""),
    ]
    for (a, b) in variants {
        let text = a.isEmpty ? Fixture.base : Fixture.base.replacingOccurrences(of: a, with: b)
        switch FlowLoader.load(text: text, file: "f.json") {
        case .success(let l): print("OK", l.warnings)
        case .failure(let e): for d in e.diagnostics { print(d) }
        }
    }
}

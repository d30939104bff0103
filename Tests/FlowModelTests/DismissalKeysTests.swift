import FlowModel
import Testing

/// Issue 31 items 5 and 8: the class keys `isModalInPresentation` and `presentationDelegate`,
/// and a code action's `modalPresentationStyle`, `modalTransitionStyle` and `popoverAnchor`.
@Suite struct DismissalKeysTests {
    static func load(classes: String) -> Result<LoadedFlow, FlowLoadError> {
        let text = """
            { "format": 1, "name": "K", "module": "K", "initial": "a",
              "classes": { \(classes) },
              "scenes": { "a": { "class": "A" } } }
            """
        return FlowLoader.load(bytes: Array(text.utf8), file: "k.json")
    }

    static func errors(_ classes: String) -> [String] {
        switch load(classes: classes) {
        case .success: return []
        case .failure(let e): return e.diagnostics.map(\.message)
        }
    }

    @Test func theKeysLoad() throws {
        let loaded = try Self.load(classes: """
            "A": { "isModalInPresentation": "A.swift:12",
                   "presentationDelegate": { "for": "presented", "shouldDismiss": "draft == nil", "willDismiss": true, "didDismiss": "reload()" },
                   "dependencies": { "draft": { "type": "String", "injection": "optional" } },
                   "actions": { "reload()": { "do": "present", "class": "B", "modalPresentationStyle": "popover",
                                              "modalTransitionStyle": "crossDissolve", "popoverAnchor": "sender" } } },
            "B": { "isModalInPresentation": true }
            """).get()
        let a = try #require(loaded.flow.classes["A"])
        #expect(a.modalInPresentation == .unknown(CodeLocation("A.swift:12")))
        #expect(a.presentationDelegate?.role == .presented)
        #expect(a.presentationDelegate?.shouldDismiss == .isNil("draft"))
        #expect(a.presentationDelegate?.willDismiss == .nothing)
        #expect(a.presentationDelegate?.didDismiss == .action("reload()"))
        #expect(a.actions.first?.presentation == PresentationSettings(style: .popover, transition: .crossDissolve, popoverAnchor: "sender"))
        #expect(loaded.flow.classes["B"]?.modalInPresentation == .always)
    }

    @Test func mistakesAreErrors() {
        #expect(Self.errors(#""A": { "isModalInPresentation": "yes" }"#).contains { $0.contains("expected true, false, \"unknown\"") })
        #expect(Self.errors(#""A": { "presentationDelegate": { "didDismiss": "nothing()" } }"#).contains { $0.contains("is not one of the class's actions") })
        #expect(Self.errors(#""A": { "presentationDelegate": { "for": "parent" } }"#).count == 1)
        #expect(Self.errors(#""A": { "actions": { "p()": { "do": "push", "class": "B", "popoverAnchor": "x" } } }, "B": {}"#)
            .contains { $0.contains("'popoverAnchor' belongs only on present, show and showDetail actions") })
    }
}

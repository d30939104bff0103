import Testing
@testable import FlowModel

/// Issue 31 item 4: a `dismiss` action's `receiver` (who the Swift code sends
/// `dismiss(animated:completion:)` to) is read, limited to dismiss actions and to the names the
/// format knows.
@Suite struct DismissReceiverDecodingTests {
    static func flow(_ action: String) -> String {
        Fixture.base.replacingOnce("""
            "openDevices(_:)": {
            """, with: """
            "dismissIt(_:)": \(action),
                    "openDevices(_:)": {
            """)
    }

    @Test func presentingViewControllerIsKept() throws {
        let f = try #require(loaded(Self.flow(#"{ "do": "dismiss", "receiver": "presentingViewController" }"#)))
        let a = try #require(f.flow.classes["ListViewController"]?.actions.first { $0.name == "dismissIt(_:)" })
        #expect(a.receiver == "presentingViewController")
    }

    @Test func selfIsTheDefaultAndReadsAsNil() throws {
        let f = try #require(loaded(Self.flow(#"{ "do": "dismiss", "receiver": "self" }"#)))
        #expect(f.flow.classes["ListViewController"]?.actions.first { $0.name == "dismissIt(_:)" }?.receiver == nil)
    }

    @Test func anUnknownReceiverIsAnError() throws {
        let e = try #require(onlyError(Self.flow(#"{ "do": "dismiss", "receiver": "window" }"#)))
        #expect(e.message.contains("'receiver' is one of self, presentingViewController, navigationController, tabBarController, splitViewController, parent"))
    }

    @Test func aReceiverOnAnotherKindIsAnError() throws {
        let e = try #require(onlyError(Self.flow(#"{ "do": "pop", "receiver": "presentingViewController" }"#)))
        #expect(e.message.contains("'receiver' belongs only on dismiss actions"))
    }
}

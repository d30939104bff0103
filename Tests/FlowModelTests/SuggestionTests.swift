import Testing
@testable import FlowModel

/// Near-name suggestions find what a person meant, and one mistake makes one error.
@Suite struct SuggestionQualityTests {
    @Test("an abbreviation suggests the full name, not names a few letters away")
    func abbreviations() {
        let classes = ["UIViewController", "UINavigationController", "UITabBarController", "UISplitViewController", "UITableViewController"]
        #expect(NameSuggester.nearest(to: "UINavController", in: classes) == ["UINavigationController"])
        #expect(NameSuggester.nearest(to: "UITableVC", in: ["UITableViewController"]) == [])
        #expect(NameSuggester.nearest(to: "UISplitVwController", in: classes).first == "UISplitViewController")
        #expect(NameSuggester.camelWords("UINavigationController") == ["UI", "Navigation", "Controller"])
        #expect(NameSuggester.camelWords("noSelection") == ["no", "Selection"])
        // Typos still work as before.
        #expect(NameSuggester.nearest(to: "UIViewControler", in: classes).first == "UIViewController")
    }

    @Test("an unknown container class is one warning with the right suggestion, not a follow-on error about its relationship segue")
    func unknownContainerClass() throws {
        let json = Fixture.base.replacingOnce(#""nav": { "class": "UINavigationController" }"#, with: #""nav": { "class": "UINavController" }"#)
        guard case .success(let loaded) = FlowLoader.load(text: json, file: "test.json") else {
            Issue.record("an unknown scene class loads with a warning (UIKit instantiates the element's class)")
            return
        }
        #expect(loaded.warnings.count == 1, "\(loaded.warnings.map(\.description))")
        let w = try #require(loaded.warnings.first)
        #expect(w.path == "scenes.nav.class")
        #expect(w.description.hasSuffix("; did you mean 'UINavigationController'?"), "\(w)")
    }

    @Test("nilWhen 'selection == nil' suggests noSelection")
    func selectionIsNil() throws {
        let json = Fixture.base.replacingOnce(#""nilWhen": "noSelection""#, with: #""nilWhen": "selection == nil""#)
        let e = try #require(onlyError(json))
        #expect(e.message.hasPrefix("'selection == nil' tests a dependency named 'selection'"))
        #expect(e.description.hasSuffix("; did you mean 'noSelection'?"), "\(e)")
    }

    @Test("a or an as read aloud")
    func articles() {
        #expect(English.article("InboxViewController") == "an")
        #expect(English.article("UINavController") == "a")
        #expect(English.article("UserViewController") == "a")
        #expect(English.article("MailViewController") == "a")
        #expect(English.article("OutboxViewController") == "an")
        #expect(English.article("UnwindViewController") == "an")
    }

    @Test("a relationship segue from a non-container says 'an' before a vowel")
    func grammarInTheRelationshipError() throws {
        let json = Fixture.segue(#"{ "source": "main", "destination": "nav", "kind": "relationship", "relationship": "rootViewController" }"#)
            .replacingOnce(#""main": { "class": "UIViewController", "controls": ["back"] }"#,
                           with: #""main": { "class": "InboxViewController", "controls": ["back"] }"#)
            .replacingOnce(#""initial": "nav","#, with: #""initial": "nav", "classes": { "InboxViewController": {} },"#)
        let all = errors(json)
        #expect(all.contains { $0.message.contains("scene 'main' is an InboxViewController, not a navigation") }, "\(all.map(\.description))")
    }
}

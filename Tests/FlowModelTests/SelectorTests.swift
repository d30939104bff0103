import Testing
@testable import FlowModel

@Suite struct ObjCSelectorTests {
    @Test(arguments: [
        ("createDetailViewController(coder:sender:segueIdentifier:)", "createDetailViewControllerWithCoder:sender:segueIdentifier:"),
        ("showResult(_:sender:segueIdentifier:)", "showResult:sender:segueIdentifier:"),
        ("createNextViewController(coder:)", "createNextViewControllerWithCoder:"),
        ("unwindToList(_:)", "unwindToList:"),
        ("reset()", "reset"),
        ("init(with:)", "initWith:"),
        ("init(coder:item:)", "initWithCoder:item:"),
        ("showResult(_:sender:)", "showResult:sender:"),
        ("tableView(_:didSelectRowAt:)", "tableView:didSelectRowAt:"),
        ("makeDetail(coder:_:)", "makeDetailWithCoder::"),
        // A first label that starts with the word "with" is not given another "With".
        ("perform(withSender:)", "performWithSender:"),
        // Nor one whose first word is another preposition (Swift's list: by, for, to, within…),
        // nor after a base name ending in one: EmojiArt's exit names closeBySegue:.
        ("update(within:)", "updateWithin:"),
        ("close(bySegue:)", "closeBySegue:"),
        ("prepare(for:sender:)", "prepareFor:sender:"),
        ("unwindTo(list:)", "unwindToList:"),
        ("unwindToList(segue:)", "unwindToListWithSegue:"),
        ("show(byline:)", "showWithByline:"),
        // Not a Swift name: left alone.
        ("unwindToList:", "unwindToList:"),
    ])
    func derivesTheSelector(_ swiftName: String, _ selector: String) {
        #expect(ObjCSelector.derive(fromSwiftName: swiftName) == selector)
    }

    /// The byte path for ASCII names says what the Character path says, odd names included.
    @Test(arguments: [
        "createDetailViewController(coder:sender:segueIdentifier:)", "showResult(_:sender:)", "reset()", "init(with:)",
        "perform(withSender:)", "update(within:)", "update(with_x:)", "f(with1:)", "unwindToList:", "init(:)", "()", "(", ")",
        "a(", "a)", "", "x", "f(a::b:)", "f(_:_:)", "f(a:)extra)", "f((a:)", "f(ab:\r\n:)", "f(\r\n:)", "f(Abc:)", "f(1a:)",
        "f(a)", "f(a:b)", "f(_)", "f(__:)", "f(withA:b:)", "f(WITH:)", "f(with:)", "f(withwith:)",
    ])
    func derivesAlikeByBytesAndByCharacters(_ name: String) {
        #expect(ObjCSelector.deriveASCII(name) == ObjCSelector.deriveCharacters(name))
    }

    @Test(arguments: [
        "init(coder:item:)", "init()", "init(coder:)", "init(_:)", "init(::)", "init(a::b:)", "init(", "init)", "", "()", "(", ")",
        "init(a:)b)", "init((a:)", "init(a\r\n:)", "init(a:b)", "x",
    ])
    func labelsAlikeByBytesAndByCharacters(_ name: String) {
        #expect(FlowValidator.labels(of: name) == FlowValidator.labelsByCharacters(of: name))
    }

    @Test(arguments: [("reset", 0), ("unwindToList:", 1), ("makeDetailWithCoder:sender:segueIdentifier:", 3)])
    func countsArguments(_ selector: String, _ count: Int) {
        #expect(ObjCSelector.argumentCount(selector) == count)
    }

    @Test func selectorNameFromASwiftName() {
        let name = SelectorName("makeDetail(coder:sender:)")
        #expect(name.swiftName == "makeDetail(coder:sender:)")
        #expect(name.selector == "makeDetailWithCoder:sender:")
        #expect(name.description == "makeDetail(coder:sender:)")
    }

    @Test func selectorNameFromASelector() {
        let name = SelectorName("unwindToList:")
        #expect(name.swiftName == nil)
        #expect(name.selector == "unwindToList:")
        #expect(name.description == "unwindToList:")
        // Both spellings name the same method.
        #expect(SelectorName("unwindToList(_:)").selector == name.selector)
    }
}

/// `@objc(name:)` on a segue action: the flow's `selector` replaces the derived one.
@Suite struct SegueActionSelectorTests {
    @Test func aNamedSelectorIsTheOneSeguesMatch() throws {
        let flow = try #require(loaded(Fixture.base.replacingOnce(
            #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
            with: #""makeAdd(coder:)": { "selector": "buildAdd:", "returns": "AddViewController" }"#)))
        let action = try #require(flow.flow.classes["ListViewController"]?.segueActions.first { $0.swiftName == "makeAdd(coder:)" })
        #expect(action.selector == "buildAdd:")
    }

    @Test func aSelectorWithTheWrongNumberOfColonsIsALoadError() throws {
        let e = try #require(onlyError(Fixture.base.replacingOnce(
            #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
            with: #""makeAdd(coder:)": { "selector": "buildAdd:sender:", "returns": "AddViewController" }"#)))
        #expect(e.path == #"classes.ListViewController.segueActions["makeAdd(coder:)"].selector"#)
        #expect(e.message.hasPrefix("'buildAdd:sender:' is not a selector for makeAdd(coder:)"))
    }
}

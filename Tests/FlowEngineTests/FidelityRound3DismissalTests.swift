import FlowEngine
import FlowModel
import Testing

/// Issue 31, items 5 and 8: which dismissals a user can make (and what the presentation
/// controller's delegate hears), and the presentations UIKit refuses with an exception.
@Suite("Fidelity round 3: user dismissals and refused presentations")
struct FidelityRound3DismissalTests {
    /// `home` presents `b` by the segue `Go` in `style`; `b` has a Close button in code.
    static func flow(style: String, bClass: String = "{ \"actions\": { \"close()\": { \"trigger\": \"control:close\", \"do\": \"dismiss\" } } }",
                     homeClass: String = "{}", extraClasses: String = "", transition: String? = nil, device: String = "phone") -> String {
        """
        "initial": "nav", "device": "\(device)",
        "classes": { "Home": \(homeClass), "B": \(bClass)\(extraClasses) },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "Home", "controls": ["go"] },
          "b": { "class": "B", "controls": ["close"] }
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Go", "source": "home", "destination": "b", "kind": "presentation", "trigger": "control:go",
            "modalPresentationStyle": "\(style)"\(transition.map { ", \"modalTransitionStyle\": \"\($0)\"" } ?? "") }
        ]
        """
    }

    @Test("no swipe for full-screen, context and custom styles: the user's dismiss is refused, naming the style and the app's own way out",
          arguments: ["fullScreen", "overFullScreen", "currentContext", "overCurrentContext", "custom"])
    func noSwipe(style: String) throws {
        var app = try App(Self.flow(style: style))
        app.tap("go")
        let b = try app.id("B")
        #expect(!app.sim.userCanSwipe(b))
        guard case .failure(let r) = app.sim.run(.dismiss) else {
            Issue.record("dismiss of a \(style) presentation was accepted")
            return
        }
        #expect(r.message.contains(style == "custom" ? "custom presentation controller" : "presented \(style)"))
        #expect(r.message.contains("tap close"))
        #expect(app.front == "B")
        // The app's own Close still dismisses it.
        let closed = app.tap("close")
        #expect(closed.contains(.transition(.dismiss(b, by: try app.id("UINavigationController")))))
    }

    @Test("sheets and popovers can be swiped away", arguments: ["automatic", "pageSheet", "formSheet", "popover"])
    func swipe(style: String) throws {
        var app = try App(Self.flow(style: style))
        app.tap("go")
        let b = try app.id("B")
        #expect(app.sim.userCanSwipe(b))
        let events = app.run(.dismiss)
        #expect(events.contains(.transition(.dismiss(b, by: try app.id("UINavigationController")))))
    }

    static let delegateHome = #"{ "presentationDelegate": { "for": "presented", "shouldDismiss": "always", "willDismiss": true, "didDismiss": "showNext()" }, "actions": { "showNext()": { "do": "present", "class": "Next" } } }"#

    @Test("a swipe: ShouldDismiss, WillDismiss, the dismissal, then DidDismiss, whose body runs (the presenter's own delegate)")
    func delegateOrder() throws {
        var app = try App(Self.flow(style: "pageSheet", homeClass: Self.delegateHome, extraClasses: ", \"Next\": {}"))
        app.tap("go")
        let events = app.run(.dismiss)
        let trace = app.trace(events)
        let order = ["Home.presentationControllerShouldDismiss(_:)", "Home.presentationControllerWillDismiss(_:)", "dismiss B by UINavigationController",
                     "Home.presentationControllerDidDismiss(_:)", "Home.showNext()"]
        let positions = order.map { o in trace.firstIndex { $0.hasPrefix(o) } }
        #expect(positions.allSatisfy { $0 != nil }, "\(trace)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(app.front == "Next")
    }

    @Test("a dismiss in code calls none of the delegate's methods")
    func programmaticDismissIsSilent() throws {
        var app = try App(Self.flow(style: "pageSheet", homeClass: Self.delegateHome, extraClasses: ", \"Next\": {}"))
        app.tap("go")
        let events = app.tap("close")
        let trace = app.trace(events)
        #expect(!trace.contains { $0.contains("presentationController") }, "\(trace)")
        #expect(app.front == "Home")
    }

    @Test("isModalInPresentation on the presented view controller refuses the swipe and reports the attempt")
    func modalInPresentation() throws {
        let b = #"{ "isModalInPresentation": true, "presentationDelegate": { "didAttemptToDismiss": true, "didDismiss": true }, "actions": { "close()": { "trigger": "control:close", "do": "dismiss" } } }"#
        var app = try App(Self.flow(style: "formSheet", bClass: b))
        app.tap("go")
        #expect(!app.sim.userCanSwipe(try app.id("B")))
        let events = app.run(.dismiss)
        let trace = app.trace(events)
        #expect(trace.contains { $0.hasPrefix("B.presentationControllerDidAttemptToDismiss(_:)") }, "\(trace)")
        #expect(!trace.contains { $0.hasPrefix("B.presentationControllerDidDismiss(_:)") })
        #expect(app.front == "B")
    }

    @Test("isModalInPresentation set by code flownav did not evaluate: the swipe stays possible, with a note naming the line")
    func modalInPresentationUnknown() throws {
        let b = #"{ "isModalInPresentation": "B.swift:42", "actions": { "close()": { "trigger": "control:close", "do": "dismiss" } } }"#
        var app = try App(Self.flow(style: "pageSheet", bClass: b))
        app.tap("go")
        #expect(app.sim.userCanSwipe(try app.id("B")))
        let events = app.run(.dismiss)
        #expect(App.notes(events).contains { $0.contains("B.swift:42") && $0.contains("may be refused") })
        #expect(app.front == "Home")
    }

    @Test("ShouldDismiss returning false refuses the swipe; WillDismiss is not called")
    func shouldDismissFalse() throws {
        let b = #"{ "presentationDelegate": { "shouldDismiss": false, "willDismiss": true, "didAttemptToDismiss": true }, "actions": { "close()": { "trigger": "control:close", "do": "dismiss" } } }"#
        var app = try App(Self.flow(style: "pageSheet", bClass: b))
        app.tap("go")
        let events = app.run(.dismiss)
        let trace = app.trace(events)
        #expect(trace.contains { $0.hasPrefix("B.presentationControllerShouldDismiss(_:)") })
        #expect(trace.contains { $0.hasPrefix("B.presentationControllerDidAttemptToDismiss(_:)") })
        #expect(!trace.contains { $0.hasPrefix("B.presentationControllerWillDismiss(_:)") })
        #expect(app.front == "B")
    }

    // MARK: Presentations UIKit refuses

    @Test("the none style: NSInternalInconsistencyException, nothing presented")
    func noneStyle() throws {
        var app = try App(Self.flow(style: "none"))
        let crash = App.crash(app.tap("go"))
        #expect(crash == .exception(name: "NSInternalInconsistencyException",
                                    reason: "The specified modal presentation style doesn't have a corresponding presentation controller.", preamble: []))
        #expect(app.sim.state[try app.id("UINavigationController")].presented == nil)
    }

    @Test("partialCurl: allowed only full screen from a full-screen presenter; otherwise UIKit's text naming the presenting view controller",
          arguments: [("automatic", true), ("pageSheet", true), ("overFullScreen", true), ("fullScreen", false)])
    func partialCurl(style: String, crashes: Bool) throws {
        var app = try App(Self.flow(style: style, transition: "partialCurl"))
        let crash = App.crash(app.tap("go"))
        if crashes {
            #expect(crash == .exception(name: "NSInvalidArgumentException",
                                        reason: "Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller \(try app.d("Home")).", preamble: []))
        } else {
            #expect(crash == nil)
            #expect(app.front == "B")
        }
    }

    static func popoverFlow(_ device: String) -> String { """
        "initial": "home", "device": "\(device)",
        "classes": {
          "Home": { "actions": {
            "anchored()": { "trigger": "control:anchored", "do": "present", "class": "Menu", "modalPresentationStyle": "popover", "popoverAnchor": "sender" },
            "bare()": { "trigger": "control:bare", "do": "present", "class": "Menu", "modalPresentationStyle": "popover" }
          } },
          "Menu": {}
        },
        "scenes": {
          "home": { "class": "Home", "controls": ["anchored", "bare", "button"] },
          "list": { "class": "UIViewController" }
        },
        "segues": [
          { "id": "FromButton", "source": "home", "destination": "list", "kind": "popoverPresentation", "trigger": "control:button" },
          { "id": "Manual", "source": "home", "destination": "list", "kind": "popoverPresentation" },
          { "id": "ManualAnchored", "source": "home", "destination": "list", "kind": "popoverPresentation", "popoverAnchor": "button" }
        ]
        """
    }

    static let popoverCrash = Crash.exception(
        name: "NSGenericException",
        reason: "UIPopoverPresentationController (<UIPopoverPresentationController: 0x600003a0c000>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.",
        preamble: [])

    @Test("a popover without an anchor raises on a pad, in code and from a manual segue; an anchored one (or one from a control) does not")
    func popoverAnchorPad() throws {
        var app = try App(Self.popoverFlow("pad"))
        #expect(App.crash(app.tap("bare")) == Self.popoverCrash)
        app = try App(Self.popoverFlow("pad"))
        #expect(App.crash(app.perform("Manual")) == Self.popoverCrash)
        app = try App(Self.popoverFlow("pad"))
        #expect(App.crash(app.tap("anchored")) == nil)
        #expect(app.front == "Menu")
        app = try App(Self.popoverFlow("pad"))
        #expect(App.crash(app.tap("button")) == nil)
        app = try App(Self.popoverFlow("pad"))
        #expect(App.crash(app.perform("ManualAnchored")) == nil)
        #expect(app.front == "UIViewController")
    }

    @Test("on a phone the popover adapts to a sheet and needs no anchor")
    func popoverAnchorPhone() throws {
        var app = try App(Self.popoverFlow("phone"))
        #expect(App.crash(app.tap("bare")) == nil)
        #expect(app.front == "Menu")
        app = try App(Self.popoverFlow("phone"))
        #expect(App.crash(app.perform("Manual")) == nil)
    }
}

import Testing
@testable import FlowEngine

/// The app state's own bookkeeping: children kept as sibling links, dependency values beside
/// the instances, classes by number. The engine tests exercise these through UIKit's
/// operations; these pin the list operations themselves, ends and middle alike.
@Suite("App state")
struct AppStateTests {
    private func state(instances n: Int) -> AppState {
        var s = AppState(classNames: ClassNames(["A", "B"]))
        for k in 0..<n {
            _ = s.add(classID: Int32(k % 2), scene: nil, slots: [s.texts.record(DependencySlot(name: "d\(k)", value: k % 2 == 0 ? nil : "v", provenance: "p"))])
        }
        return s
    }

    @Test("appended children come back in order, with first, last and count")
    func append() {
        var s = state(instances: 4)
        for c in 1...3 { s.appendChild(c, to: 0) }
        #expect(Array(s.children(of: 0)) == [1, 2, 3])
        #expect(s.children(of: 0).first == 1 && s.children(of: 0).last == 3 && s.children(of: 0).count == 3)
        #expect(s[0].childCount == 3)
        #expect(s.child(1, of: 0) == 2 && s.child(3, of: 0) == nil)
    }

    @Test("a prepended child (a split view's primary column) comes first")
    func prepend() {
        var s = state(instances: 4)
        s.appendChild(2, to: 0)
        s.appendChild(3, to: 0)
        s.prependChild(1, to: 0)
        #expect(Array(s.children(of: 0)) == [1, 2, 3])
        var t = state(instances: 2)
        t.prependChild(1, to: 0)
        #expect(Array(t.children(of: 0)) == [1] && t.children(of: 0).last == 1)
    }

    @Test("removing the middle, the last and the first child keeps the links right")
    func remove() {
        var s = state(instances: 5)
        for c in 1...4 { s.appendChild(c, to: 0) }
        s.removeChild(2, from: 0)
        #expect(Array(s.children(of: 0)) == [1, 3, 4])
        s.removeChild(4, from: 0)
        #expect(Array(s.children(of: 0)) == [1, 3] && s.children(of: 0).last == 3)
        s.removeChild(1, from: 0)
        #expect(Array(s.children(of: 0)) == [3] && s.children(of: 0).first == 3)
        s.removeChild(3, from: 0)
        #expect(s.children(of: 0).isEmpty && s.children(of: 0).first == nil && s[0].childCount == 0)
        s.appendChild(2, to: 0)
        #expect(Array(s.children(of: 0)) == [2])
    }

    @Test("each instance's dependencies are its own run of slots; a slot is found by name and set")
    func slots() {
        var s = state(instances: 3)
        #expect(s.dependencies(of: 1).map(\.name) == ["d1"])
        #expect(s.dependencies(of: 2).map(\.value) == [nil])
        let k = s.slot("d2", of: 2)
        #expect(k != nil && s.slot("d1", of: 2) == nil)
        s.setSlot(k!, of: 2, value: "x", provenance: s.texts.number("set by test"))
        #expect(s.dependencies(of: 2).first?.value == "x" && s.dependencies(of: 1).first?.value == "v")
    }

    @Test("classes by number: the flow's names, then names the flow does not list, each numbered once")
    func classNames() {
        var s = state(instances: 2)
        #expect(s.className(of: 0) == "A" && s.className(of: 1) == "B")
        let other = s.classID(ofOther: "Custom")
        #expect(other == 2 && s.classID(ofOther: "Custom") == 2 && s.classID(ofOther: "Another") == 3)
        #expect(s.className(classID: other) == "Custom")
    }

    @Test("a copy is independent: changing the children of one leaves the other as it was")
    func valueSemantics() {
        var s = state(instances: 3)
        s.appendChild(1, to: 0)
        var t = s
        t.appendChild(2, to: 0)
        #expect(Array(s.children(of: 0)) == [1])
        #expect(Array(t.children(of: 0)) == [1, 2])
        #expect(s != t)
    }

    @Test("a run of changes stamps the instances and what holds them (parents, presenters), and nothing beside")
    func stamps() {
        // 0 holds 1 and 2 as children; 1 presents 3; 4 stays alone.
        var s = state(instances: 5)
        s[1].parent = 0
        s.appendChild(1, to: 0)
        s[2].parent = 0
        s.appendChild(2, to: 0)
        s[1].presented = 3
        s[3].presenter = 1
        s.closeStamp()
        let before = s.stamps
        s[3].appearance = .appeared
        #expect(s.stamps[3] > before[3] && s.stamps[1] == s.stamps[3] && s.stamps[0] == s.stamps[3])
        #expect(s.stamps[2] == before[2] && s.stamps[4] == before[4])
        // The same run: the same stamp.
        let k = s.slot("d2", of: 2)!
        s.setSlot(k, of: 2, value: "x", provenance: s.texts.number("set by test"))
        #expect(s.stamps[2] == s.stamps[3] && s.stamps[4] == before[4])
        // A new run, on a copy and on the original: each takes a stamp no state had.
        s.closeStamp()
        var t = s
        t[4].appearance = .loaded
        s[4].appearance = .loaded
        #expect(t.stamps[4] != s.stamps[4] && t.stamps[4] > before[4] && s.stamps[4] > before[4] && t.stamps[0] == s.stamps[0])
        // Stamps are not part of the state's value.
        #expect(t == s)
    }
}

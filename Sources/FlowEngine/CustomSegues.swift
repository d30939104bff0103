import FlowModel

/// A segue whose `UIStoryboardSegue` subclass overrides `perform()`: UIKit has made the
/// destination and run `prepare(for:sender:)`, then calls the override (reference §3.1), which
/// installs the destination as it sees fit. What the flow says it does (`SegueClass`) is done.
/// A `perform()` flownav did not read leaves the transition unknown: flownav says so and takes
/// the storyboard kind's transition (a presentation for a `custom` segue) as a labelled guess,
/// so that the app past it is still explored; `check` holds every finding on a path through it
/// as possible, never an error (`CustomSegueAssumption.swift`).
extension Simulator {
    /// The start of the note an unknown transition makes; `check` reads it.
    public static let unknownSegueTransitionPrefix = "custom segue "
    static let unknownSegueTransitionMarker = "so the transition is unknown"

    /// Performs the segue through its class's `perform()`, or returns false when that is the
    /// storyboard kind's own transition (`super.perform()` on a kind that has one, or a guess).
    mutating func performSegueClass(_ index: Int, source: Int, destination dest: Int, style: ModalPresentationStyle) throws(CrashSignal) -> Bool {
        let kind = flow.segues[index].kind
        guard let name = flow.segues[index].customClass else { return false }
        guard let sc = flow.segueClassPerforms[name] else {
            // A custom segue's transition is all app code; a subclass on another kind keeps the
            // storyboard's (with the note Segues.swift writes).
            guard kind == .custom else { return false }
            try unknownTransition(name, kind: kind, destination: dest, source: source, style: style, why: "flownav was not told what its perform() does")
            return true
        }
        let at = flow.codeLocations[sc.origin.path].map { " at \($0)" } ?? ""
        switch sc.perform {
        case .storyboard:
            // `super.perform()` runs the template's perform handler: a custom segue has none on record.
            guard kind == .custom else {
                emit(.note("segue class \(name): its perform()\(at) calls super.perform(), the storyboard's \(kind.rawValue) segue"))
                return false
            }
            try unknownTransition(name, kind: kind, destination: dest, source: source, style: style, why: "its perform()\(at) calls super.perform(), and no storyboard transition of a custom segue is on record")
        case .unknown:
            try unknownTransition(name, kind: kind, destination: dest, source: source, style: style, why: "its perform()\(at) is code flownav did not read")
            return kind == .custom
        case .push:
            emit(.note("segue class \(name): its perform()\(at) pushes the destination"))
            guard let nav = nearestAncestor(of: source, kind: .navigation) else {
                emit(.note("navigationController is nil, so pushViewController is never sent"))
                release(dest)
                return true
            }
            try push(dest, onto: nav)
        case .show:
            emit(.note("segue class \(name): its perform()\(at) shows the destination"))
            try show(dest, from: source, style: style)
        case .present:
            emit(.note("segue class \(name): its perform()\(at) presents the destination"))
            try present(dest, from: source, style: style)
        case .setRoot:
            emit(.note("segue class \(name): its perform()\(at) makes the destination the window's root view controller"))
            try replaceWindowRoot(with: dest)
        }
        return true
    }

    /// The style a segue presents with: the class's `perform()` setting
    /// `destination.modalPresentationStyle` wins over the storyboard's.
    func segueClassStyle(_ index: Int) -> ModalPresentationStyle? {
        flow.segues[index].customClass.flatMap { flow.segueClassPerforms[$0]?.modalPresentationStyle }
    }

    /// Says the transition is unknown and what flownav takes instead; a custom segue is
    /// presented here, any other kind goes on to its storyboard transition.
    mutating func unknownTransition(_ name: String, kind: SegueKind, destination dest: Int, source: Int, style: ModalPresentationStyle, why: String) throws(CrashSignal) {
        let taken = kind == .custom ? "a presentation" : "the storyboard's \(kind.rawValue) segue"
        emit(.note("\(Self.unknownSegueTransitionPrefix)\(name): \(why), \(Self.unknownSegueTransitionMarker); flownav takes \(taken), a guess that what follows rests on"))
        if kind == .custom { try present(dest, from: source, style: style) }
    }
    /// `window.rootViewController = destination`: the old hierarchy leaves the window (its
    /// visible chain disappears, and it is released with what it presents), the destination
    /// appears.
    mutating func replaceWindowRoot(with dest: Int) throws(CrashSignal) {
        guard let old = state.windowRoot, old != dest else { return }
        var chain: [Int] = []
        var level: Int? = old
        while let l = level {
            for x in state.visibleChain(from: l) where !chain.contains(x) && state[x].appearance == .appeared { chain.append(x) }
            level = state[l].presented
        }
        state.windowRoot = dest
        emit(.transition(.setRoot(dest)))
        let new = try loadVisibleChain(from: dest)
        swapAppearance(from: chain, to: new)
        release(old)
    }
}

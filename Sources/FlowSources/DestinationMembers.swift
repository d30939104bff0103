import FlowModel
import SwiftSyntax

/// What `prepare` and launch reach on a destination, checked once every class is read:
/// - the plain methods they call (`controller.configure(with: item)`) are declared on the class
///   of the sources that declares them (the cast class or a superclass), with the dependencies
///   each assigns its parameter to;
/// - the properties they set are dependencies of the cast class or its superclasses.
/// A call or a property the sources do not declare as such (a method of a superclass or an
/// extension outside them, a computed property) cannot be followed: it is left out of the case,
/// with a note.
struct DestinationMembers {
    let decls: Declarations

    mutating func resolve(_ facts: inout SourceFacts) {
        for name in facts.classes.keys.sorted() {
            guard let cases = facts.classes[name]?.prepare else { continue }
            var kept = cases
            for i in cases.indices {
                resolveCall(&kept[i], owner: name, label: "prepare(for:sender:)", &facts)
            }
            facts.classes[name]?.prepare = kept
        }
        for name in facts.classes.keys.sorted() {
            guard var actions = facts.classes[name]?.actions, actions.contains(where: { !$0.set.isEmpty }) else { continue }
            for i in actions.indices where !actions[i].set.isEmpty { resolveSets(&actions[i], owner: name, &facts) }
            facts.classes[name]?.actions = actions
        }
        var inject = facts.launch.inject
        for i in inject.indices { resolveCall(&inject[i], owner: "launch", label: "launch", &facts) }
        facts.launch.inject = inject
    }

    private func resolveCall(_ c: inout PrepareCase, owner: String, label: String, _ facts: inout SourceFacts) {
        guard let cast = c.cast else { return }
        // Through a protocol, every conforming class of the sources may receive it.
        let receivers = facts.protocols[cast] != nil
            ? facts.classes.keys.sorted().filter { conforms($0, to: cast, facts) }
            : [cast]
        // A protocol no class of the sources conforms to, or a class they do not declare:
        // nothing to check it against (the loader names what it does not know).
        if receivers.isEmpty || (facts.protocols[cast] == nil && facts.classes[cast] == nil) { return }
        c.set = c.set.filter { a in
            if receivers.contains(where: { hasDependency(a.name, $0, facts) }) { return true }
            facts.notes.append(SourceNote(
                location: location(a.origin), subject: owner,
                text: "\(label): sets \(a.name) of \(cast), which is not a stored property of it in the sources (computed, an outlet, or declared outside them): not modelled"))
            return false
        }
        guard let call = c.call else { return }
        var found = false
        for receiver in receivers {
            guard let (declaring, f, file) = decls.function(call, onClassOrSuperclass: receiver), facts.classes[declaring] != nil else { continue }
            found = true
            if facts.classes[declaring]!.methods.contains(where: { $0.name == call }) { continue }
            facts.classes[declaring]!.methods.append(method(f, file, of: declaring))
        }
        guard !found else { return }
        facts.notes.append(SourceNote(
            location: location(c.origin), subject: owner,
            text: "\(label): calls \(call) on \(cast), which no Swift source declares (a superclass, extension or protocol outside the sources): what it does is not read"))
        c.call = nil
        c.with = nil
    }

    /// UIKit's own view-controller properties a code action sets before showing what it built:
    /// not dependencies, and understood as such (no note).
    static let uikitProperties: Set<String> = [
        "title", "modalPresentationStyle", "modalTransitionStyle", "hidesBottomBarWhenPushed", "preferredContentSize",
        "isModalInPresentation", "modalPresentationCapturesStatusBarAppearance", "transitioningDelegate", "definesPresentationContext",
        "providesPresentationContextTransitionStyle", "restorationIdentifier", "edgesForExtendedLayout", "overrideUserInterfaceStyle",
    ]

    /// A code action's `set`: the properties set on what it builds before showing it, kept
    /// when they are dependencies of the class the code names for it (the class built in code,
    /// the `as!` cast or the creator block's class); the others are left out, with a note
    /// unless they are UIKit's own.
    private func resolveSets(_ a: inout CodeAction, owner: String, _ facts: inout SourceFacts) {
        let named = a.className.flatMap { $0 == "self" || $0 == "navigationController" ? nil : $0 } ?? a.builtClass
        guard let receiver = named, facts.classes[receiver] != nil else {
            let what = a.set.filter { !Self.uikitProperties.contains($0.name) }
            if !what.isEmpty {
                facts.notes.append(SourceNote(
                    location: location(a.origin), subject: owner,
                    text: "\(a.name): sets \(what.map(\.name).joined(separator: ", ")) on what it shows, whose class the code does not name (or is not in the sources): not modelled"))
            }
            a.set = []
            return
        }
        a.set = a.set.filter { s in
            if hasDependency(s.name, receiver, facts) { return true }
            if !Self.uikitProperties.contains(s.name) {
                facts.notes.append(SourceNote(
                    location: location(s.origin), subject: owner,
                    text: "\(a.name): sets \(s.name) of \(receiver), which is not a stored property of it in the sources (computed, an outlet, or declared outside them): not modelled"))
            }
            return false
        }
    }

    private func location(_ o: Origin) -> SwiftLocation {
        SwiftLocation(file: o.path, line: o.position?.line ?? 1, column: o.position?.column ?? 1)
    }

    private func hasDependency(_ dep: String, _ name: String, _ facts: SourceFacts) -> Bool {
        var current: String? = name
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted, let decl = facts.classes[c] {
            if decl.dependencies.contains(where: { $0.name == dep }) { return true }
            current = decl.superclass
        }
        return false
    }

    private func conforms(_ name: String, to proto: String, _ facts: SourceFacts) -> Bool {
        var current: String? = name
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted, let decl = facts.classes[c] {
            if decl.conformsTo.contains(proto) { return true }
            current = decl.superclass
        }
        return false
    }


    /// `func setCurrentWidth(_ width: CGFloat) { self.width = Float(width) }` sets `width`:
    /// a dependency assigned the parameter, or an expression of it, at the top of the body.
    private func method(_ f: FunctionDeclSyntax, _ file: ParsedFile, of className: String) -> Method {
        let parameter = f.signature.parameterClause.parameters.first.map(SwiftNames.internalName)
        var dependencies = Set(decls.inheritedDependencies(of: className).map(\.name))
        for part in decls.classParts[className] ?? [] {
            for m in part.members {
                if let v = m.decl.as(VariableDeclSyntax.self) { dependencies.formUnion(ClassReader.dependencies(v, part.file).map(\.name)) }
            }
        }
        var sets: [String] = []
        for item in f.body?.statements.withConditionalBranches ?? [] {
            guard let parameter, let e = expression(item), let (lhs, op, rhs) = Sequence.binary(e), op == "=",
                  let p = lhs.propertyName, dependencies.contains(p), !sets.contains(p),
                  rhs.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(parameter) }) else { continue }
            sets.append(p)
        }
        return Method(name: SwiftNames.function(f), sets: sets, origin: file.location(of: f).origin)
    }
}

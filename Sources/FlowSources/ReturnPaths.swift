import FlowModel
import SwiftSyntax

/// What a branch of a segue action depends on: the flow's conditions can say "there is a
/// selection" and "dependency x has a value"; anything else is kept as its Swift text.
enum PathFact: Hashable {
    case selection
    case hasValue(String)
    case other(String)
}

/// One test on the way to a `return`, and whether it held there.
struct PathCondition: Hashable {
    var fact: PathFact
    var holds: Bool

    var negated: PathCondition { PathCondition(fact: fact, holds: !holds) }

    /// The flow's condition for "this held", when the flow can say it.
    var flowCondition: Condition? {
        switch fact {
        case .selection: holds ? .selection : .noSelection
        case .hasValue(let name): holds ? .isNotNil(name) : .isNil(name)
        case .other: nil
        }
    }

    /// Swift-like text, for merged arguments and notes.
    var text: String {
        let positive: String
        switch fact {
        case .selection: positive = "selection != nil"
        case .hasValue(let name): positive = "\(name) != nil"
        case .other(let t): positive = t
        }
        if holds { return positive }
        switch fact {
        case .selection: return "selection == nil"
        case .hasValue(let name): return "\(name) == nil"
        case .other(let t):
            // `!songs.isEmpty` fails when `songs.isEmpty`.
            if t.hasPrefix("!"), !t.dropFirst().contains(where: { " &|?:".contains($0) }) { return String(t.dropFirst()) }
            if t.hasSuffix(" != nil"), !t.dropLast(7).contains(where: { " &|?:".contains($0) }) { return t.dropLast(7) + " == nil" }
            return "!(\(t))"
        }
    }
}

/// A `return` of a segue action (or of a helper it calls), with the tests that held on the way.
struct ReturnPath {
    enum Value {
        case built(Construction)
        case none
    }
    var value: Value
    var when: [PathCondition]
    var node: Syntax
}

/// What the returns of one segue action mean together. The flow's segue action has one class,
/// one initializer and one argument list, plus `nilWhen`: the reading keeps what every return
/// agrees on and merges what differs, and says in a note what it merged.
struct ReturnMerge {
    var result: Construction?
    var nilWhen: Condition?
    /// (node, text) pairs for notes.
    var notes: [(Syntax, String)] = []

    init(_ paths: [ReturnPath]) {
        let built: [(Construction, ReturnPath)] = paths.compactMap { p in
            if case .built(let c) = p.value { return (c, p) }
            return nil
        }
        let nils = paths.filter { if case .none = $0.value { return true } else { return false } }
        nilWhen = nil
        result = nil
        if let first = built.first {
            let classes = built.map(\.0.className).uniqued()
            if classes.count > 1 {
                // One reading would build the wrong class for the other branches' segues (a false
                // "must be kind of class"): what this action builds is left unread.
                notes.append((first.1.node, "builds \(classes.joined(separator: " or ")) by branch (\(Self.describe(built.map(\.1)))); which one a segue gets is not read"))
                return
            }
            let initializers = built.map(\.0.initializer).uniqued()
            // A working initializer over UIKit's init(coder:): a false trap costs more than a missed one.
            let initializer = initializers.first { $0 != "init(coder:)" } ?? initializers[0]
            let chosen = built.filter { $0.0.initializer == initializer }
            if initializers.count > 1 {
                let others = initializers.filter { $0 != initializer }.joined(separator: ", ")
                notes.append((first.1.node, "builds \(first.0.className) with \(initializer) in one branch and \(others) in another; \(initializer) is read"))
            }
            var c = chosen[0].0
            c.arguments = Self.merge(chosen.map { ($0.0.arguments, $0.1.when) }, into: &notes, at: chosen[0].1.node)
            for other in chosen.dropFirst() {
                for s in other.0.set where !c.set.contains(where: { $0.name == s.name }) { c.set.append(s) }
            }
            result = c
        }
        guard !nils.isEmpty else { return }
        let conditions = nils.map { Self.condition($0.when) }
        if let c = conditions.first ?? nil, conditions.allSatisfy({ $0 == c }) {
            nilWhen = c
        } else if !built.isEmpty {
            for n in nils {
                let when = n.when.isEmpty ? "always" : n.when.map(\.text).joined(separator: ", ")
                notes.append((n.node, "returns nil when \(when); not modelled"))
            }
        }
    }

    /// The flow's condition for a path: one test the flow can say, or several that all say
    /// "no selection" (`if let cell = …` inside `guard let … tableView` …).
    private static func condition(_ when: [PathCondition]) -> Condition? {
        guard let c = when.first?.flowCondition, when.allSatisfy({ $0.flowCondition == c }) else { return nil }
        return c
    }

    /// The arguments of returns that call one initializer: equal texts stay; texts that differ
    /// become one conditional naming each branch's (`selection != nil ? items[selection.row] : nil`).
    private static func merge(_ lists: [([Assignment], [PathCondition])], into notes: inout [(Syntax, String)], at node: Syntax) -> [Assignment] {
        guard var out = lists.first?.0 else { return [] }
        for i in out.indices {
            let texts = lists.map { $0.0.indices.contains(i) ? $0.0[i].expression : "nil" }
            guard Set(texts).count > 1 else { continue }
            var merged = texts[texts.count - 1]
            for k in stride(from: texts.count - 2, through: 0, by: -1) {
                // The test that tells this branch from the next: the last one on its path.
                let test = lists[k].1.last?.text ?? "true"
                merged = "\(test) ? \(texts[k]) : \(merged)"
            }
            out[i].expression = merged
            notes.append((node, "\(out[i].name) differs by branch; read as \(merged)"))
        }
        return out
    }

    private static func describe(_ paths: [ReturnPath]) -> String {
        paths.map { p in p.when.isEmpty ? "otherwise" : p.when.map(\.text).joined(separator: ", ") }.joined(separator: "; ")
    }
}

extension Array where Element: Hashable {
    /// The distinct elements, in their first order.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

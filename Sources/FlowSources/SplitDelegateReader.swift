import FlowModel
import SwiftSyntax

/// What a split view controller's delegate answers when the split view collapses on a phone,
/// read from `splitViewController(_:collapseSecondary:onto:)` (classic) or
/// `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)` (column-style).
public struct SplitDelegateFact: Hashable, Sendable {
    /// The split view controller subclass that is its own delegate (`delegate = self` in it);
    /// nil when another object is (an app delegate, a router): then it answers for the app's
    /// split views that have no delegate of their own.
    public var splitClass: String?
    public var answer: SplitCollapse
    /// Where the method is.
    public var location: CodeLocation
}

/// Finds the delegate methods and reads what they return, as a family:
/// - a literal `return true` / `return false` (and `.primary` … for the top column);
/// - the Master-Detail template's `guard let nav = secondary as? UINavigationController else {
///   return false }`, `guard let top = nav.topViewController as? Detail else { return false }`,
///   then `if top.item == nil { return true }; return false`, or `return top.item == nil`, with
///   `if let`, `guard`, `as?` on the secondary itself and `== nil` / `!= nil` either way round:
///   a condition on the secondary's property;
/// - anything else: unknown, at the method's line (so `check` makes what rests on it possible).
/// A type that implements the method but sets no `delegate = self` is not known to be the
/// delegate: its answer is unknown too.
enum SplitDelegateReader {
    static let collapseLabel = "collapseSecondary"
    static let topColumnLabel = "topColumnForCollapsingToProposedTopColumn"

    static func read(_ decls: Declarations) -> [SplitDelegateFact] {
        var out: [SplitDelegateFact] = []
        for name in decls.classOrder {
            guard let parts = decls.classParts[name] else { continue }
            for part in parts {
                for item in part.members {
                    guard let f = item.decl.as(FunctionDeclSyntax.self), f.name.text == "splitViewController",
                          f.signature.parameterClause.parameters.count >= 2 else { continue }
                    let label = f.signature.parameterClause.parameters.dropFirst().first!.firstName.text
                    guard label == collapseLabel || label == topColumnLabel else { continue }
                    let loc = part.file.location(of: f)
                    let site = CodeLocation(file: loc.file, line: loc.line)
                    let assignment = delegateAssignment(in: parts)
                    var answer: SplitCollapse
                    if assignment == nil {
                        answer = .unknown(site)
                    } else if label == collapseLabel {
                        var returned = ReturnedCondition(function: f)
                        answer = returned.read().map { .collapseSecondary($0) } ?? .unknown(site)
                    } else {
                        answer = topColumn(f).map { .topColumn($0) } ?? .unknown(site)
                    }
                    let isSplit = isSplitViewController(name, decls)
                    let own = isSplit && assignment == .selfDelegate
                    if isSplit && assignment == .other { answer = .unknown(site) }
                    // A delegate another view controller sets in its own viewDidLoad (or later) is
                    // set after the launch's collapse, which happens before the children's views
                    // load (CS193p's reason for awakeFromNib): which answer that collapse gets is
                    // not known here.
                    if !isSplit && assignment == .late { answer = .unknown(site) }
                    out.append(SplitDelegateFact(splitClass: own ? name : nil, answer: answer, location: site))
                }
            }
        }
        return out
    }

    enum Assignment { case selfDelegate, other, late }

    /// Methods that run after a split view's launch collapse when they belong to one of its children.
    static let lateMethods: Set<String> = ["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews"]

    /// `delegate = self` / `self.delegate = self` (the type is the delegate of itself) or
    /// `x.delegate = self` (of some split view, `x`), in any member of the type.
    static func delegateAssignment(in parts: [ClassPart]) -> Assignment? {
        var found: Assignment?
        for part in parts {
            for item in part.members {
                for token in item.tokens(viewMode: .sourceAccurate) where token.text == "delegate" {
                    // `delegate`, `self.delegate`, `split.delegate` on the left of a `=`.
                    var up = token.parent
                    for _ in 0..<4 where up != nil && !up!.is(SequenceExprSyntax.self) { up = up!.parent }
                    guard let seq = up?.as(SequenceExprSyntax.self) else { continue }
                    let elements = Array(seq.elements)
                    guard elements.count == 3, elements[1].as(AssignmentExprSyntax.self) != nil,
                          elements[2].trimmedDescription == "self" else { continue }
                    let lhs = elements[0].trimmedDescription
                    guard lhs.hasSuffix("delegate"), !lhs.hasSuffix("Delegate") else { continue }
                    var method: Syntax? = Syntax(token)
                    while let m = method, !m.is(FunctionDeclSyntax.self) { method = m.parent }
                    let late = method?.as(FunctionDeclSyntax.self).map { lateMethods.contains($0.name.text) } ?? false
                    if lhs == "delegate" || lhs == "self.delegate" {
                        found = .selfDelegate
                    } else if late {
                        if found == nil { found = .late }
                    } else if found == nil || found == .late {
                        found = .other
                    }
                }
            }
        }
        return found
    }

    static func isSplitViewController(_ name: String, _ decls: Declarations) -> Bool {
        var current = name
        var seen: Set<String> = []
        while let s = decls.superclass(of: current), seen.insert(s).inserted {
            if s == "UISplitViewController" { return true }
            current = s
        }
        return false
    }

    /// `return .primary` (or `UISplitViewController.Column.primary`) as the whole body.
    static func topColumn(_ f: FunctionDeclSyntax) -> SplitColumn? {
        guard let items = f.body?.statements, items.count == 1 else { return nil }
        let e: ExprSyntax?
        if case .stmt(let s) = items.first!.item { e = s.as(ReturnStmtSyntax.self)?.expression } else if case .expr(let x) = items.first!.item { e = x } else { e = nil }
        guard let text = e?.trimmedDescription, let dot = text.lastIndex(of: ".") else { return nil }
        return SplitColumn(rawValue: String(text[text.index(after: dot)...]))
    }
}

/// The Bool a `collapseSecondary` method returns, as a condition on the secondary's content.
/// Bindings from `as?` casts of the secondary (or of its `topViewController`) are followed;
/// a failed cast returns false (the template's `guard … else { return false }`).
private struct ReturnedCondition {
    let function: FunctionDeclSyntax
    /// Names bound to the secondary's content (the secondary, its navigation controller's top).
    private var content: Set<String> = []

    init(function: FunctionDeclSyntax) {
        self.function = function
        if let p = function.signature.parameterClause.parameters.dropFirst().first {
            content.insert((p.secondName ?? p.firstName).text)
        }
    }

    mutating func read() -> Condition? {
        guard let items = function.body?.statements else { return nil }
        return block(Array(items))
    }

    /// The result of running `items` to their end; nil when a statement is not understood.
    private mutating func block(_ items: [CodeBlockItemSyntax]) -> Condition? {
        for (k, item) in items.enumerated() {
            switch item.item {
            case .stmt(let s):
                if let r = s.as(ReturnStmtSyntax.self) { return r.expression.flatMap(value) }
                if let g = s.as(GuardStmtSyntax.self) {
                    // `guard let x = y as? T[, …] else { return false }`: bindings only.
                    guard bind(g.conditions), returnsFalse(g.body.statements) else { return nil }
                    continue
                }
                if let e = s.as(ExpressionStmtSyntax.self)?.expression, let i = e.as(IfExprSyntax.self) {
                    return ifThen(i, rest: Array(items[(k + 1)...]))
                }
                return nil
            case .expr(let e):
                if let i = e.as(IfExprSyntax.self) { return ifThen(i, rest: Array(items[(k + 1)...])) }
                // A lone expression as the body: an implicit return.
                if items.count == 1 { return value(e) }
                return nil
            default:
                return nil
            }
        }
        return nil
    }

    /// `if COND { return A } REST` or `if let x = y as? T { … }`.
    private mutating func ifThen(_ i: IfExprSyntax, rest: [CodeBlockItemSyntax]) -> Condition? {
        let saved = content
        if bind(i.conditions) {
            // `if let top = … as? Detail { BODY }`: the body where the casts hold, else the rest
            // (a failed cast leaves the body out).
            let inside = block(Array(i.body.statements))
            content = saved
            let outside = i.elseBody == nil ? block(rest) : nil
            if inside == outside { return inside }
            guard let inside, outside == .never else { return nil }
            return inside
        }
        content = saved
        guard i.conditions.count == 1, case .expression(let c) = i.conditions.first!.condition,
              let test = value(c), test != .always, test != .never else { return nil }
        let then = block(Array(i.body.statements))
        let otherwise: Condition?
        if let e = i.elseBody {
            guard case .codeBlock(let b) = e else { return nil }
            otherwise = block(Array(b.statements))
        } else {
            otherwise = block(rest)
        }
        if then == .always && otherwise == .never { return test }
        if then == .never && otherwise == .always { return negated(test) }
        if then == otherwise { return then }
        return nil
    }

    /// Binds `let x = y as? T` (y a content name or `y.topViewController`); false for any other condition.
    private mutating func bind(_ conditions: ConditionElementListSyntax) -> Bool {
        var any = false
        for c in conditions {
            guard case .optionalBinding(let b) = c.condition,
                  let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let initializer = b.initializer?.value else { return false }
            var source = initializer.trimmedDescription
            if let cast = initializer.as(AsExprSyntax.self) {
                source = cast.expression.trimmedDescription
            } else if let seq = initializer.as(SequenceExprSyntax.self), seq.elements.count == 3, seq.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true {
                source = seq.elements.first!.trimmedDescription
            }
            let base = source.hasSuffix(".topViewController") ? String(source.dropLast(18)) : source
            guard content.contains(base) else { return false }
            content.insert(name)
            any = true
        }
        return any
    }

    private func returnsFalse(_ items: CodeBlockItemListSyntax) -> Bool {
        guard items.count == 1, case .stmt(let s) = items.first!.item,
              let e = s.as(ReturnStmtSyntax.self)?.expression else { return false }
        return e.trimmedDescription == "false"
    }

    /// `true`, `false`, `x.item == nil`, `nil != x.item` (x bound to the content).
    private func value(_ e: ExprSyntax) -> Condition? {
        let text = e.trimmedDescription
        if text == "true" { return .always }
        if text == "false" { return .never }
        guard let seq = e.as(SequenceExprSyntax.self) else { return nil }
        let all = Array(seq.elements)
        // `test ? true : false` (and the other way round): the test, or its negation.
        if let k = all.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), k == 3, all.count == 5,
           let ternary = all[k].as(UnresolvedTernaryExprSyntax.self), let test = comparison(Array(all[..<k])) {
            let then = ternary.thenExpression.trimmedDescription, otherwise = all[4].trimmedDescription
            if then == "true" && otherwise == "false" { return test }
            if then == "false" && otherwise == "true" { return negated(test) }
            return nil
        }
        return comparison(all)
    }

    /// `x.item == nil`, `nil != x.item` (x bound to the content), as three sequence elements.
    private func comparison(_ parts: [ExprSyntax]) -> Condition? {
        guard parts.count == 3 else { return nil }
        let op = parts[1].trimmedDescription
        guard op == "==" || op == "!=" else { return nil }
        var lhs = parts[0].trimmedDescription
        let rhs = parts[2].trimmedDescription
        if lhs == "nil" { lhs = rhs } else if rhs != "nil" { return nil }
        guard let dot = lhs.firstIndex(of: "."), content.contains(String(lhs[..<dot])) else { return nil }
        let name = String(lhs[lhs.index(after: dot)...])
        guard name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }), !name.isEmpty else { return nil }
        return op == "==" ? .isNil(name) : .isNotNil(name)
    }

    private func negated(_ c: Condition) -> Condition? {
        switch c {
        case .isNil(let n): .isNotNil(n)
        case .isNotNil(let n): .isNil(n)
        default: nil
        }
    }
}

extension SplitDelegateFact {
    /// The fragment's key for these facts; the import applies them to the split view scenes
    /// (`collapseSecondary` / `topColumnForCollapsing`) and keeps no such key.
    public static let fragmentKey = "splitDelegates"

    /// `{ "class": "Split", "collapseSecondary": "item == nil", "at": "F.swift:12" }`.
    var json: String {
        var fields: [String] = []
        if let c = splitClass { fields.append("\"class\": \(FlowJSON.q(c))") }
        switch answer {
        case .collapseSecondary(let c):
            let v = c == .always ? "true" : c == .never ? "false" : FlowJSON.q(c.description)
            fields.append("\"collapseSecondary\": \(v)")
        case .topColumn(let c): fields.append("\"topColumnForCollapsing\": \(FlowJSON.q(c.rawValue))")
        case .unknown(let site): fields.append("\"unknown\": \(FlowJSON.q(site.description))")
        }
        fields.append("\"at\": \(FlowJSON.q(location.description))")
        return "{ " + fields.joined(separator: ", ") + " }"
    }
}

extension SplitDelegateReader {
    /// `splitViewController.delegate = self` in the launch code is the split view's delegate
    /// (this reader's business), not an injection: UIKit's own `delegate` is no dependency of
    /// the flow, and as one it made the imported flow fail to load (the template's AppDelegate).
    static func dropDelegateAssignments(_ launch: inout Launch) {
        for k in launch.inject.indices {
            guard let cast = launch.inject[k].cast, cast == "UISplitViewController" else { continue }
            launch.inject[k].set.removeAll { $0.name == "delegate" && $0.expression == "self" }
        }
    }
}

import FlowModel
import SwiftSyntax

/// A view controller built in code: `DetailViewController(coder: coder, item: item)`.
struct Construction {
    var className: String
    var initializer: String
    var arguments: [Assignment]
    /// Properties set on the built controller after its initializer.
    var set: [Assignment] = []
}

/// Reads an `@IBSegueAction`: the class it builds (from the body, not the declared return
/// type), the initializer and its arguments, properties set after construction, and when it
/// returns nil. Every `return` is read with the tests that lead to it (`if`/`else if`/`else`,
/// `guard`, `switch`, a ternary, early returns, helpers of the class one or two calls deep);
/// `ReturnMerge` makes one reading of them.
struct SegueActionReader {
    let owner: ClassReader
    let function: FunctionDeclSyntax
    let file: ParsedFile
    var notes: [SourceNote] = []
    private var locals = Locals()
    private var built: [String: Construction] = [:]
    private var result: Construction?
    private var nilWhen: Condition?
    private var paths: [ReturnPath] = []
    /// Helpers followed from the action: one or two calls deep.
    private var depth = 0

    init(owner: ClassReader, function: FunctionDeclSyntax, file: ParsedFile) {
        self.owner = owner
        self.function = function
        self.file = file
    }

    private mutating func note(_ node: some SyntaxProtocol, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: owner.name, text: "\(SwiftNames.function(function)): \(text)"))
    }

    mutating func read() -> SegueAction? {
        let swiftName = SwiftNames.function(function)
        // `@objc(makeDetail:sender:)` is the selector storyboards store; the flow keeps it as `selector`.
        let selector = SwiftNames.objcName(function.attributes) ?? ObjCSelector.derive(fromSwiftName: swiftName)
        readBody()
        let merged = ReturnMerge(paths)
        for (node, text) in merged.notes { note(node, text) }
        result = merged.result
        nilWhen = merged.nilWhen
        var unknown: CodeLocation?
        if result == nil {
            // Not init(coder:): the body builds the scene's class some way not read, so its
            // initializer and what it sets are unknown (a fatalError init(coder:) is not reached).
            note(function.name, "the class it builds is not read; the scene's class is assumed")
            let at = file.location(of: function)
            unknown = CodeLocation(file: at.file, line: at.line)
            nilWhen = nil
        }
        var action = SegueAction(
            swiftName: swiftName, selector: selector, returns: result?.className,
            initializer: result.map { $0.initializer == "init(coder:)" ? nil : $0.initializer } ?? nil,
            arguments: result?.arguments ?? [], nilWhen: nilWhen, set: result?.set ?? [], origin: file.location(of: function).origin)
        action.unknown = unknown
        return action
    }

    private mutating func readBody() {
        guard let body = function.body else { return }
        // A body that is one expression returns it (SE-0255): `{ Detail(coder: coder, item: item) }`.
        if body.statements.count == 1, let only = body.statements.first, case .expr(let e) = only.item,
           !e.is(IfExprSyntax.self), !e.is(SwitchExprSyntax.self) {
            readReturned(e, at: only, when: [])
        } else {
            _ = block(body.statements, when: [])
        }
    }

    /// Reads statements in order; whether they always end in a `return` (or a trap).
    private mutating func block(_ items: CodeBlockItemListSyntax, when start: [PathCondition]) -> Bool {
        var when = start
        for item in items {
            if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
                    if let c = construction(value) ?? helperConstruction(value) { built[name] = c } else { locals.values[name] = locals.text(value) }
                }
                continue
            }
            if case .stmt(let s) = item.item, let g = s.as(GuardStmtSyntax.self) {
                let test = condition(g.conditions)
                if block(g.body.statements, when: when + test.map { [$0.negated] }.orEmpty) == false {
                    note(g, "guard's else branch does not return; read as if it did")
                }
                if let test { when.append(test) }
                continue
            }
            if case .stmt(let s) = item.item, let r = s.as(ReturnStmtSyntax.self) {
                if let e = r.expression { readReturned(e, at: r, when: when) }
                return true
            }
            guard let e = expression(item) else { continue }
            if let i = e.as(IfExprSyntax.self) {
                switch readIf(i, when: when) {
                case .always: return true
                case .after(let test): if let test { when.append(test) }
                }
                continue
            }
            if let sw = e.as(SwitchExprSyntax.self) {
                if readSwitch(sw, when: when) { return true }
                continue
            }
            if let call = e.as(FunctionCallExprSyntax.self), ["fatalError", "preconditionFailure"].contains(call.calledExpression.trimmedDescription) {
                return true
            }
            if let (lhs, op, rhs) = Sequence.binary(e), op == "=",
               let m = lhs.unwrapped.as(MemberAccessExprSyntax.self) ?? lhs.as(MemberAccessExprSyntax.self),
               let base = m.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, built[base] != nil {
                built[base]!.set.append(Assignment(name: m.declName.baseName.text, expression: locals.text(rhs), origin: file.location(of: e).origin))
                continue
            }
            // `attraction = Attraction(…)` in a case, then `return Intro(coder: coder, attraction: attraction)`:
            // what the action returns holds the value it just assigned.
            if let (lhs, op, rhs) = Sequence.binary(e), op == "=", let name = lhs.propertyName, built[name] == nil {
                locals.values[name] = locals.text(rhs)
                continue
            }
            if mentionsBuilt(e) { note(e, "statement not read: \(e.trimmedDescription)") }
        }
        return false
    }

    private enum IfEnd {
        /// Every branch returns.
        case always
        /// Some branch falls through; the statements after it run when `test` held (an early
        /// return in the other branch), or whatever held when nil.
        case after(PathCondition?)
    }

    private mutating func readIf(_ i: IfExprSyntax, when: [PathCondition]) -> IfEnd {
        let test = condition(i.conditions)
        let yes = when + test.map { [$0] }.orEmpty
        let no = when + test.map { [$0.negated] }.orEmpty
        let bodyReturns = block(i.body.statements, when: yes)
        var elseReturns = false
        switch i.elseBody {
        case .ifExpr(let next)?:
            if case .always = readIf(next, when: no) { elseReturns = true }
        case .codeBlock(let b)?:
            elseReturns = block(b.statements, when: no)
        case nil:
            break
        }
        if bodyReturns && elseReturns { return .always }
        if bodyReturns { return .after(test?.negated) }
        if elseReturns { return .after(test) }
        return .after(nil)
    }

    /// Each case is a branch; one whose label the flow cannot test is kept as its text
    /// (`segueIdentifier ~= "showDetail"`). Whether every case returns.
    private mutating func readSwitch(_ sw: SwitchExprSyntax, when: [PathCondition]) -> Bool {
        let subject = locals.text(sw.subject)
        var all = true
        var hasDefault = false
        for element in sw.cases {
            guard case .switchCase(let c) = element else {
                all = false
                continue
            }
            var test: PathCondition?
            switch c.label {
            case .case(let label):
                test = PathCondition(fact: .other("\(subject) ~= \(locals.text(label.caseItems))"), holds: true)
            case .default:
                hasDefault = true
            }
            if !block(c.statements, when: when + test.map { [$0] }.orEmpty) { all = false }
        }
        return all && hasDefault
    }

    /// One test from an `if`/`guard` condition list: the selection (`let cell = sender as? UITableViewCell`,
    /// `let indexPath = tableView.indexPathForSelectedRow`), a dependency's value (`let item = item`,
    /// `item != nil`), or the list's text. Binds what the conditions name.
    private mutating func condition(_ list: ConditionElementListSyntax) -> PathCondition? {
        var facts: [PathCondition] = []
        for element in list {
            switch element.condition {
            case .optionalBinding(let b):
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    facts.append(PathCondition(fact: .other(b.trimmedDescription), holds: true))
                    continue
                }
                // `if let item` (SE-0345) unwraps the name itself.
                guard let value = b.initializer?.value else {
                    facts.append(PathCondition(fact: dependencyNamed(name).map { .hasValue($0) } ?? .other(name + " != nil"), holds: true))
                    continue
                }
                if SelectionShapes.isSenderCell(value) {
                    locals.values[name] = "sender"
                    facts.append(PathCondition(fact: .selection, holds: true))
                } else if SelectionShapes.isIndexPath(value) {
                    locals.values[name] = SelectionShapes.selectionText(value)
                    facts.append(PathCondition(fact: .selection, holds: true))
                } else if let c = construction(value) ?? helperConstruction(value) {
                    // A failable initializer fails only where UIKit's would: read as succeeding.
                    built[name] = c
                } else if let dep = value.unwrapped.propertyName.flatMap(dependencyNamed) {
                    if dep != name { locals.values[name] = dep }
                    facts.append(PathCondition(fact: .hasValue(dep), holds: true))
                } else {
                    locals.values[name] = locals.text(value)
                    facts.append(PathCondition(fact: .other(locals.text(value) + " != nil"), holds: true))
                }
            case .expression(let e):
                if let (lhs, op, rhs) = Sequence.binary(e), op == "==" || op == "!=", rhs.isNilLiteral || lhs.isNilLiteral {
                    let tested = rhs.isNilLiteral ? lhs : rhs
                    if SelectionShapes.isIndexPath(tested) {
                        facts.append(PathCondition(fact: .selection, holds: op == "!="))
                        continue
                    }
                    if let dep = tested.propertyName.flatMap(dependencyNamed) {
                        facts.append(PathCondition(fact: .hasValue(dep), holds: op == "!="))
                        continue
                    }
                }
                facts.append(PathCondition(fact: .other(locals.text(e)), holds: true))
            default:
                facts.append(PathCondition(fact: .other(element.trimmedDescription), holds: true))
            }
        }
        guard let first = facts.first else { return nil }
        // Several tests of the selection (the cell, then its index path) are one: there is a selection.
        if facts.allSatisfy({ $0 == first }) { return first }
        return PathCondition(fact: .other(list.trimmedDescription), holds: true)
    }

    /// The owner's dependency of that name, when it has one. One the class's own code also assigns
    /// (`selectedUser = users[0]` in a callback) is unknown to the engine, not nil, so a test of
    /// it makes what follows possible, not definite.
    private func dependencyNamed(_ name: String) -> String? {
        owner.allDependencyNames().contains(name) ? name : nil
    }

    private func mentionsBuilt(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { t in
            if case .identifier(let n) = t.tokenKind { return built[n] != nil }
            return false
        }
    }

    private mutating func readReturned(_ e: ExprSyntax, at r: some SyntaxProtocol, when: [PathCondition]) {
        if e.isNilLiteral {
            paths.append(ReturnPath(value: .none, when: when, node: Syntax(r)))
            return
        }
        // `return cond ? A(coder: coder) : nil`: two returns.
        // Unfolded, `a != nil ? b : c` is [a, !=, nil, ?b:, c]: the test is what comes before the
        // first `?`, the else branch what comes after it (itself a ternary when chained).
        if let s = e.as(SequenceExprSyntax.self), let i = s.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let t = s.elements[i].as(UnresolvedTernaryExprSyntax.self) {
            let before = Array(s.elements[..<i])
            let after = Array(s.elements[s.elements.index(after: i)...])
            func joined(_ items: [ExprSyntax]) -> ExprSyntax? {
                items.count == 1 ? items[0] : items.isEmpty ? nil : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(items.map { $0.trimmed })))
            }
            if let cond = joined(before), let other = joined(after) {
                let test = ternaryTest(cond)
                readReturned(t.thenExpression, at: r, when: when + [test])
                readReturned(other, at: r, when: when + [test.negated])
                return
            }
        }
        if let t = e.as(TernaryExprSyntax.self) {
            let test = ternaryTest(t.condition)
            readReturned(t.thenExpression, at: r, when: when + [test])
            readReturned(t.elseExpression, at: r, when: when + [test.negated])
            return
        }
        if let (inner, param, selection) = SelectionShapes.mapOverSelection(e) {
            // `tableView.indexPathForSelectedRow.map { Detail(coder: coder, song: songs[$0.row]) }`:
            // built with a selection, nil without one.
            let before = paths.count
            if let param { locals.values[param] = selection }
            readReturned(inner, at: r, when: when + [PathCondition(fact: .selection, holds: true)])
            for k in before..<paths.count {
                guard case .built(var c) = paths[k].value else { continue }
                for i in c.arguments.indices { c.arguments[i].expression = SelectionShapes.replacingDollarZero(c.arguments[i].expression, with: selection) }
                paths[k].value = .built(c)
            }
            paths.append(ReturnPath(value: .none, when: when + [PathCondition(fact: .selection, holds: false)], node: Syntax(r)))
            return
        }
        if let c = construction(e) {
            paths.append(ReturnPath(value: .built(c), when: when, node: Syntax(r)))
        } else if let name = e.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, let c = built[name] {
            paths.append(ReturnPath(value: .built(c), when: when, node: Syntax(r)))
        } else if let helper = helperPaths(e) {
            paths += helper.map { p in ReturnPath(value: p.value, when: when + p.when, node: Syntax(r)) }
        } else {
            note(r, "returns \(e.trimmedDescription), not a construction that is read")
        }
    }

    private func ternaryTest(_ cond: ExprSyntax) -> PathCondition {
        if let (lhs, op, rhs) = Sequence.binary(cond), op == "==" || op == "!=", rhs.isNilLiteral {
            if SelectionShapes.isIndexPath(lhs) { return PathCondition(fact: .selection, holds: op == "!=") }
            if let dep = lhs.propertyName.flatMap(dependencyNamed) { return PathCondition(fact: .hasValue(dep), holds: op == "!=") }
        }
        return PathCondition(fact: .other(locals.text(cond)), holds: true)
    }

    // MARK: Helpers

    /// `makeDetail(coder: coder, song: song)`, `self.makeDetail(…)`, `Detail.make(coder:…)` (a
    /// static or extension method): the returns of its body, its parameters read as the
    /// arguments passed. Two calls deep at most.
    private mutating func helperPaths(_ e: ExprSyntax) -> [ReturnPath]? {
        guard depth < 2, let call = e.unwrapped.as(FunctionCallExprSyntax.self),
              let (f, f_file) = helper(call), f.body != nil else { return nil }
        var sub = SegueActionReader(owner: owner, function: f, file: f_file)
        sub.depth = depth + 1
        let params = Array(f.signature.parameterClause.parameters)
        for (i, a) in call.arguments.enumerated() where i < params.count {
            sub.locals.values[SwiftNames.internalName(params[i])] = locals.text(a.expression)
        }
        sub.readBody()
        notes += sub.notes
        return sub.paths.isEmpty ? nil : sub.paths
    }

    /// A helper's one reading, for `let vc = makeDetail(coder: coder)`.
    private mutating func helperConstruction(_ e: ExprSyntax) -> Construction? {
        guard let paths = helperPaths(e) else { return nil }
        return ReturnMerge(paths).result
    }

    private func helper(_ call: FunctionCallExprSyntax) -> (FunctionDeclSyntax, ParsedFile)? {
        let labels = call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        var type = owner.name
        let base: String
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            base = ref.baseName.text
        } else if let m = call.calledExpression.as(MemberAccessExprSyntax.self), let b = m.base?.trimmedDescription {
            base = m.declName.baseName.text
            if b != "self" && b != "Self" { type = b }
        } else {
            return nil
        }
        var byBase: [(FunctionDeclSyntax, ParsedFile)] = []
        for part in owner.decls.classParts[type] ?? [] {
            for m in part.members {
                guard let f = m.decl.as(FunctionDeclSyntax.self), f.name.text == base else { continue }
                if SwiftNames.function(f) == "\(base)(\(labels))" { return (f, part.file) }
                byBase.append((f, part.file))
            }
        }
        // Default arguments make the call's labels fewer than the declaration's.
        return byBase.count == 1 ? byBase[0] : nil
    }

    /// `X(coder: coder, a: …)`, `X.init(coder:…)`; the arguments are named by the dependency
    /// the initializer assigns them to, when X's source is here.
    private func construction(_ e: ExprSyntax) -> Construction? {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression.trimmedDescription
        if callee.hasSuffix(".init") { callee = String(callee.dropLast(5)) }
        // `Detail.make(coder:…)` is a helper, not an initializer: every part of a type's name is capitalised.
        guard let first = callee.first, first.isUppercase, call.arguments.first?.label?.text == "coder",
              callee.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let initializer = "init(" + labels.map { $0 + ":" }.joined() + ")"
        let mapping = owner.decls.parameterTargets(of: callee, initializer: initializer)
        var args: [Assignment] = []
        for (i, a) in call.arguments.enumerated() where i > 0 {
            let label = labels[i]
            args.append(Assignment(name: mapping[label] ?? label, expression: locals.text(a.expression), origin: file.location(of: a).origin))
        }
        return Construction(className: callee, initializer: initializer, arguments: args)
    }
}

/// How segue actions and actions reach the selection.
enum SelectionShapes {
    /// `sender as? UITableViewCell`, `sender as? UICollectionViewCell`, or a cell subclass.
    static func isSenderCell(_ e: ExprSyntax) -> Bool {
        guard let (base, type) = Sequence.cast(e) else { return false }
        return base.trimmedDescription == "sender" && type.hasSuffix("Cell")
    }

    /// `tableView.indexPath(for: cell)`, `tableView.indexPathForSelectedRow`, and the collection-view ones.
    static func isIndexPath(_ e: ExprSyntax) -> Bool {
        let t = e.trimmedDescription
        return t.contains("indexPath(for:") || t.contains("indexPathForSelectedRow") || t.contains("indexPathsForSelectedItems")
    }

    /// `selectionShape.map { … }` (or `flatMap`) whose closure is one expression: that expression,
    /// the closure's parameter name (nil for `$0`) and the flow's name for the selection.
    static func mapOverSelection(_ e: ExprSyntax) -> (ExprSyntax, String?, String)? {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "flatMap"].contains(m.declName.baseName.text), let base = m.base, isIndexPath(base),
              let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
              closure.statements.count == 1, let only = closure.statements.first else { return nil }
        let inner: ExprSyntax? = switch only.item {
        case .expr(let x): x
        case .stmt(let s): s.as(ReturnStmtSyntax.self)?.expression
        default: nil
        }
        guard let inner else { return nil }
        var param: String?
        switch closure.signature?.parameterClause {
        case .simpleInput(let list)?: param = list.first?.name.text
        case .parameterClause(let p)?: param = p.parameters.first?.firstName.text
        case nil: param = nil
        }
        return (inner, param, selectionText(base))
    }

    /// `songs[$0.row]` with `$0` written as the selection.
    static func replacingDollarZero(_ text: String, with selection: String) -> String {
        var out = ""
        var previous: Character?
        for ch in text {
            if previous == "$" && ch == "0" {
                out.removeLast()
                out += selection
            } else {
                out.append(ch)
            }
            previous = ch
        }
        return out
    }

    /// The flow's name for what a selection shape gives: `selection.row` for `….indexPathForSelectedRow?.row`.
    static func selectionText(_ e: ExprSyntax) -> String {
        let t = e.trimmedDescription
        if t.hasSuffix(".row") || t.hasSuffix(".item") { return "selection.row" }
        if t.hasSuffix(".section") { return "selection.section" }
        return "selection"
    }
}

extension Declarations {
    /// For `init(coder:item:)` of `className`: parameter label → the property it is assigned to.
    func parameterTargets(of className: String, initializer: String) -> [String: String] {
        guard let parts = classParts[className] else { return [:] }
        for part in parts {
            for m in part.members {
                guard let i = m.decl.as(InitializerDeclSyntax.self), SwiftNames.initializer(i) == initializer else { continue }
                var byInternal: [String: String] = [:]
                for p in i.signature.parameterClause.parameters { byInternal[SwiftNames.internalName(p)] = p.firstName.text }
                var out: [String: String] = [:]
                for item in i.body?.statements ?? [] {
                    guard let e = expression(item), let (lhs, op, rhs) = Sequence.binary(e), op == "=",
                          let property = lhs.propertyName, let param = rhs.as(DeclReferenceExprSyntax.self)?.baseName.text,
                          let label = byInternal[param] else { continue }
                    out[label] = property
                }
                return out
            }
        }
        return [:]
    }
}

extension Optional where Wrapped == [PathCondition] {
    var orEmpty: [PathCondition] { self ?? [] }
}

import FlowModel
import SwiftSyntax

/// Reads `prepare(for:sender:)` into flow cases: identifier tests (literal or typed, through
/// the enum's raw values), `as?` casts of the destination, navigation and tab unwraps, and
/// the assignments and calls on the cast value. The app delegate's injection into the
/// window's root (seed 004) has the same shape with another base.
struct PrepareReader {
    /// What a local name holds: the destination followed through containers, maybe cast.
    struct Target {
        var unwrap: [UnwrapStep] = []
        var cast: String?
        /// Set when the value is known to be a navigation or tab bar controller.
        var container: ContainerKind?
        /// `container.viewControllers`: its `[0]` is the root or first tab.
        var childList = false
        /// The chain branch whose condition bound this value with its cast (`if let a = x as? A`):
        /// there the cast is the branch's test, not a cast made in its body.
        var testOf: PrepareCase.Branch?
        /// `as!`: the cast traps when it fails (`forced`), the container cast before each
        /// unwrap step in `forcedUnwraps` does (see ForcedCastReading.swift).
        var forced = false
        var forcedUnwraps: Set<Int> = []
        var containerForced = false
    }

    struct Context {
        var segue: String?
        var targets: [String: Target] = [:]
        var locals = Locals()
        /// The innermost `if / else if` or `switch` branch being read, when the chain is one
        /// whose tests all read (identifier tests and casts of the destination).
        var branch: PrepareCase.Branch?
    }

    /// What a branch's condition tests, when all of it is read: the case a branch that sets
    /// nothing stands for (so the branch still counts as taken).
    private struct BranchTest {
        var understood = true
        var cast: Target?
    }

    let owner: String
    let decls: Declarations
    let file: ParsedFile
    let label: String
    /// `segue.destination` for prepare, `window?.rootViewController` for launch.
    let isBase: (ExprSyntax) -> Bool
    /// The name of the segue parameter (`segue`), for `segue.identifier`.
    let segueName: String?
    let body: CodeBlockSyntax?
    var notes: [SourceNote] = []
    private var cases: [PrepareCase] = []
    private var chains = 0
    /// Variables reassigned to what the destination holds (`anyDestination = topVC`), read
    /// after the branch that assigned them; see `reassign`.
    private var reassigned: [String: Target] = [:]

    init(owner: ClassReader, function: FunctionDeclSyntax, file: ParsedFile) {
        self.owner = owner.name
        self.decls = owner.decls
        self.file = file
        self.label = "prepare(for:sender:)"
        let segue = function.signature.parameterClause.parameters.first.map(SwiftNames.internalName) ?? "segue"
        self.segueName = segue
        self.isBase = { e in e.unwrapped.trimmedDescription == "\(segue).destination" }
        self.body = function.body
    }

    init(launchOwner: String, decls: Declarations, body: CodeBlockSyntax?, file: ParsedFile, label: String) {
        self.owner = launchOwner
        self.decls = decls
        self.file = file
        self.label = label
        self.segueName = nil
        self.isBase = { e in
            let t = e.unwrapped.trimmedDescription
            return t == "window?.rootViewController" || t == "window!.rootViewController" || t == "window.rootViewController"
                || t == "self.window?.rootViewController" || t == "self.window!.rootViewController"
        }
        self.body = body
    }

    private mutating func note(_ node: some SyntaxProtocol, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: owner, text: "\(label): \(text)"))
    }

    mutating func read() -> [PrepareCase] {
        if let body {
            block(body.statements, Context())
            forcedCasts(body)
        }
        return cases
    }

    /// A forced cast of the destination that no case read as `as!` (a shape the reader does not
    /// follow): its trap is not modelled, which a note at its line says.
    private mutating func forcedCasts(_ body: CodeBlockSyntax) {
        let read = Set(cases.filter { $0.forced || !$0.forcedUnwraps.isEmpty }.compactMap { $0.origin.position?.line })
        for token in body.tokens(viewMode: .sourceAccurate) where token.tokenKind == .exclamationMark {
            guard let previous = token.previousToken(viewMode: .sourceAccurate), previous.tokenKind == .keyword(.as),
                  let cast = token.parent, let operand = cast.previousSibling(in: Syntax(body)) else { continue }
            let text = operand.trimmedDescription
            guard ["destination", "topViewController", "viewControllers", "rootViewController", "selectedViewController"].contains(where: { text.contains($0) }) else { continue }
            guard !read.contains(file.location(of: cast).line) else { continue }
            note(cast, "\(text) \(cast.trimmedDescription) is not read as a forced cast: when it fails, the app traps (Could not cast value of type …), which is not modelled here")
        }
    }

    private mutating func block(_ items: CodeBlockItemListSyntax, _ start: Context) {
        var ctx = start
        for item in items {
            switch item.item {
            case .decl(let d):
                guard let v = d.as(VariableDeclSyntax.self) else { continue }
                for b in v.bindings {
                    guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
                    if let t = target(value, ctx) {
                        ctx.targets[name] = t
                        forcedBinding(t, value, ctx, at: b)
                    } else { ctx.locals.values[name] = ctx.locals.text(value) }
                }
            case .stmt(let s):
                if let g = s.as(GuardStmtSyntax.self) {
                    // A guard's bindings are made in the body, never a branch's test.
                    var test = BranchTest()
                    let before = ctx
                    ctx.branch = nil
                    ctx = conditions(g.conditions, ctx, at: g, test: &test)
                    ctx.branch = before.branch
                    if Self.returns(g.body) { guardCases(g, before: before, after: ctx) }
                } else if let e = s.as(ExpressionStmtSyntax.self)?.expression {
                    statement(e, ctx)
                } else if let f = s.as(ForStmtSyntax.self) {
                    // `for b in d.buttons`: an implicitly unwrapped outlet collection read through.
                    _ = outletStatement(f.sequence, ctx)
                } else if s.is(ReturnStmtSyntax.self) {
                    return
                }
            case .expr(let e):
                statement(e, ctx)
            }
        }
    }

    /// `else { return }` (or a `return` after other statements): the guard leaves the method.
    /// A `break` or `continue` leaves only its switch case or loop, which the cases say already.
    static func returns(_ body: CodeBlockSyntax) -> Bool {
        body.statements.last?.item.as(ReturnStmtSyntax.self) != nil
    }

    /// A `guard … else { return }` that tests the destination or the selection: one `exits` case
    /// per test, where the guard is (reached where the guard is: the segue and branch before it),
    /// so that when it fails no later case runs — not only those of its own `if` or `case`.
    /// An identifier test in a guard stays what it was, the `segue` of the cases after it.
    private mutating func guardCases(_ g: GuardStmtSyntax, before: Context, after: Context) {
        var tests: [(Target?, Condition?)] = []
        for element in g.conditions {
            guard case .optionalBinding(let b) = element.condition, let value = b.initializer?.value,
                  let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if var t = after.targets[name], before.targets[name] == nil || t.cast != before.targets[name]?.cast || t.unwrap != before.targets[name]?.unwrap {
                // `guard let nav = segue.destination as? UINavigationController`: the kind is the test.
                if t.cast == nil, let kind = t.container { t.cast = kind == .navigation ? "UINavigationController" : "UITabBarController" }
                if t.cast != nil { tests.append((t, nil)) }
            } else if SelectionShapes.isIndexPath(value) || SelectionShapes.isSenderCell(value) {
                tests.append((nil, .selection))
            }
        }
        for (t, condition) in tests {
            var c = PrepareCase(origin: file.location(of: g).origin)
            c.segue = before.segue
            c.exits = true
            c.guardCondition = condition
            if let t {
                c.unwrap = t.unwrap
                c.cast = t.cast
                c.forcedUnwraps = t.forcedUnwraps
            }
            // Reached once its branch is taken; its own cast is no branch test.
            c.branch = before.branch.map { b in
                var b = b
                b.castInBody = true
                return b
            }
            cases.append(c)
        }
    }

    private mutating func statement(_ e: ExprSyntax, _ ctx: Context) {
        if let i = e.as(IfExprSyntax.self) {
            ifChain(i, ctx)
            return
        }
        if let s = e.as(SwitchExprSyntax.self) {
            switchStatement(s, ctx)
            return
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription.hasPrefix("super.") { return }
        if outletStatement(e, ctx) { return }
        // `window?.rootViewController = root`: the root itself, which LaunchReader reads.
        if let (lhs, op, _) = Sequence.binary(e), op == "=", isBase(lhs) { return }
        if let (lhs, op, rhs) = Sequence.binary(e), op == "=", let name = lhs.as(DeclReferenceExprSyntax.self)?.baseName.text,
           let t = target(rhs, ctx) {
            reassign(name, t, at: e)
            return
        }
        if let (lhs, op, rhs) = Sequence.binary(e), op == "=", let m = lhs.as(MemberAccessExprSyntax.self),
           let base = m.base, let t = target(base, ctx) {
            let assignment = Assignment(name: m.declName.baseName.text, expression: ctx.locals.text(rhs), origin: file.location(of: e).origin)
            // Branches that set the same property (if/else) would give one case duplicate keys.
            var again = false
            add(t, ctx, at: e) { c in
                if c.set.contains(where: { $0.name == assignment.name }) { again = true } else { c.set.append(assignment) }
            }
            if again { note(e, "\(assignment.name) is set again on another path; the first assignment is read: \(e.trimmedDescription)") }
            return
        }
        if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
           let base = m.base, let t = target(base, ctx), call.arguments.count <= 1 {
            let name = m.declName.baseName.text + "(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
            add(t, ctx, at: e) { c in
                c.call = name
                c.with = call.arguments.first.map { ctx.locals.text($0.expression) }
            }
            return
        }
        if mentionsDestination(e, ctx) { note(e, "statement not read: \(e.trimmedDescription)") }
    }

    /// What the statement does through the destination's outlets and view (OutletAccessReader):
    /// added to its case. Whether that is all of it: a set or a one-argument call on the
    /// destination is read as ever.
    private mutating func outletStatement(_ e: ExprSyntax, _ ctx: Context) -> Bool {
        let fileName = file.path.split(separator: "/").last.map(String.init)
        let decls = self.decls
        var found = OutletAccessReader.accesses(
            in: e, file: file, fileName: fileName,
            outletsOf: { base in base.flatMap { target($0, ctx) }?.cast.map { OutletAccessReader.outletNames(of: $0, decls) } },
            isMethod: { base, name in base.flatMap { target($0, ctx) }?.cast.map { decls.declaresMethod(name, in: $0) } ?? false })
        guard !found.isEmpty else { return false }
        var handled = true
        if let (lhs, op, _) = Sequence.binary(e), op == "=", let base = lhs.as(MemberAccessExprSyntax.self)?.base, target(base, ctx) != nil {
            handled = false
        }
        if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
           target(base, ctx) != nil, m.declName.baseName.text != "loadViewIfNeeded" {
            handled = false
            // A one-argument call is the case's `call`, whose method's accesses run with it.
            if call.arguments.count <= 1 { found.removeAll { $0.access.name.hasSuffix(")") && $0.access.line == file.location(of: e).line } }
        }
        for f in found {
            guard let base = f.base, let t = target(base, ctx) else { continue }
            add(t, ctx, at: e) { c in
                var a = f.access
                // Nothing set or called yet on this case: Swift runs it before what follows.
                a.beforeSet = c.set.isEmpty && c.call == nil
                c.outlets.append(a)
            }
        }
        return handled
    }

    /// An `if` with `else` branches is a chain when every branch's test reads: its cases run
    /// as Swift runs them, the first branch whose test holds (see `PrepareCase.Branch`).
    /// Otherwise each branch is read on its own, every case running when its conditions hold.
    private mutating func ifChain(_ first: IfExprSyntax, _ ctx: Context) {
        var links: [(conditions: ConditionElementListSyntax?, body: CodeBlockSyntax, node: Syntax)] = []
        var current: IfExprSyntax? = first
        while let i = current {
            links.append((i.conditions, i.body, Syntax(i)))
            current = nil
            switch i.elseBody {
            case .codeBlock(let b): links.append((nil, b, Syntax(b)))
            case .ifExpr(let nested): current = nested
            default: break
            }
        }
        // Conditions are applied once (their notes too), each against the scope before the `if`;
        // the chain's number is taken only when it is one (no body is read before).
        let chain = chains + 1
        var inner: [(Context, BranchTest)] = []
        for (k, link) in links.enumerated() {
            var test = BranchTest()
            var c = ctx
            c.branch = PrepareCase.Branch(chain: chain, index: k)
            if let list = link.conditions { c = conditions(list, c, at: link.node, test: &test) }
            inner.append((c, test))
        }
        let isChain = links.count > 1 && inner.allSatisfy { $0.1.understood }
        if isChain {
            chains = chain
        } else {
            // The number may go to a chain inside a body: no binding keeps it.
            for k in inner.indices {
                for (name, t) in inner[k].0.targets where t.testOf?.chain == chain { inner[k].0.targets[name]?.testOf = nil }
            }
        }
        let start = cases.count
        for (k, link) in links.enumerated() {
            var c = inner[k].0
            if !isChain { c.branch = ctx.branch }
            let before = cases.count
            block(link.body.statements, c)
            if isChain && needsMarker(from: before, chain: chain, index: k, segue: nil, castTest: inner[k].1.cast != nil) {
                marker(inner[k].1, c, at: link.node, before: before)
            }
        }
        if isChain { finish(chain: chain, from: start) }
    }

    /// Drops the markers that change nothing. A chain none of whose branches sets anything
    /// (seeds 002 and 004 reassign a variable in theirs) needs none: all its cases are markers.
    /// A marker without a test (an empty `else` or `default`) only matters when a branch's
    /// cast test can fail: it is the code handling that, so no note is due.
    private mutating func finish(chain: Int, from start: Int) {
        // A case that only touches outlets still does something (OutletAccessReader).
        func isEmpty(_ c: PrepareCase) -> Bool { c.set.isEmpty && c.call == nil && !c.exits && c.outlets.isEmpty }
        if cases[start...].allSatisfy(isEmpty) {
            cases.removeSubrange(start...)
            return
        }
        let castTest = cases[start...].contains { $0.branch?.chain == chain && !isEmpty($0) && $0.cast != nil && $0.branch?.castInBody == false }
        guard !castTest else { return }
        var k = cases.count - 1
        while k >= start {
            let c = cases[k]
            if c.branch?.chain == chain, isEmpty(c), c.segue == nil, c.cast == nil { cases.remove(at: k) }
            k -= 1
        }
    }

    /// A branch that sets nothing still counts as taken: an empty case with its test, inserted
    /// where the branch is (before any case of a nested chain inside it).
    private mutating func marker(_ test: BranchTest, _ ctx: Context, at node: Syntax, before: Int) {
        var c = PrepareCase(origin: file.location(of: node).origin)
        c.segue = ctx.segue
        c.branch = ctx.branch
        if let t = test.cast {
            c.unwrap = t.unwrap
            c.cast = t.cast
            c.forcedUnwraps = t.forcedUnwraps
        }
        cases.insert(c, at: before)
    }

    /// A variable that follows the destination through containers, one conditional branch at a
    /// time (seeds 002 and 004): `if let nav = v as? UINavigationController, let top =
    /// nav.topViewController { v = top }`, or an `if`/`else` whose branches assign
    /// `nav.viewControllers[0] as? P` and `root as? P`. Each unwrap step of a flow applies only
    /// when the object is that container, so the branch that follows more containers stands for
    /// both when the other's steps are a prefix of its own.
    private mutating func reassign(_ name: String, _ t: Target, at node: some SyntaxProtocol) {
        var new = t
        new.container = nil
        new.childList = false
        new.testOf = nil
        guard let old = reassigned[name] else {
            reassigned[name] = new
            return
        }
        if old.cast == new.cast || old.cast == nil {
            if new.unwrap.starts(with: old.unwrap) { reassigned[name] = new; return }
            if old.unwrap.starts(with: new.unwrap), old.cast == new.cast { return }
        }
        note(node, "\(name) is assigned another destination on another path; the last one is read: \(node.trimmedDescription)")
        reassigned[name] = new
    }

    /// `list.count > 0`, `!list.isEmpty` on a container's `viewControllers`: the guard of a
    /// `[0]` that the unwrap step already makes conditional.
    private func isChildListTest(_ e: ExprSyntax, _ ctx: Context) -> Bool {
        let names = e.tokens(viewMode: .sourceAccurate).compactMap { t -> String? in
            if case .identifier(let n) = t.tokenKind { return n }
            return nil
        }
        guard let first = names.first, ctx.targets[first]?.childList == true else { return false }
        return names.dropFirst().allSatisfy { $0 == "count" || $0 == "isEmpty" }
    }

    private func mentionsDestination(_ e: ExprSyntax, _ ctx: Context) -> Bool {
        e.tokens(viewMode: .sourceAccurate).contains { t in
            if case .identifier(let n) = t.tokenKind { return ctx.targets[n] != nil || n == "destination" || n == "rootViewController" }
            return false
        }
    }

    /// `let d = segue.destination as! X` (or `… as! UINavigationController`, `nav.topViewController
    /// as! X`): the cast is made, and traps, where it is written, even when nothing is set on `d`
    /// after it: a case at its line that only casts (the statements using `d` join it).
    private mutating func forcedBinding(_ t: Target, _ value: ExprSyntax, _ ctx: Context, at node: some SyntaxProtocol) {
        guard Sequence.isForcedCast(value.unwrapped) else { return }
        if t.forced {
            add(t, ctx, at: node) { _ in }
        } else if t.containerForced, t.cast == nil, let kind = t.container {
            // `let nav = segue.destination as! UINavigationController`: the kind is the cast.
            var c = t
            c.cast = kind.rawValue
            c.forced = true
            c.container = nil
            add(c, ctx, at: node) { _ in }
        }
    }

    /// Adds to the case for this identifier and target, or starts one.
    private mutating func add(_ t: Target, _ ctx: Context, at node: some SyntaxProtocol, _ change: (inout PrepareCase) -> Void) {
        // Without a cast the code sets UIKit's own properties (`modalPresentationStyle`), not a dependency.
        guard t.cast != nil else {
            note(node, "statement not read: \(node.trimmedDescription)")
            return
        }
        let branch = ctx.branch.map { b in
            var b = b
            b.castInBody = t.testOf.map { $0.chain != b.chain || $0.index != b.index } ?? true
            return b
        }
        if let i = cases.lastIndex(where: { !$0.exits && $0.segue == ctx.segue && $0.branch == branch && $0.unwrap == t.unwrap && $0.cast == t.cast && $0.call == nil
                                             && $0.forced == t.forced && $0.forcedUnwraps == t.forcedUnwraps }) {
            change(&cases[i])
            return
        }
        var c = PrepareCase(origin: file.location(of: node).origin)
        c.segue = ctx.segue
        c.branch = branch
        c.unwrap = t.unwrap
        c.cast = t.cast
        c.forced = t.forced
        c.forcedUnwraps = t.forcedUnwraps
        change(&c)
        cases.append(c)
    }

    /// A switch on the identifier (or on the destination's class) is a chain: its cases are
    /// exclusive and `default` runs only when none matched. When an item does not read, each
    /// case is read on its own, as before.
    private mutating func switchStatement(_ s: SwitchExprSyntax, _ ctx: Context) {
        let subject = s.subject.unwrapped.trimmedDescription
        let isIdentifier = segueName.map { subject == "\($0).identifier" || Declarations.isTypedIdentifier(s.subject, segue: $0) } ?? false
        // Each item's test: an identifier, or a cast binding; nil when it does not read.
        var labels: [(case: SwitchCaseSyntax, items: [(segue: String?, cast: (String, String)?, node: Syntax)]?)] = []
        var understood = true
        for element in s.cases {
            guard case .switchCase(let c) = element else {
                understood = false
                continue
            }
            switch c.label {
            case .default:
                labels.append((c, nil))
            case .case(let label):
                var items: [(segue: String?, cast: (String, String)?, node: Syntax)] = []
                for item in label.caseItems {
                    if item.whereClause != nil { understood = false }
                    if isIdentifier {
                        if let id = identifier(item.pattern.as(ExpressionPatternSyntax.self)?.expression) {
                            items.append((id, nil, Syntax(item)))
                        } else {
                            understood = false
                            note(item, "segue identifier not read: \(item.trimmedDescription)")
                        }
                    } else if let cast = castPattern(item.pattern), isBase(s.subject) {
                        // `switch segue.destination { case let vc as X: … }`
                        items.append((nil, cast, Syntax(item)))
                    } else {
                        note(item, "switch not read: switch \(subject)")
                        return
                    }
                }
                labels.append((c, items))
            }
        }
        // `default` is taken last, wherever it is written.
        labels.sort { ($0.items == nil ? 1 : 0) < ($1.items == nil ? 1 : 0) }
        var chain: Int?
        if understood {
            chains += 1
            chain = chains
        }
        let start = cases.count
        for (k, label) in labels.enumerated() {
            let branch = chain.map { PrepareCase.Branch(chain: $0, index: k) }
            guard let items = label.items else {
                // The default: a non-identifier switch's is not read (its subject is not the segue's).
                guard isIdentifier || chain != nil else { continue }
                var inner = ctx
                if chain != nil { inner.branch = branch }
                read(label.case, inner, chain: chain, index: k, test: BranchTest(), at: Syntax(label.case))
                continue
            }
            for item in items {
                var inner = ctx
                var test = BranchTest()
                if chain != nil { inner.branch = branch }
                if let id = item.segue { inner.segue = id }
                if let (name, type) = item.cast {
                    var t = Target(cast: type)
                    t.testOf = inner.branch
                    inner.targets[name] = t
                    test.cast = t
                }
                read(label.case, inner, chain: chain, index: k, test: test, at: item.node)
            }
        }
        if let chain { finish(chain: chain, from: start) }
    }

    /// One switch case's statements, with a marker when it is a chain's branch that sets nothing.
    private mutating func read(_ c: SwitchCaseSyntax, _ ctx: Context, chain: Int?, index: Int, test: BranchTest, at node: Syntax) {
        let before = cases.count
        block(c.statements, ctx)
        if let chain, needsMarker(from: before, chain: chain, index: index, segue: ctx.segue, castTest: test.cast != nil) {
            marker(test, ctx, at: node, before: before)
        }
    }

    /// Whether a branch needs a marker case for its test: when it has no case, or when its
    /// first is a guard (`exits`) and the branch tests a cast: the guard is reached on the
    /// segue alone, so it is no test of the branch's own cast (`if let a = d as? A { guard … }`).
    /// `segue`: for a switch item.
    private func needsMarker(from start: Int, chain: Int, index: Int, segue: String??, castTest: Bool) -> Bool {
        let first = cases[start...].first { c in
            c.branch?.chain == chain && c.branch?.index == index && (segue.map { c.segue == $0 } ?? true)
        }
        guard let first else { return true }
        return first.exits && castTest
    }

    private func castPattern(_ p: PatternSyntax) -> (String, String)? {
        guard let v = p.as(ValueBindingPatternSyntax.self), let e = v.pattern.as(ExpressionPatternSyntax.self),
              let (base, type) = Sequence.cast(e.expression) ?? asPattern(e.expression),
              let name = base.as(PatternExprSyntax.self)?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? base.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        return (name, type)
    }

    private func asPattern(_ e: ExprSyntax) -> (ExprSyntax, String)? { nil }

    /// Applies `if`/`guard` conditions: identifier tests and bindings of the destination.
    /// `test` says whether the whole condition reads as a branch test (identifier tests and at
    /// most one cast of the destination), and which cast it makes.
    private mutating func conditions(_ list: ConditionElementListSyntax, _ start: Context, at node: some SyntaxProtocol,
                                     test: inout BranchTest) -> Context {
        var ctx = start
        var containerOnly = false
        for element in list {
            switch element.condition {
            case .expression(let e):
                for part in conjuncts(e) {
                    if let id = identifierTest(part) {
                        ctx.segue = id
                    } else if isChildListTest(part, ctx) {
                        continue
                    } else {
                        test.understood = false
                        if mentionsIdentifier(part) {
                            note(part, "segue identifier not read: \(part.trimmedDescription)")
                        } else if mentionsDestination(part, ctx) {
                            note(part, "condition not read: \(part.trimmedDescription)")
                        }
                    }
                }
            case .optionalBinding(let b):
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else {
                    test.understood = false
                    continue
                }
                // `let box = sender as? Box<…>`: inside the branch, the name is the sender itself
                // (seed 002 hands it to `assignDependencies(_:)`, which switches on the box).
                let sender = Sequence.cast(value.unwrapped).map { $0.0.trimmedDescription == "sender" } ?? false
                if var t = target(value, ctx) {
                    if t.cast == nil {
                        containerOnly = true
                    } else if test.cast == nil {
                        t.testOf = ctx.branch
                        test.cast = t
                        containerOnly = false
                    } else {
                        test.understood = false
                    }
                    ctx.targets[name] = t
                } else {
                    test.understood = false
                    ctx.locals.values[name] = sender ? "sender" : ctx.locals.text(value)
                }
            default:
                test.understood = false
                note(element, "condition not read: \(element.trimmedDescription)")
            }
        }
        // `if let nav = x as? UINavigationController` alone tests a kind no case can say.
        if containerOnly { test.understood = false }
        return ctx
    }

    private func conjuncts(_ e: ExprSyntax) -> [ExprSyntax] {
        guard let s = e.as(SequenceExprSyntax.self) else { return [e] }
        let items = Array(s.elements)
        guard items.contains(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" }) else { return [e] }
        var parts: [[ExprSyntax]] = [[]]
        for item in items {
            if item.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&" { parts.append([]) } else { parts[parts.count - 1].append(item) }
        }
        return parts.map { p in
            p.count == 1 ? p[0] : ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(p.map { $0.trimmed })))
        }
    }

    private func mentionsIdentifier(_ e: ExprSyntax) -> Bool {
        guard let segueName else { return false }
        return e.trimmedDescription.contains("\(segueName).identifier")
    }

    /// `segue.identifier == "x"` (either side).
    private func identifierTest(_ e: ExprSyntax) -> String? {
        guard let segueName, let (lhs, op, rhs) = Sequence.binary(e), op == "==" else { return nil }
        let subject = "\(segueName).identifier"
        if lhs.unwrapped.trimmedDescription == subject { return identifier(rhs) }
        if rhs.unwrapped.trimmedDescription == subject { return identifier(lhs) }
        return nil
    }

    /// A literal, or a typed identifier resolved through the enum's raw values.
    func identifier(_ e: ExprSyntax?) -> String? {
        guard let e else { return nil }
        if let s = e.as(StringLiteralExprSyntax.self) { return s.literalText }
        return decls.typedIdentifier(e) ?? decls.nestedIdentifier(e, owner: owner)
    }

    /// What an expression holds, when it is the destination (followed through containers).
    private func target(_ e: ExprSyntax, _ ctx: Context) -> Target? {
        if isBase(e) { return Target() }
        if let name = e.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text { return reassigned[name] ?? ctx.targets[name] }
        if let (base, type) = Sequence.cast(e.unwrapped), var t = target(base, ctx) {
            let forced = Sequence.isForcedCast(e.unwrapped)
            if let kind = containerKind(type) {
                t.container = kind
                t.containerForced = forced
            } else {
                t.cast = type
                t.forced = forced
                t.testOf = nil
            }
            return t
        }
        let u = e.unwrapped
        if let m = u.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "viewControllers", let base = m.base,
           var t = target(base, ctx), t.container != nil {
            t.childList = true
            return t
        }
        if let sub = u.as(SubscriptCallExprSyntax.self), sub.arguments.first?.expression.trimmedDescription == "0",
           let list = sub.calledExpression.unwrapped.as(DeclReferenceExprSyntax.self), var t = target(ExprSyntax(list), ctx), t.childList {
            t.appendStep(t.container == .tabBar ? .tabFirst : .navigationRoot)
            t.childList = false
            return t
        }
        if let m = u.as(MemberAccessExprSyntax.self), let base = m.base, var t = target(base, ctx) {
            switch m.declName.baseName.text {
            case "topViewController", "visibleViewController":
                t.appendStep(.navigationTop)
            case "selectedViewController":
                t.appendStep(.tabSelected)
            case "first":
                // `x.viewControllers.first`
                guard base.unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "viewControllers",
                      let inner = base.unwrapped.as(MemberAccessExprSyntax.self)?.base, var it = target(inner, ctx) else { return nil }
                it.appendStep(it.container == .tabBar ? .tabFirst : .navigationRoot)
                return it
            default:
                return nil
            }
            return t
        }
        if let sub = u.as(SubscriptCallExprSyntax.self), sub.arguments.first?.expression.trimmedDescription == "0",
           let m = sub.calledExpression.unwrapped.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "viewControllers",
           let base = m.base, var t = target(base, ctx) {
            t.appendStep(t.container == .tabBar ? .tabFirst : .navigationRoot)
            return t
        }
        return nil
    }

    private func containerKind(_ type: String) -> ContainerKind? {
        var current: String? = type
        var seen: Set<String> = []
        while let c = current, !seen.contains(c) {
            seen.insert(c)
            if c == "UINavigationController" { return .navigation }
            if c == "UITabBarController" { return .tabBar }
            current = decls.superclass(of: c)
        }
        return nil
    }
}

extension Declarations {
    /// `StoryboardSegue.Main.showSettings.rawValue` or `StoryboardSegue.Main.showSettings` → "ShowSettings".
    func typedIdentifier(_ e: ExprSyntax) -> String? {
        var t = e.trimmedDescription
        if t.hasSuffix(".rawValue") { t = String(t.dropLast(9)) }
        return rawValues[t]
    }
}

private extension Syntax {
    /// The element before this one in its parent's children (an unfolded `x as! T` sequence's `x`).
    func previousSibling(in root: Syntax) -> Syntax? {
        guard let parent else { return nil }
        var last: Syntax?
        for child in parent.children(viewMode: .sourceAccurate) {
            if child.id == id { return last }
            last = child
        }
        return nil
    }
}

import FlowModel
import SwiftSyntax

/// A reference as one file shows it, before the other files tell what a typed identifier's raw
/// value is or whether the enclosing type is a class.
struct RawReference {
    enum Identifier {
        case literal(String)
        /// `StoryboardSegue.Main.show.rawValue`, `SegueIdentifier.show`: looked up in raw values.
        case typed(String)
        /// `.show`: a case of a string enum nested in the class (the SegueHandler idiom).
        case nested(String)
    }

    enum Storyboard {
        case named(String)
        /// `storyboard` of `self`: the storyboard of the class's scene.
        case ofSelf
        case unknown
    }

    var kind: SourceReference.Kind
    var identifier: Identifier
    /// The innermost type declaration or extension holding the code.
    var typeName: String?
    /// Whether `self` receives the call (or, for a test, owns the prepare).
    var onSelf: Bool
    var storyboard: Storyboard = .unknown
    /// For a destination cast: the identifier a test around it names.
    var segue: String?
    var location: SwiftLocation
}

/// Reads every function, initializer, closure, accessor and free function of a file for the
/// strings that name storyboard things, whatever branch or closure holds them: UIKit resolves
/// them at run time, so a typo anywhere crashes (or, in a test, silently never matches).
/// Only literals and typed identifiers: a computed identifier is not a reference.
final class ReferenceReader: SyntaxVisitor {
    private let file: ParsedFile
    private(set) var found: [RawReference] = []
    /// Enclosing types: the name, and whether `self` there can be a class instance.
    private var types: [(name: String, maybeClass: Bool)] = []
    /// Enclosing functions: what names the segue's identifier in a prepare or shouldPerform
    /// (the parameter, and locals bound to it); empty elsewhere.
    private var subjects: [Subjects] = [Subjects(segue: nil, active: false)]
    /// Locals and properties bound to a storyboard, innermost scope last.
    private var storyboards: [[String: StoryboardBinding]] = [[:]]

    private struct Subjects {
        /// `segue` in prepare: its `.identifier` is the subject; nil in shouldPerform.
        var segue: String?
        /// Names holding the identifier itself.
        var names: Set<String> = []
        var active: Bool
        /// Not prepare or shouldPerform (an unwind action, a segue action's `segueIdentifier`, a
        /// helper given the segue): the segue may come from any scene, so no class is named.
        var anyScene = false
    }

    private enum StoryboardBinding {
        case storyboard(RawReference.Storyboard)
        /// Loaded from another bundle: not the app's storyboards.
        case otherBundle
    }

    init(file: ParsedFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    /// Words every reference's call holds: a file without any has none, and is not walked
    /// (most files of a large app; the walk visits every node of a body).
    static let words = ["performSegue", "instantiateViewController", "UIStoryboard", "prepare", "segueIdentifier"]

    static func read(_ file: ParsedFile, text: String? = nil) -> [RawReference] {
        if let text, !words.contains(where: { text.contains($0) }) { return [] }
        let r = ReferenceReader(file: file)
        r.walk(file.tree)
        return r.found
    }

    // MARK: Scopes

    private func enterType(_ name: String, maybeClass: Bool) {
        types.append((name, maybeClass))
        storyboards.append([:])
        subjects.append(Subjects(segue: nil, active: false))
    }

    private func leaveType() {
        types.removeLast()
        storyboards.removeLast()
        subjects.removeLast()
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, maybeClass: true)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        // Whether the extended type is a class is known once every file is read.
        enterType(node.extendedType.trimmedDescription, maybeClass: true)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, maybeClass: false)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, maybeClass: false)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, maybeClass: false)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, maybeClass: false)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let ps = Array(node.signature.parameterClause.parameters)
        let labels = ps.map(\.firstName.text)
        var s = Subjects(segue: nil, active: false)
        if node.name.text == "prepare", labels == ["for", "sender"], let p = ps.first {
            s = Subjects(segue: SwiftNames.internalName(p), active: true)
        } else if node.name.text == "shouldPerformSegue", labels == ["withIdentifier", "sender"], let p = ps.first {
            s = Subjects(segue: nil, names: [SwiftNames.internalName(p)], active: true)
        } else if let p = ps.first(where: { Self.typeName($0.type) == "UIStoryboardSegue" }) {
            s = Subjects(segue: SwiftNames.internalName(p), active: true, anyScene: true)
        } else if node.attributes.has("IBSegueAction"), let p = ps.first(where: { $0.firstName.text == "segueIdentifier" }) {
            s = Subjects(segue: nil, names: [SwiftNames.internalName(p)], active: true, anyScene: true)
        }
        subjects.append(s)
        storyboards.append([:])
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        subjects.removeLast()
        storyboards.removeLast()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        subjects.append(Subjects(segue: nil, active: false))
        storyboards.append([:])
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) {
        subjects.removeLast()
        storyboards.removeLast()
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        storyboards.append([:])
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { storyboards.removeLast() }

    // MARK: Bindings

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for b in node.bindings {
            guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
            bind(name, value)
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            if let value = node.initializer?.value { bind(name, value) } else { bind(name, ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))) }
        }
        return .visitChildren
    }

    private func bind(_ name: String, _ value: ExprSyntax) {
        if isSubject(value) {
            subjects[subjects.count - 1].names.insert(name)
        } else if subjects[subjects.count - 1].names.contains(name) {
            subjects[subjects.count - 1].names.remove(name)
        }
        if let b = storyboardBinding(value) {
            storyboards[storyboards.count - 1][name] = b
        } else if name == "storyboard" {
            // A local named `storyboard` hides `self.storyboard`.
            storyboards[storyboards.count - 1][name] = .storyboard(.unknown)
        }
    }

    private func lookup(_ name: String) -> StoryboardBinding? {
        for scope in storyboards.reversed() { if let b = scope[name] { return b } }
        return nil
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let member = node.calledExpression.as(MemberAccessExprSyntax.self)
        let method = member?.declName.baseName.text ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        let first = node.arguments.first
        let label = first?.label?.text
        switch method {
        case "performSegue" where label == "withIdentifier", "performSegueWithIdentifier" where label == nil || label == "segueIdentifier":
            guard let e = first?.expression, let id = identifier(e) else { break }
            add(.performSegue, id, onSelf: isSelf(member?.base), at: node)
        case "instantiateViewController" where label == "withIdentifier" || label == "identifier":
            guard let e = first?.expression, let id = identifier(e) else { break }
            switch receiverStoryboard(member?.base) {
            case .otherBundle: break
            case .storyboard(let s):
                var onSelf = false
                if case .ofSelf = s { onSelf = true }
                add(.instantiate, id, onSelf: onSelf, storyboard: s, at: node)
            }
        case "UIStoryboard", "init":
            guard method == "UIStoryboard" || member?.base?.trimmedDescription == "UIStoryboard",
                  label == "name", let e = first?.expression, let id = identifier(e),
                  case .storyboard? = storyboardBinding(ExprSyntax(node)) else { break }
            add(.storyboardName, id, onSelf: false, at: node)
        default:
            break
        }
        return .visitChildren
    }

    /// `UIStoryboardSegue`, `UIStoryboardSegue!`, `UIKit.UIStoryboardSegue?` → `UIStoryboardSegue`.
    private static func typeName(_ t: TypeSyntax) -> String {
        var text = t.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("UIKit.") { text.removeFirst(6) }
        return text
    }

    // MARK: Identifier tests

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard subjects.last?.active == true else { return .visitChildren }
        let items = Array(node.elements)
        if let s = subjects.last, let segue = s.segue, !s.anyScene, items.count >= 3 {
            for i in items.indices.dropFirst().dropLast() {
                guard let cast = items[i].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark?.text == "!",
                      let type = items[i + 1].as(TypeExprSyntax.self)?.type,
                      items[i - 1].unwrapped.trimmedDescription == segue + ".destination" else { continue }
                add(.destinationCast, .literal(type.trimmedDescription), onSelf: true, at: items[i - 1])
                found[found.count - 1].segue = enclosingTest(Syntax(node))
            }
        }
        for i in items.indices.dropFirst().dropLast() {
            guard let op = items[i].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" else { continue }
            let (a, b) = (items[i - 1], items[i + 1])
            if isSubject(a), let id = identifier(b) { add(.segueIdentifierTest, id, onSelf: !(subjects.last?.anyScene ?? false), at: b) }
            if isSubject(b), let id = identifier(a) { add(.segueIdentifierTest, id, onSelf: !(subjects.last?.anyScene ?? false), at: a) }
        }
        return .visitChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        guard let s = subjects.last, s.active else { return .visitChildren }
        let typed = s.segue.map { Declarations.isTypedIdentifier(node.subject, segue: $0) } ?? false
        guard typed || isSubject(node.subject) else { return .visitChildren }
        for element in node.cases {
            guard case .switchCase(let c) = element, case .case(let label) = c.label else { continue }
            for item in label.caseItems {
                guard let e = item.pattern.as(ExpressionPatternSyntax.self)?.expression, let id = identifier(e) else { continue }
                add(.segueIdentifierTest, id, onSelf: !s.anyScene, at: e)
            }
        }
        return .visitChildren
    }

    /// The one identifier an `if`, `guard` or `case` around a node tests for (literals only).
    private func enclosingTest(_ node: Syntax) -> String? {
        var child = node
        while let parent = child.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return nil }
            if let i = parent.as(IfExprSyntax.self), i.body.id == child.id, let id = tested(in: Syntax(i.conditions)) { return id }
            if let c = parent.as(SwitchCaseSyntax.self), case .case(let label) = c.label, label.caseItems.count == 1,
               let sw = c.parent?.parent?.as(SwitchExprSyntax.self), isSubject(sw.subject),
               let e = label.caseItems.first?.pattern.as(ExpressionPatternSyntax.self)?.expression.unwrapped,
               let id = e.as(StringLiteralExprSyntax.self)?.literalText {
                return id
            }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                // `guard segue.identifier == "x" else { return }` before it in the same block.
                for item in list {
                    if item.id == child.id { break }
                    if let g = item.item.as(GuardStmtSyntax.self), let id = tested(in: Syntax(g.conditions)) { return id }
                }
            }
            child = parent
        }
        return nil
    }

    /// `segue.identifier == "x"` among conditions.
    private func tested(in conditions: Syntax) -> String? {
        for seq in conditions.children(viewMode: .sourceAccurate).flatMap({ $0.children(viewMode: .sourceAccurate) }) {
            guard let s = seq.as(SequenceExprSyntax.self) else { continue }
            let items = Array(s.elements)
            guard items.count == 3, items[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "==" else { continue }
            if isSubject(items[0]), let t = items[2].as(StringLiteralExprSyntax.self)?.literalText { return t }
            if isSubject(items[2]), let t = items[0].as(StringLiteralExprSyntax.self)?.literalText { return t }
        }
        return nil
    }

    // MARK: Shapes

    /// `segue.identifier` (through `?`, `!`, `?? ""`), or a name bound to it.
    private func isSubject(_ e: ExprSyntax) -> Bool {
        guard let s = subjects.last, s.active else { return false }
        var e = e.unwrapped
        if let (lhs, op, _) = Sequence.binary(e), op == "??" { e = lhs.unwrapped }
        if let segue = s.segue, let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "identifier",
           m.base?.unwrapped.trimmedDescription == segue {
            return true
        }
        if let d = e.as(DeclReferenceExprSyntax.self) { return s.names.contains(d.baseName.text) }
        return false
    }

    private func identifier(_ e: ExprSyntax) -> RawReference.Identifier? {
        let e = e.unwrapped
        if let s = e.as(StringLiteralExprSyntax.self) { return s.literalText.map { .literal($0) } }
        if let m = e.as(MemberAccessExprSyntax.self) {
            if m.base == nil { return .nested(m.declName.baseName.text) }
            return .typed(m.trimmedDescription)
        }
        return nil
    }

    /// `performSegue(…)`, `self.`, `self?.`, `super.`: the receiver is `self`.
    private func isSelf(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        let u = base.unwrapped
        if let d = u.as(DeclReferenceExprSyntax.self) { return d.baseName.tokenKind == .keyword(.self) }
        return u.is(SuperExprSyntax.self)
    }

    /// The storyboard an `instantiateViewController` receiver was loaded from.
    private func receiverStoryboard(_ base: ExprSyntax?) -> StoryboardBinding {
        guard let base else { return .storyboard(.unknown) }
        let u = base.unwrapped
        if let b = storyboardBinding(u) { return b }
        if let name = u.propertyName {
            // A local first; `self.x` skips locals but a property bound in the type is the same name.
            if let b = lookup(name) { return b }
            if name == "storyboard" { return .storyboard(.ofSelf) }
        }
        return .storyboard(.unknown)
    }

    /// `UIStoryboard(name: "S", bundle: nil)` → named S; another bundle → otherBundle;
    /// `self.storyboard` → ofSelf; nil for anything else.
    private func storyboardBinding(_ e: ExprSyntax) -> StoryboardBinding? {
        let u = e.unwrapped
        if let m = u.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "storyboard", isSelf(m.base) { return .storyboard(.ofSelf) }
        guard let call = u.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        guard callee == "UIStoryboard" || callee == "UIStoryboard.init",
              call.arguments.first?.label?.text == "name" else { return nil }
        if let bundle = call.arguments.first(where: { $0.label?.text == "bundle" })?.expression {
            let b = bundle.trimmedDescription
            guard ["nil", ".main", "Bundle.main", "NSBundle.mainBundle()", "NSBundle.main"].contains(b) else { return .otherBundle }
        }
        if let s = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalText { return .storyboard(.named(s)) }
        return .storyboard(.unknown)
    }

    private func add(_ kind: SourceReference.Kind, _ id: RawReference.Identifier, onSelf: Bool,
                     storyboard: RawReference.Storyboard = .unknown, at node: some SyntaxProtocol) {
        let type = types.last.flatMap { $0.maybeClass ? $0.name : nil }
        found.append(RawReference(kind: kind, identifier: id, typeName: type, onSelf: onSelf, storyboard: storyboard,
                                  location: file.location(of: node)))
    }
}

extension Declarations {
    /// The references of every file, typed identifiers resolved and `self` named where it is a
    /// class of the sources; deduplicated and in file and line order.
    func references(_ raw: [RawReference]) -> [SourceReference] {
        var out: [SourceReference] = []
        var seen: Set<SourceReference> = []
        for r in raw {
            let owner = r.typeName.flatMap { n in classParts[n]?.contains { !$0.isExtension } == true ? n : nil }
            guard let name = resolve(r.identifier, owner: owner) else { continue }
            var ref = SourceReference(kind: r.kind, name: name, at: CodeLocation(file: r.location.file, line: r.location.line))
            ref.segue = r.segue
            if r.onSelf { ref.className = owner }
            if r.kind == .instantiate {
                switch r.storyboard {
                case .named(let s): ref.storyboard = s
                case .ofSelf: break
                case .unknown: ref.className = nil
                }
            }
            if seen.insert(ref).inserted { out.append(ref) }
        }
        return out.sorted { ($0.at.file, $0.at.line, $0.kind.rawValue, $0.name) < ($1.at.file, $1.at.line, $1.kind.rawValue, $1.name) }
    }

    private func resolve(_ id: RawReference.Identifier, owner: String?) -> String? {
        switch id {
        case .literal(let s):
            return s
        case .typed(var t):
            if t.hasSuffix(".rawValue") { t = String(t.dropLast(9)) }
            if let v = rawValues[t] { return v }
            // `SegueIdentifier.show` inside the class that nests the enum.
            var current = owner
            var seen: Set<String> = []
            while let c = current, seen.insert(c).inserted {
                if let v = rawValues[c + "." + t] { return v }
                current = superclass(of: c)
            }
            return nil
        case .nested(let name):
            return owner.flatMap { nestedIdentifier(named: name, owner: $0) }
        }
    }
}

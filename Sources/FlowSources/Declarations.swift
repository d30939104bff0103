import FlowModel
import SwiftParser
import SwiftSyntax

/// One parsed file, with what turns syntax positions into lines.
struct ParsedFile {
    let path: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(_ file: SourceFile) {
        self.init(file, tree: Parser.parse(source: file.text))
    }

    /// A tree already parsed; `SourceLocationConverter` walks it recursively, so it must have
    /// passed `SyntaxDepth` first.
    init(_ file: SourceFile, tree: SourceFileSyntax) {
        path = file.path
        self.tree = tree
        converter = SourceLocationConverter(fileName: file.path, tree: tree)
    }

    func location(of node: some SyntaxProtocol) -> SwiftLocation {
        let l = node.startLocation(converter: converter, afterLeadingTrivia: true)
        return SwiftLocation(file: path, line: l.line, column: l.column)
    }
}

/// A class declaration or one of its extensions: where members come from.
struct ClassPart {
    let file: ParsedFile
    let node: Syntax
    let inherited: [String]
    let members: MemberBlockItemListSyntax
    let isExtension: Bool
    let isObjCMembers: Bool
}

/// Everything declared across the files, before any class is interpreted: classes with their
/// extensions merged, protocols, and the raw values of string enums (typed identifiers).
struct Declarations {
    var classParts: [String: [ClassPart]] = [:]
    var classOrder: [String] = []
    var protocols: [String: (objc: Bool, location: SwiftLocation)] = [:]
    var rawValues: [String: String] = [:]
    /// Every top-level or nested type name declared (structs, enums, classes), to tell app types from others.
    var typeNames: Set<String> = []
    /// Enums whose cases carry values, and of them the typed destinations (seed 002), filled
    /// by `DestinationReader` once every file is in.
    var associatedEnums: [String: AssociatedEnum] = [:]
    var destinations: [String: DestinationEnum] = [:]
    var performers: [String: DestinationPerformer] = [:]
    /// Storyboard scenes as constants (SwiftGen's `StoryboardScene.Main.x`), by their full name.
    var sceneConstants: [String: SceneConstant] = [:]
    /// `static let storyboardName = "Main"` of an enum, by the enum's full name.
    var storyboardNames: [String: String] = [:]

    mutating func add(_ file: ParsedFile) {
        add(FileDeclarations(file))
    }

    /// Merges what one file declares; files are merged in the order given, so the first
    /// declaration of a name wins whatever order the files were read in.
    mutating func add(_ v: FileDeclarations) {
        for (name, parts) in v.classParts {
            if classParts[name] == nil { classOrder.append(name) }
            classParts[name, default: []].append(contentsOf: parts)
        }
        for name in v.classOrder where classParts[name] == nil { classOrder.append(name) }
        protocols.merge(v.protocols) { a, _ in a }
        rawValues.merge(v.rawValues) { a, _ in a }
        typeNames.formUnion(v.typeNames)
        associatedEnums.merge(v.associatedEnums) { a, _ in a }
        sceneConstants.merge(v.sceneConstants) { a, _ in a }
        storyboardNames.merge(v.storyboardNames) { a, _ in a }
    }

    /// The declared superclass: the first inherited name of the class declaration itself, when it is a class.
    func superclass(of name: String) -> String? {
        guard let decl = classParts[name]?.first(where: { !$0.isExtension }), let first = decl.inherited.first else { return nil }
        // A first inherited name that is a protocol of the sources is a conformance, not a superclass.
        if protocols[first] != nil { return nil }
        return first
    }

    /// The function named `call` (Swift name) on the class `name` or its nearest superclass in
    /// the sources: the declaring class, the function and its file.
    func function(_ call: String, onClassOrSuperclass name: String) -> (String, FunctionDeclSyntax, ParsedFile)? {
        var current: String? = name
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted, let parts = classParts[c] {
            for part in parts {
                for m in part.members {
                    if let f = m.decl.as(FunctionDeclSyntax.self), SwiftNames.function(f) == call { return (c, f, part.file) }
                }
            }
            current = superclass(of: c)
        }
        return nil
    }
}

/// What one file declares, read from that file alone, so that files can be parsed and read in
/// parallel and merged afterwards.
struct FileDeclarations {
    var classParts: [String: [ClassPart]] = [:]
    var classOrder: [String] = []
    var protocols: [String: (objc: Bool, location: SwiftLocation)] = [:]
    var rawValues: [String: String] = [:]
    var typeNames: Set<String> = []
    var associatedEnums: [String: AssociatedEnum] = [:]
    var sceneConstants: [String: SceneConstant] = [:]
    var storyboardNames: [String: String] = [:]

    init() {}

    init(_ file: ParsedFile) {
        let v = DeclarationVisitor(file: file)
        v.walk(file.tree)
        self = v.found
    }
}

private final class DeclarationVisitor: SyntaxVisitor {
    let file: ParsedFile
    var found = FileDeclarations()
    private var scope: [String] = []

    init(file: ParsedFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    private func add(_ name: String, _ part: ClassPart) {
        if found.classParts[name] == nil { found.classOrder.append(name) }
        found.classParts[name, default: []].append(part)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        found.typeNames.insert(name)
        add(name, ClassPart(
            file: file, node: Syntax(node), inherited: inheritedNames(node.inheritanceClause),
            members: node.memberBlock.members, isExtension: false, isObjCMembers: node.attributes.has("objcMembers")))
        scope.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        add(name, ClassPart(
            file: file, node: Syntax(node), inherited: inheritedNames(node.inheritanceClause),
            members: node.memberBlock.members, isExtension: true, isObjCMembers: false))
        scope.append(name)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        found.typeNames.insert(node.name.text)
        scope.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let objc = node.attributes.has("objc")
            || inheritedNames(node.inheritanceClause).contains { $0 == "NSObjectProtocol" }
        found.protocols[node.name.text] = (objc, file.location(of: node.name))
        return .skipChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        found.typeNames.insert(name)
        scope.append(name)
        if let e = AssociatedEnum.read(node, file) { found.associatedEnums[name] = e }
        let isString = inheritedNames(node.inheritanceClause).first == "String"
        let prefix = scope.joined(separator: ".")
        for member in node.memberBlock.members {
            guard let c = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in c.elements {
                if let raw = element.rawValue?.value.as(StringLiteralExprSyntax.self), let text = raw.literalText {
                    found.rawValues["\(prefix).\(element.name.text)"] = text
                } else if isString, element.rawValue == nil {
                    found.rawValues["\(prefix).\(element.name.text)"] = element.name.text
                }
            }
        }
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    // Function bodies hold no declarations the flow needs; skipping them keeps reading fast.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Storyboard scenes as SwiftGen generates them: constants of a type's scope.
        guard !scope.isEmpty, node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else { return .skipChildren }
        let prefix = scope.joined(separator: ".")
        for b in node.bindings {
            guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
            if name == "storyboardName", let text = value.as(StringLiteralExprSyntax.self)?.literalText {
                found.storyboardNames[prefix] = text
            } else if let c = SceneConstant.read(value, scope: prefix, file) {
                found.sceneConstants[prefix + "." + name] = c
            }
        }
        return .skipChildren
    }
}

func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
    guard let clause else { return [] }
    return clause.inheritedTypes.map { t in
        // `Base<DataSource>` inherits from Base; `UIKit.UIViewController` names the same class.
        if let id = t.type.as(IdentifierTypeSyntax.self) { return id.name.text }
        if let m = t.type.as(MemberTypeSyntax.self), m.baseType.trimmedDescription == "UIKit" { return m.name.text }
        return t.type.trimmedDescription
    }
}

extension AttributeListSyntax {
    func attribute(_ name: String) -> AttributeSyntax? {
        for element in self {
            if case .attribute(let a) = element, a.attributeName.trimmedDescription == name { return a }
        }
        return nil
    }

    func has(_ name: String) -> Bool { attribute(name) != nil }
}

extension StringLiteralExprSyntax {
    /// The text of a literal without interpolations; nil when it interpolates.
    var literalText: String? {
        var out = ""
        for segment in segments {
            guard case .stringSegment(let s) = segment else { return nil }
            out += s.content.text
        }
        return out
    }
}

import FlowModel
import SwiftSyntax

extension ClassReader {
    /// What `viewDidLoad` does through the class's own outlets (its outlets and those its
    /// superclasses in the sources declare): these are nil after the load only when the
    /// storyboard does not connect them, which the engine holds against the scene.
    func viewDidLoadOutlets(_ body: CodeBlockSyntax, _ file: ParsedFile) -> [OutletAccess] {
        let names = OutletAccessReader.outletNames(of: name, decls)
        return OutletAccessReader.selfAccesses(in: body, outlets: names, file: file, fileName: Self.fileName(file, decl.file))
    }

    /// A file's name as traps print it, when it is not the class's own file.
    static func fileName(_ file: ParsedFile, _ classFile: String) -> String? {
        let n = file.path.split(separator: "/").last.map(String.init) ?? file.path
        return n == classFile ? nil : n
    }
}

/// The methods of destinations that code touching outlets calls (`d.configure(with: item)`, a
/// `prepare` case's `call`): what each does through the class's own outlets, read once every
/// class is, into the declaring class's `methods`.
struct MethodOutlets {
    let decls: Declarations

    func resolve(_ facts: inout SourceFacts) {
        var wanted: [(String, String)] = []
        func want(_ cases: [PrepareCase]) {
            for c in cases {
                guard let cast = c.cast else { continue }
                if let call = c.call { wanted.append((cast, call)) }
                for a in c.outlets where a.name.hasSuffix(")") && !a.loadsView { wanted.append((cast, a.name)) }
            }
        }
        for name in facts.classes.keys.sorted() { want(facts.classes[name]?.prepare ?? []) }
        want(facts.launch.inject)
        for name in facts.classes.keys.sorted() {
            for a in facts.classes[name]?.actions ?? [] {
                guard let built = a.className ?? a.builtClass else { continue }
                for x in a.outlets where x.name.hasSuffix(")") && !x.loadsView { wanted.append((built, x.name)) }
            }
        }
        for (cls, method) in wanted {
            guard let (declaring, f, file) = decls.function(method, onClassOrSuperclass: cls), let body = f.body, facts.classes[declaring] != nil else { continue }
            let names = OutletAccessReader.outletNames(of: declaring, decls)
            let classFile = facts.classes[declaring]!.file
            let accesses = OutletAccessReader.selfAccesses(in: body, outlets: names, file: file, fileName: ClassReader.fileName(file, classFile))
            if let i = facts.classes[declaring]!.methods.firstIndex(where: { $0.name == method }) {
                facts.classes[declaring]!.methods[i].outlets = accesses
            } else if !accesses.isEmpty {
                var m = Method(name: method, sets: [], origin: file.location(of: f).origin)
                m.outlets = accesses
                facts.classes[declaring]!.methods.append(m)
            }
        }
        // Accesses naming a method that touches no outlet say nothing: left out.
        for name in facts.classes.keys.sorted() {
            guard var cases = facts.classes[name]?.prepare else { continue }
            for i in cases.indices { cases[i].outlets = cases[i].outlets.filter { keep($0, cases[i].cast, facts) } }
            facts.classes[name]?.prepare = cases
        }
        for i in facts.launch.inject.indices {
            facts.launch.inject[i].outlets = facts.launch.inject[i].outlets.filter { keep($0, facts.launch.inject[i].cast, facts) }
        }
    }

    private func keep(_ a: OutletAccess, _ cast: String?, _ facts: SourceFacts) -> Bool {
        guard a.name.hasSuffix(")"), !a.loadsView else { return true }
        guard let cast, let (declaring, _, _) = decls.function(a.name, onClassOrSuperclass: cast) else { return false }
        return facts.classes[declaring]?.methods.first { $0.name == a.name }?.outlets?.isEmpty == false
    }
}

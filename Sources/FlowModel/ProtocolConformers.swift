/// The classes conforming to a protocol — declaring it, or inheriting from a class that does —
/// with the names of their dependencies and methods, for the casts of `prepare` cases. Made
/// once per protocol from an index of subclasses: filtering every class for each cast made
/// validation grow with prepare cases × classes (1,000 of each took over a minute).
struct ProtocolConformers {
    struct Members {
        var conformers: [String] = []
        var dependencies: Set<String> = []
        var methods: Set<String> = []
    }

    private var made: [String: Members] = [:]
    private var subclasses: [String: [String]]?
    private var declaring: [String: [String]] = [:]

    mutating func members(of proto: String, in flow: Flow) -> Members {
        if let known = made[proto] { return known }
        if subclasses == nil {
            var children: [String: [String]] = [:]
            for (name, c) in flow.classes {
                children[c.superclass, default: []].append(name)
                for p in c.conformsTo { declaring[p, default: []].append(name) }
            }
            subclasses = children
            WorkMeter.add(.validationSteps, flow.classes.count)
        }
        // The declaring classes and everything below them, each class once (a superclass cycle
        // is cut by the set).
        var seen = Set<String>()
        var stack = declaring[proto] ?? []
        var members = Members()
        while let name = stack.popLast() {
            guard seen.insert(name).inserted else { continue }
            members.conformers.append(name)
            stack += subclasses?[name] ?? []
        }
        members.conformers.sort()
        // A conformer's members are its own and its superclasses': those below a declaring class
        // are conformers, those above it are walked once from each declaring class (stopping at
        // a class already walked), so each class's members are read once.
        var read = Set<String>()
        func readMembers(_ name: String) {
            guard read.insert(name).inserted, let c = flow.classes[name] else { return }
            for x in c.dependencies { members.dependencies.insert(x.name) }
            for m in c.methods { members.methods.insert(m.name) }
        }
        for name in members.conformers { readMembers(name) }
        for name in declaring[proto] ?? [] {
            var current = flow.classes[name]?.superclass
            while let c = current, !read.contains(c), flow.classes[c] != nil {
                readMembers(c)
                current = flow.classes[c]?.superclass
            }
        }
        WorkMeter.add(.validationSteps, members.conformers.count)
        made[proto] = members
        return members
    }
}

import Testing
@testable import FlowModel

/// Issue 15, item 7: the validator scanned every destination case and scene for each action,
/// and every class for each cast to a protocol (10,000 classes with a typed action each: over
/// 5 minutes); near names were compared with every candidate for each unknown key. The work
/// is counted (`WorkMeter`), not timed: doubling the flow at most about doubles it.
@Suite struct ValidationCostTests {
    /// `n` classes, each performing a segue through its own typed destination case and
    /// presenting a scene by its own Storyboard ID.
    static func typedActions(_ n: Int) -> String {
        var cases: [String] = [], classes: [String] = [], scenes: [String] = []
        for i in 0..<n {
            cases.append("\"C\(i)\": { \"segue\": \"S\(i)\" }")
            classes.append("""
                "VC\(i)": { "actions": { "a(_:)": { "trigger": "control:a", "do": "performSegue", "destination": "C\(i)" },
                  "b(_:)": { "trigger": "control:b", "do": "present", "identifier": "id\(i)" } } }
                """)
            scenes.append("\"s\(i)\": { \"class\": \"VC\(i)\", \"storyboardIdentifier\": \"id\(i)\", \"controls\": [\"a\", \"b\"] }")
        }
        return """
            { "format": 1, "name": "H", "module": "H", "initial": "s0",
              "destinations": { "D": { "cases": { \(cases.joined(separator: ", ")) } } },
              "classes": { \(classes.joined(separator: ", ")) }, "scenes": { \(scenes.joined(separator: ", ")) }, "segues": [] }
            """
    }

    /// `n` classes conforming to a protocol, and `n` prepare cases casting to it.
    static func protocolCasts(_ n: Int) -> String {
        var prepare: [String] = [], classes: [String] = []
        for i in 0..<n {
            prepare.append("{ \"segue\": \"S\(i)\", \"as\": \"P\", \"set\": { \"dep\": \"1\" }, \"call\": \"inject(_:)\" }")
            classes.append("""
                "VC\(i)": { "conformsTo": ["P"], "dependencies": { "dep": { "type": "Int", "injection": "implicitlyUnwrapped" } },
                  "methods": { "inject(_:)": {} } }
                """)
        }
        return """
            { "format": 1, "name": "H", "module": "H", "initial": "s0", "protocols": { "P": {} },
              "classes": { "Src": { "prepare": [\(prepare.joined(separator: ", "))] }, \(classes.joined(separator: ", ")) },
              "scenes": { "s0": { "class": "Src" } }, "segues": [] }
            """
    }

    /// A scene with `n` unknown keys, each a typo of a known one.
    static func unknownKeys(_ n: Int) -> String {
        let keys = (0..<n).map { "\"titel\($0)\": \"x\"" }.joined(separator: ", ")
        return """
            { "format": 1, "name": "H", "module": "H", "initial": "s0", "classes": { "VC": {} },
              "scenes": { "s0": { "class": "VC", \(keys) } }, "segues": [] }
            """
    }

    static func work(_ kind: WorkMeter.Kind, loading json: String) -> (Int, [Diagnostic]) {
        let meter = WorkMeter()
        let diagnostics: [Diagnostic] = meter.measure {
            switch FlowLoader.load(text: json, file: "test.json") {
            case .success(let loaded): loaded.warnings
            case .failure(let e): e.diagnostics
            }
        }
        return (meter[kind], diagnostics)
    }

    @Test func typedActionsAreResolvedByLookup() {
        let (small, _) = Self.work(.validationSteps, loading: Self.typedActions(1_000))
        let (large, diagnostics) = Self.work(.validationSteps, loading: Self.typedActions(2_000))
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.prefix(3))")
        #expect(small > 0, "the validator's work is counted")
        #expect(large <= 2 * small + 100, "\(small) steps for 1,000 classes, \(large) for 2,000")
        #expect(large <= 10 * 2_000, "\(large) steps for 2,000 classes")
    }

    @Test func protocolCastsAreResolvedByLookup() {
        let (small, _) = Self.work(.validationSteps, loading: Self.protocolCasts(1_000))
        let (large, diagnostics) = Self.work(.validationSteps, loading: Self.protocolCasts(2_000))
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.prefix(3))")
        #expect(small > 0)
        #expect(large <= 2 * small + 100, "\(small) steps for 1,000 casts, \(large) for 2,000")
        #expect(large <= 10 * 2_000, "\(large) steps for 2,000 casts")
    }

    @Test func aProtocolCastStillFindsMembersOfConformersAndTheirSuperclasses() {
        let json = """
            { "format": 1, "name": "H", "module": "H", "initial": "s0", "protocols": { "P": {} },
              "classes": { "Base": { "dependencies": { "dep": { "type": "Int", "injection": "implicitlyUnwrapped" } } },
                "Mid": { "superclass": "Base", "conformsTo": ["P"] }, "Leaf": { "superclass": "Mid", "methods": { "inject(_:)": {} } },
                "Src": { "prepare": [ { "as": "P", "set": { "dep": "1" }, "call": "inject(_:)" }, { "as": "P", "set": { "dpe": "1" }, "call": "injct(_:)" } ] } },
              "scenes": { "s0": { "class": "Src" } }, "segues": [] }
            """
        let messages = errors(json).map(\.description)
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("unknown dependency 'dpe' of P; did you mean 'dep'?") }, "\(messages)")
        #expect(messages.contains { $0.contains("unknown method 'injct(_:)' of P; did you mean 'inject(_:)'?") }, "\(messages)")
    }

    /// Each unknown key was compared with every known key, without end: now the first 100 are,
    /// and a line says that later ones suggest nothing.
    @Test func unknownKeysLookForNearNamesABoundedNumberOfTimes() {
        let (small, _) = Self.work(.suggestionComparisons, loading: Self.unknownKeys(5_000))
        let (large, diagnostics) = Self.work(.suggestionComparisons, loading: Self.unknownKeys(10_000))
        #expect(small > 0)
        #expect(large <= small, "\(small) comparisons for 5,000 unknown keys, \(large) for 10,000")
        #expect(diagnostics.filter { $0.message.hasPrefix("unknown key") }.count == 10_000)
        #expect(diagnostics.first { $0.message.hasPrefix("unknown key 'titel0'") }?.suggestions == ["title"])
        #expect(diagnostics.contains { $0.message.hasPrefix("near names (\"did you mean\") were looked up for the first 100 unknown names") })
    }

    /// Thousands of stale class names against thousands of classes: a budget of comparisons.
    @Test func staleClassNamesCompareABoundedNumberOfCandidates() {
        let n = 5_000
        var classes: [String] = [], scenes: [String] = []
        for i in 0..<n {
            classes.append("\"Declared\(i)ViewController\": {}")
            scenes.append("\"s\(i)\": { \"class\": \"Gone\(i)ViewController\" }")
        }
        let json = """
            { "format": 1, "name": "H", "module": "H", "initial": "s0", "classes": { \(classes.joined(separator: ", ")) },
              "scenes": { \(scenes.joined(separator: ", ")) }, "segues": [] }
            """
        let (compared, diagnostics) = Self.work(.suggestionComparisons, loading: json)
        #expect(diagnostics.filter { $0.message.hasPrefix("no class declares") }.count == n)
        #expect(compared <= DiagnosticSink.comparisonBudget, "\(compared) candidates compared")
    }

    @Test func nearNamesStayTheSameWithTheBoundedDistance() {
        #expect(NameSuggester.nearest(to: "UINavController", in: ["UINavigationController", "UITabBarController"]) == ["UINavigationController"])
        #expect(NameSuggester.nearest(to: "titel", in: ["title", "class", "rows"]) == ["title"])
        #expect(NameSuggester.nearest(to: "Detail", in: ["detail", "Details", "DetailViewController"]) == ["detail", "Details"])
        #expect(NameSuggester.nearest(to: String(repeating: "a", count: 200), in: [String(repeating: "a", count: 201)]) == [])
        for (a, b) in [("kitten", "sitting"), ("ca", "abc"), ("", "abc"), ("abcdef", "badcfe")] {
            let full = NameSuggester.distance(a, b)
            #expect(NameSuggester.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: 1) == min(full, 2), "\(a) \(b)")
        }
    }
}

import Foundation
import TestSupport
import Testing

/// Issue 30's confidence on the shared apps: true findings on paths flownav read stay errors
/// and warnings; a finding resting on code it did not read is a possible note saying so.
@Suite(.needsSharedData, .needsFlownavBinary)
struct ConfidenceSharedAppTests {
    struct Found {
        var rule: String
        var severity: String
        var confidence: String
        var assumes: [String]
        var message: String
        var path: [String]?
    }

    func check(_ app: String) throws -> (status: Int32, findings: [Found]) {
        let r = try runProcess(FlownavBinary.require(), ["check", "--format", "json", PackagePaths.app(app)!], stdin: nil, directory: PackagePaths.root, timeout: 600)
        let top = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r)")
        let flow = try #require((top["flows"] as? [[String: Any]])?.first)
        let list = try #require(flow["findings"] as? [[String: Any]])
        return (r.status, list.map {
            Found(rule: $0["rule"] as? String ?? "", severity: $0["severity"] as? String ?? "", confidence: $0["confidence"] as? String ?? "",
                  assumes: $0["assumes"] as? [String] ?? [], message: $0["message"] as? String ?? "", path: $0["path"] as? [String])
        })
    }

    /// The exception's path performs two manual segues to reach the inbox, but the exception is
    /// thrown by `openGuidelinesView()`, a code action flownav read: definite.
    @Test func habiticaGuidelinesSegueStaysADefiniteError() throws {
        let (status, found) = try check("habitica-ios")
        #expect(status == 1)
        // Since issue 31 (item 7) the exploration's path to it goes through InitialSegue, whose
        // class MainVCSelectionSegue overrides `destination` with code flownav did not read: the
        // view controller it shows is a guess, so the exception found past it is possible (a
        // note naming that segue class). The lint below keeps it a definite error.
        let exception = try #require(found.first { $0.rule == "uncaught-exception" && $0.message.contains("'GuidelinesSegue'") })
        #expect(exception.severity == "note" && exception.confidence == "possible", "\(exception)")
        #expect(exception.assumes.contains { $0.contains("custom segue MainVCSelectionSegue") }, "\(exception)")
        #expect(exception.path?.last == "call openGuidelinesView()")
        let lint = try #require(found.first { $0.rule == "unknown-segue-identifier" && $0.message.contains("'GuidelinesSegue'") })
        #expect(lint.severity == "error" && lint.confidence == "definite", "\(lint)")
        // Every error is definite; every possible finding is a note that says what it assumes.
        for f in found where f.severity == "error" { #expect(f.confidence == "definite", "\(f)") }
        for f in found where f.confidence == "possible" { #expect(f.severity == "note" && !f.assumes.isEmpty, "\(f)") }
    }

    /// OrderApp's latent warnings rest on `nilWhen: noSelection`, not on the categories and
    /// items the app loads in code flownav did not read (which the actions only pass on).
    @Test func orderAppsLatentWarningsStayDefinite() throws {
        let (_, found) = try check("OrderApp")
        let latent = found.filter { $0.rule == "init-coder-trap-reachable" }
        #expect(latent.count == 2)
        for f in latent { #expect(f.severity == "warning" && f.confidence == "definite", "\(f)") }
    }

    /// A segue flownav performs only because the app performs it from code it could not follow
    /// (an identifier computed at run time): what that step finds is possible, with that line.
    @Test func soccerCoachsPerformedSegueIsPossible() throws {
        let (_, found) = try check("SoccerCoach")
        let log = try #require(found.first { $0.rule == "unable-to-find-method" })
        #expect(log.severity == "note" && log.confidence == "possible", "\(log)")
        #expect(log.assumes.contains { $0.contains("segue 'showTeamList' is performed from code flownav did not read") && $0.contains("NewMatchCreation.swift:120") }, "\(log)")
        // The stale selector itself is read from the storyboard: the lint stays a warning.
        #expect(found.contains { $0.rule == "undeclared-segue-action" && $0.severity == "warning" && $0.confidence == "definite" })
    }
}

import Testing
@testable import LineEditor

@Suite struct HistoryPathTests {
    @Test func explicitVariableWins() {
        let env = ["FLOWNAV_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/state", "HOME": "/home/u"]
        #expect(LineEditor.historyPath(environment: env) == "/tmp/h")
    }

    @Test func xdgStateHomeBeforeHome() {
        let env = ["XDG_STATE_HOME": "/state/", "HOME": "/home/u"]
        #expect(LineEditor.historyPath(environment: env) == "/state/flownav/history")
    }

    @Test func homeFallback() {
        #expect(LineEditor.historyPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/flownav/history")
    }

    @Test func emptyAndRelativeValuesAreIgnored() {
        let env = ["FLOWNAV_HISTORY": "", "XDG_STATE_HOME": "relative/state", "HOME": "/home/u"]
        #expect(LineEditor.historyPath(environment: env) == "/home/u/.local/state/flownav/history")
        #expect(LineEditor.historyPath(environment: ["XDG_STATE_HOME": ""]) == nil)
    }

    @Test func nothingUsable() {
        #expect(LineEditor.historyPath(environment: [:]) == nil)
        #expect(LineEditor.historyPath(environment: ["HOME": ""]) == nil)
    }
}

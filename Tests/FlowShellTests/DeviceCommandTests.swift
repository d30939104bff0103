import FlowModel
import Foundation
@testable import FlowShell
import TestSupport
import Testing

/// The shell's `device` command and `--device` (as `deviceOverride`), on the split-view flow.
@Suite("device command")
struct DeviceCommandTests {
    private func session(_ device: Device? = nil) -> Session {
        var s = Session()
        s.deviceOverride = device
        _ = s.load(path: PackagePaths.flow("split-devices.json"))
        return s
    }

    @Test("the flow's default is a phone: the mailbox in front; 'device pad' relaunches with the detail in front")
    func switching() {
        var s = session()
        #expect(s.location == "Mail:MailboxViewController")
        #expect(s.execute("device").texts == ["the app runs on a phone"])
        let out = s.execute("device pad")
        #expect(out.texts.first == "the app runs on a pad now; relaunching")
        #expect(out.texts.contains("call     <Mail.MessageViewController: 0x600000c04800> viewDidLoad()"))
        #expect(s.location == "Mail:MessageViewController")
        #expect(s.execute("device tablet").texts.first?.hasPrefix("error: expected 'phone' or 'pad'") == true)
    }

    @Test("--device pad launches every loaded flow on a pad; record replays it with a device line")
    func override() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var pad = Session()
        pad.deviceOverride = .pad
        var r = Recorder(pad)
        r.run("load \(PackagePaths.flow("split-devices.json"))", "where")
        #expect(r.session.location == "Mail:MessageViewController")
        let file = folder.path + "/pad.flownav"
        r.run("record \(file)")
        r.run("record off")
        let text = try #require(r.files[file])
        #expect(text.contains("flownav> device pad\n"))
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let replay = TranscriptRunner.run(path: file)
        #expect(replay.passed, "\(replay)")
    }

    @Test("'device pad' before any flow is loaded: the next load launches on a pad")
    func beforeLoad() {
        var s = Session()
        #expect(s.execute("device pad").texts == ["flows launch on a pad now"])
        _ = s.load(path: PackagePaths.flow("split-devices.json"))
        #expect(s.location == "Mail:MessageViewController")
    }

    @Test("where marks a collapsed split view's secondary column as not on screen")
    func tree() {
        var s = session()
        #expect(s.execute("where").texts.contains("   └─ secondary (collapsed: not on screen) <UINavigationController: 0x600000c04600> 'messageNav'"))
    }
}

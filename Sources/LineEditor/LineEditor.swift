import CEditLine
import CEditLineShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An interactive line editor over libedit's native API, with persistent history and Tab
/// completion. Use it from one thread only (libedit and the terminal are process-wide), and
/// only when stdin and stdout are terminals: in batch mode read lines with `readLine()`.
public final class LineEditor {
    public enum Input: Equatable, Sendable {
        case line(String)
        case interrupted
        case endOfFile
        /// SIGTERM or SIGHUP arrived: the caller ends as on quit, with status 128 + the signal.
        case terminated(signal: Int32)
    }

    /// Called on Tab with the text before the cursor. It runs inside libedit's key handler
    /// with the terminal in raw mode, so it must not trap.
    public var completer: ((_ lineBeforeCursor: String) -> CompletionResult)?

    private let editLine: OpaquePointer
    private let history: HistoryFile
    private var promptText: UnsafeMutablePointer<CChar>?
    private var promptWidth = 0

    /// Returns nil if libedit cannot start. Loads history from `historyFile` when given,
    /// creating its parent folders when `createHistoryFolders` (the default location; never
    /// for a path the user named).
    public init?(program: String, historyFile: String?, createHistoryFolders: Bool = true) {
        flownav_setlocale_ctype()
        flownav_install_sigint()
        flownav_install_termination()
        guard let history = HistoryFile(path: historyFile, createFolders: createHistoryFolders) else { return nil }
        guard let editLine = flownav_el_init(program) else { return nil }
        self.history = history
        self.editLine = editLine

        _ = flownav_el_set_editor(editLine, "emacs")
        // Lets libedit restore the tty on signals and handle SIGWINCH/SIGTSTP.
        _ = flownav_el_set_signal(editLine, 1)
        _ = flownav_el_set_hist(editLine, history.handle)
        // Callbacks are C function pointers and cannot capture; they find self through this.
        _ = flownav_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = flownav_el_set_prompt(editLine, { editLine in
            guard let editor = LineEditor.from(editLine), let text = editor.promptText else {
                return flownav_empty_prompt()
            }
            return text
        }, CChar(bitPattern: UInt8(PromptText.literal.asciiValue ?? 1)))
        _ = flownav_el_addfn(editLine, "flownav-complete", "Complete the word before the cursor", { editLine, _ in
            guard let editor = LineEditor.from(editLine) else { return UInt8(CC_REFRESH_BEEP) }
            return editor.complete()
        })
        _ = flownav_el_bind(editLine, "^I", "flownav-complete")
        _ = flownav_el_bind(editLine, "^R", "em-inc-search-prev")
        _ = flownav_el_bind(editLine, "^W", "ed-delete-prev-word")
    }

    /// A problem with the history file not reported yet (a warning line), taken once.
    public func takeHistoryProblem() -> String? {
        defer { history.problem = nil }
        return history.problem
    }

    deinit {
        // After SIGTERM or SIGHUP, standard input is /dev/null (see the shim): the terminal goes
        // back first, so that el_end restores its mode, whatever path leads here.
        flownav_restore_input()
        el_end(editLine)
        free(promptText)
    }

    /// Reads one line. Whatever the outcome, the cursor is left at the start of a fresh line:
    /// after Ctrl-C or Ctrl-D this prints the newline itself.
    public func read(prompt: String) -> Input {
        setPrompt(prompt)
        _ = flownav_sigint_take()
        if let signal = Self.terminationSignal { return .terminated(signal: signal) }
        var count: Int32 = 0
        guard let raw = el_gets(editLine, &count) else {
            if let signal = Self.terminationSignal {
                flownav_write_stdout("\n")
                return .terminated(signal: signal)
            }
            // Check count first: at end of file errno can still hold a stale EINTR. Ctrl-C
            // during an incremental search (Ctrl-R) ends el_gets without EINTR, as if the
            // input had ended; the SIGINT flag tells it apart, so it cancels like Ctrl-G.
            let interrupted = flownav_sigint_take() != 0 || (count == -1 && errno == EINTR)
            flownav_write_stdout("\n")
            if interrupted { return .interrupted }
            // count 0 is Ctrl-D on an empty line; any other failure (e.g. the terminal went
            // away) ends the session too rather than spinning on a dead input.
            return .endOfFile
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        history.add(line)
        return .line(line)
    }

    /// SIGTERM or SIGHUP, if one arrived since the editor started.
    public static var terminationSignal: Int32? {
        let s = flownav_termination_signal()
        return s == 0 ? nil : s
    }

    /// Saves the history now (it is saved after each line; this is for leaving on a signal).
    public func saveHistory() { history.save() }

    /// Unblocks the signals that end a process, for batch modes (see the C shim).
    public static func unblockTerminationSignals() { flownav_unblock_termination() }

    /// True if Ctrl-C was pressed since the last call or the last `read`. The SIGINT handler
    /// installed by `init` keeps Ctrl-C from killing the process, so a long-running command
    /// can poll this to stop early.
    public static func takePendingInterrupt() -> Bool {
        flownav_sigint_take() != 0
    }

    private static func from(_ editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = flownav_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    private func setPrompt(_ prompt: String) {
        // The old buffer must stay valid until here: libedit calls the prompt callback on
        // every redraw.
        free(promptText)
        promptText = strdup(PromptText.wrap(prompt))
        promptWidth = PromptText.visibleWidth(prompt)
    }

    private func complete() -> UInt8 {
        guard let completer, let info = el_line(editLine)?.pointee,
              let buffer = info.buffer, let cursor = info.cursor
        else { return UInt8(CC_REFRESH_BEEP) }

        // el_line reports byte positions in the multibyte (UTF-8) form of the line.
        let byteCount = max(0, cursor - buffer)
        let bytes = UnsafeRawPointer(buffer).bindMemory(to: UInt8.self, capacity: byteCount)
        let beforeCursor = String(decoding: UnsafeBufferPointer(start: bytes, count: byteCount), as: UTF8.self)

        switch CompletionAction(lineBeforeCursor: beforeCursor, result: completer(beforeCursor)) {
        case .beep:
            return UInt8(CC_REFRESH_BEEP)
        case .replace(let deleteScalars, let insert):
            if deleteScalars > 0 { el_deletestr(editLine, Int32(clamping: deleteScalars)) }
            return el_insertstr(editLine, insert) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_REFRESH_BEEP)
        case .list(let candidates):
            showCandidates(candidates, beforeCursor: beforeCursor)
            return UInt8(CC_REDISPLAY)
        }
    }

    private func showCandidates(_ candidates: [String], beforeCursor: String) {
        let reported = Int(flownav_el_columns(editLine))
        let columns = reported > 0 ? reported : 80
        var output = "\n"
        for line in CandidateColumns.lines(candidates, width: columns) {
            output += line + "\n"
        }
        // CC_REDISPLAY first moves up from the row libedit believes the cursor is on to the
        // first row of the input, so when the input wraps, leave that many spare rows or the
        // redraw would overwrite the end of the list.
        let cursorRow = (promptWidth + TerminalWidth.of(beforeCursor)) / columns
        output += String(repeating: "\n", count: cursorRow)
        flownav_write_stdout(output)
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process on the slave side of a pseudo-terminal (`forkpty`), driven from the master
/// side as a person at a terminal would: write keys, read what the terminal shows.
final class PseudoTerminal {
    enum Failure: Error, CustomStringConvertible {
        case cannotOpen(String)
        case timeout(waitingFor: String, seen: String)
        case exited(waitingFor: String, seen: String)

        var description: String {
            switch self {
            case .cannotOpen(let why): "cannot open a pseudo-terminal: \(why)"
            case .timeout(let what, let seen): "timed out waiting for \(what.debugDescription); the terminal shows:\n\(seen)"
            case .exited(let what, let seen): "the program exited while waiting for \(what.debugDescription); the terminal shows:\n\(seen)"
            }
        }
    }

    /// True when this system can open a pseudo-terminal at all.
    static let isAvailable: Bool = {
        #if canImport(Glibc)
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { return false }
        close(master)
        close(slave)
        return true
        #else
        return false
        #endif
    }()

    let pid: pid_t
    private let master: Int32
    /// Every byte the program wrote to the terminal.
    private var bytes: [UInt8] = []
    /// How far `expect` has read, in Unicode scalars of `text`.
    private var consumed = 0
    private var closed = false
    private(set) var exitStatus: Int32?

    /// Starts `executable` with exactly `environment` (nothing is inherited) in `directory`.
    init(executable: String, arguments: [String] = [], environment: [String: String], directory: String, columns: UInt16 = 200) throws {
        #if canImport(Glibc)
        // Everything the child needs is built before fork: between fork and exec it may only
        // make async-signal-safe calls.
        let argv = CStringArray([executable] + arguments)
        let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" })
        let path = strdup(executable)!
        let folder = strdup(directory)!
        defer { free(path); free(folder) }
        let maxDescriptor = Int32(clamping: min(sysconf(Int32(_SC_OPEN_MAX)), 65_536))
        var size = winsize(ws_row: 50, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            // The child: descriptors 0–2 are the terminal; drop whatever else the test process
            // had open (other tests' pipes) so that no one waits for an end of file forever.
            var fd: Int32 = 3
            while fd < maxDescriptor { close(fd); fd += 1 }
            // The signal mask survives exec, and the test's thread (a Dispatch worker) blocks
            // SIGINT: unblock everything so Ctrl-C reaches the program as it would from a shell.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigprocmask(SIG_SETMASK, &signals, nil)
            for s in [SIGINT, SIGQUIT, SIGTSTP, SIGPIPE, SIGTTIN, SIGTTOU] { signal(s, SIG_DFL) }
            if chdir(folder) != 0 { _exit(126) }
            execve(path, argv.pointers, envp.pointers)
            _exit(127)
        }
        guard pid > 0 else { throw Failure.cannotOpen(String(cString: strerror(errno))) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        self.pid = pid
        self.master = master
        #else
        throw Failure.cannotOpen("forkpty is only wired up for Glibc")
        #endif
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Writes keys as typed (UTF-8).
    func send(_ keys: String) {
        let data = Array(keys.utf8)
        var offset = 0
        while offset < data.count {
            let n = data.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// What the terminal has shown so far, with escape sequences, carriage returns, bells and
    /// backspaces removed.
    var text: String { Self.plain(String(decoding: bytes, as: UTF8.self)) }

    /// Every byte shown so far as text, escape sequences included (to see colours).
    var raw: String { String(decoding: bytes, as: UTF8.self) }

    /// What arrived after the last match of `expect`.
    var unread: String { String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(consumed))) }

    /// Reads until `pattern` appears after the previous match; returns the text up to and
    /// including it, and continues after it next time.
    @discardableResult
    func expect(_ pattern: String, timeout: TimeInterval = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let rest = unread
            if let range = rest.range(of: pattern) {
                let seen = String(rest[..<range.upperBound])
                consumed += seen.unicodeScalars.count
                return seen
            }
            if closed { throw Failure.exited(waitingFor: pattern, seen: text) }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw Failure.timeout(waitingFor: pattern, seen: text) }
            readAvailable(waitingAtMost: left)
        }
    }

    /// Waits until the program has taken the terminal out of canonical mode, as a line editor
    /// does while it reads a line. Keys sent before that are handled by the kernel's line
    /// discipline instead: echoed as `^[[A`, and Ctrl-D turned into a line end.
    func waitForRawMode(timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var settings = termios()
            // On Linux the master side reports the slave's settings.
            if tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) == 0 { return }
            if closed { throw Failure.exited(waitingFor: "raw mode", seen: text) }
            if Date() >= deadline { throw Failure.timeout(waitingFor: "raw mode", seen: text) }
            readAvailable(waitingAtMost: 0.01)
        }
    }

    /// True while the terminal is in canonical (cooked) mode, the mode a shell expects back.
    var isCanonical: Bool {
        var settings = termios()
        return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Reads until `condition` holds for the terminal's screen.
    func waitUntil(_ what: String, timeout: TimeInterval = 5, _ condition: (Screen) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition(screen) { return }
            if closed { throw Failure.exited(waitingFor: what, seen: screen.text) }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw Failure.timeout(waitingFor: what, seen: screen.text) }
            readAvailable(waitingAtMost: min(left, 0.05))
        }
    }

    /// What a terminal would show after everything written so far.
    var screen: Screen { Screen(String(decoding: bytes, as: UTF8.self)) }

    /// Waits for the program to end and returns its exit status (or 128 + signal), draining
    /// the terminal meanwhile; nil on timeout.
    func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                let signal = status & 0x7F
                exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                readAvailable(waitingAtMost: 0)
                return exitStatus
            }
            if r < 0 && errno != EINTR { return nil }
            if closed { usleep(10_000) } else { readAvailable(waitingAtMost: 0.05) }
        }
        return nil
    }

    private func readAvailable(waitingAtMost seconds: TimeInterval) {
        guard !closed else { return }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, min(seconds, 1)) * 1000))
        guard ready > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 {
            bytes += buffer[0..<n]
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
            // EIO: the child and every other holder of the slave side are gone.
            closed = true
        }
    }

    static func plain(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var it = s.unicodeScalars.makeIterator()
        while let c = it.next() {
            switch c {
            case "\u{1B}":
                guard let kind = it.next() else { break }
                if kind == "[" {
                    // CSI: parameters, then one final byte in @…~.
                    while let p = it.next(), !(0x40...0x7E).contains(p.value) {}
                } else if kind == "]" {
                    // OSC: up to BEL or ESC \.
                    while let p = it.next(), p != "\u{07}" { if p == "\u{1B}" { _ = it.next(); break } }
                }
            case "\r", "\u{07}", "\u{08}":
                continue
            default:
                out.append(c)
            }
        }
        return String(out)
    }
}

/// A NULL-terminated `char *[]` that lives as long as this value.
private final class CStringArray {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (i, s) in strings.enumerated() { pointers[i] = strdup(s) }
        pointers[strings.count] = nil
    }

    deinit {
        for i in 0..<count { free(pointers[i]) }
        pointers.deallocate()
    }
}

/// A small terminal emulator: enough of xterm's cursor motion and erasing for what libedit
/// writes (carriage return, backspace, tab, `CSI n G/C/D/A/B/P/@/X`, `CSI K`), with unlimited
/// scrollback and no wrapping.
struct Screen {
    private(set) var rows: [[Unicode.Scalar]] = [[]]
    private(set) var row = 0
    private(set) var column = 0

    init(_ output: String) {
        var it = output.unicodeScalars.makeIterator()
        while let c = it.next() {
            switch c {
            case "\r": column = 0
            case "\n": down(1)
            case "\u{08}": column = max(0, column - 1)
            case "\t": column = (column / 8 + 1) * 8
            case "\u{07}": break
            case "\u{1B}":
                guard let kind = it.next() else { break }
                if kind == "[" {
                    var parameters = ""
                    var final: Unicode.Scalar = "m"
                    while let p = it.next() {
                        if (0x40...0x7E).contains(p.value) { final = p; break }
                        parameters.unicodeScalars.append(p)
                    }
                    csi(final, parameters)
                } else if kind == "]" {
                    while let p = it.next(), p != "\u{07}" { if p == "\u{1B}" { _ = it.next(); break } }
                }
            default:
                put(c)
            }
        }
    }

    private mutating func down(_ n: Int) {
        row += n
        while rows.count <= row { rows.append([]) }
    }

    private mutating func pad(_ n: Int) {
        while rows[row].count < n { rows[row].append(" ") }
    }

    private mutating func put(_ c: Unicode.Scalar) {
        pad(column)
        if column < rows[row].count { rows[row][column] = c } else { rows[row].append(c) }
        column += 1
    }

    private mutating func csi(_ final: Unicode.Scalar, _ parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let n = max(1, (numbers.first ?? nil) ?? 1)
        let line = rows[row].count
        switch final {
        case "G": column = n - 1
        case "C": column += n
        case "D": column = max(0, column - n)
        case "A": row = max(0, row - n)
        case "B": down(n)
        case "K":
            switch (numbers.first ?? nil) ?? 0 {
            case 0: if column < line { rows[row].removeSubrange(column...) }
            case 1: pad(column + 1); for i in 0...column { rows[row][i] = " " }
            default: rows[row] = []
            }
        case "P": if column < line { rows[row].removeSubrange(column..<min(line, column + n)) }
        case "@": pad(column); rows[row].insert(contentsOf: Array(repeating: " ", count: n), at: column)
        case "X": pad(column + n); for i in column..<(column + n) { rows[row][i] = " " }
        default: break  // colours, modes
        }
    }

    /// The cursor's line, trailing blanks removed.
    var currentLine: String { Self.string(rows[row]) }

    /// The line up to the cursor: what the program has placed before it.
    var beforeCursor: String {
        let r = rows[row] + Array(repeating: " ", count: max(0, column - rows[row].count))
        return String(String.UnicodeScalarView(r[..<column]))
    }

    var lines: [String] { rows.map(Self.string) }
    var text: String { lines.joined(separator: "\n") }

    private static func string(_ scalars: [Unicode.Scalar]) -> String {
        var s = String(String.UnicodeScalarView(scalars))
        while s.last == " " { s.removeLast() }
        return s
    }
}

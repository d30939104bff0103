#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with the C library. Foundation is avoided on purpose: loading it (and
/// its ICU data) costs more than flownav's whole start-up budget.
public enum FileBytes {
    public struct Problem: Error, Sendable {
        public var message: String
    }

    /// The largest flow or transcript flownav reads (a limit, stated in the README): past it,
    /// an error names the limit instead of memory running out (`/dev/zero` as a flow).
    public static let maximumSize = 128 << 20

    public static func read(_ path: String) -> Result<[UInt8], Problem> {
        // The C library would read the path only up to the NUL: another file than the one named.
        if path.utf8.contains(0) { return .failure(Problem(message: "the name holds a NUL character, which no file name can")) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Problem(message: errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))"))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(Problem(message: "is a folder, not a flow file")) }
        let tooLarge = Problem(message: "is larger than \(maximumSize >> 20) MB, flownav's limit for a file it reads")
        let regular = (info.st_mode & S_IFMT) == S_IFREG
        if regular && Int(info.st_size) > maximumSize { return .failure(tooLarge) }
        // O_NONBLOCK: opening a pipe nobody writes to returns at once (and reads as empty)
        // instead of waiting forever; `<(generate)` has its writer, and is then read blocking.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Problem(message: "cannot be read (\(String(cString: strerror(errno))))")) }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        // The size `stat` gave, read straight into the array (a large transcript is tens of
        // megabytes: copying it through a chunk cost as much as parsing it); then whatever the
        // file grew by since (or a stream), in chunks, up to the limit.
        let size = regular ? max(0, Int(info.st_size)) : 0
        var readError = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { readError = true }
                if n <= 0 { break }
                count += n
            }
        }
        if readError { return .failure(Problem(message: "cannot be read (I/O error)")) }
        if regular && bytes.count < size { return .success(bytes) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(Problem(message: "cannot be read (\(String(cString: strerror(errno))))")) }
            if n == 0 { break }
            if bytes.count + n > maximumSize { return .failure(tooLarge) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return .success(bytes)
    }
}

extension FileBytes {
    /// Whether a regular file (or anything but a folder) is at `path`.
    public static func exists(_ path: String) -> Bool {
        if path.utf8.contains(0) { return false }
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }
}

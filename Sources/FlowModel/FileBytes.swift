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

    public static func read(_ path: String) -> Result<[UInt8], Problem> {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Problem(message: errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))"))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(Problem(message: "is a folder, not a flow file")) }
        guard let file = fopen(path, "rb") else {
            return .failure(Problem(message: "cannot be read (\(String(cString: strerror(errno))))"))
        }
        defer { fclose(file) }
        // The size `stat` gave, read straight into the array (a large transcript is tens of
        // megabytes: copying it through a chunk cost as much as parsing it); then whatever the
        // file grew by since, in chunks.
        let size = max(0, Int(info.st_size))
        var readError = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, file)
            if count < size && ferror(file) != 0 { readError = true }
        }
        if readError { return .failure(Problem(message: "cannot be read (I/O error)")) }
        if bytes.count < size { return .success(bytes) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, file) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < 65536 {
                if ferror(file) != 0 { return .failure(Problem(message: "cannot be read (I/O error)")) }
                break
            }
        }
        return .success(bytes)
    }
}

extension FileBytes {
    /// Whether a regular file (or anything but a folder) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }
}

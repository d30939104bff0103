import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`.
public struct TemporaryFolder {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flownav-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    public func file(_ name: String, contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    public func remove() { try? FileManager.default.removeItem(at: url) }
}

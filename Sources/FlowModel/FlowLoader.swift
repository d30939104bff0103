#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flow ready to run, with the warnings its file produced.
public struct LoadedFlow: Sendable {
    public var flow: Flow
    public var warnings: [Diagnostic]
}

/// Reads, parses, decodes and validates a flow file. Every problem comes back as a
/// `Diagnostic` value; nothing is printed here.
public enum FlowLoader {
    public static func load(path: String) -> Result<LoadedFlow, FlowLoadError> {
        switch FileBytes.read(path) {
        case .success(let bytes): return load(bytes: bytes, file: path)
        case .failure(let problem): return .failure(single(path, problem.message))
        }
    }

    public static func load(text: String, file: String) -> Result<LoadedFlow, FlowLoadError> {
        load(bytes: Array(text.utf8), file: file)
    }

    public static func load(bytes: [UInt8], file: String) -> Result<LoadedFlow, FlowLoadError> {
        load(bytes: bytes, file: file, direct: true)
    }

    /// `direct: false` reads every file through the JSON tree (for tests).
    static func load(bytes: [UInt8], file: String, direct: Bool) -> Result<LoadedFlow, FlowLoadError> {
        if let problem = notJSON(bytes, file: file) { return .failure(problem) }
        if direct, let loaded = loadDirect(bytes: bytes, file: file) { return loaded }
        switch parse(bytes: bytes, file: file) {
        case .success(let root): return load(root: root, file: file)
        case .failure(let e): return .failure(e)
        }
    }

    /// A flow in the usual shape decoded with no JSON tree for its scenes and segues
    /// (`FlowDirectReader.swift`), or nil when anything would be reported while decoding:
    /// then the tree path reads the file again and says it, so that every message is the one
    /// it always was. Validation is the same on either path; the tree is read only when a
    /// message needs a position from it.
    static func loadDirect(bytes: [UInt8], file: String) -> Result<LoadedFlow, FlowLoadError>? {
        var decoder = FlowDecoder(sink: DiagnosticSink(file: file))
        decoder.direct = JSONReader.readDirect(bytes)
        guard let top = decoder.direct?.top else { return nil }
        guard let flow = decoder.decode(top), decoder.sink.diagnostics.isEmpty, !decoder.sink.hasErrors else { return nil }
        return validated(flow, decoder.sink) {
            guard case .success(let root) = parse(bytes: bytes, file: file) else { return nil }
            return root
        }
    }

    /// Validates a decoded flow. `root` gives the tree that positions the messages without a
    /// position of their own, asked for only when there is one; without it (nil) this gives up.
    private static func validated(_ flow: Flow, _ sink: DiagnosticSink, root: () -> JSONNode?) -> Result<LoadedFlow, FlowLoadError>? {
        var validator = FlowValidator(sink: sink, flow: flow)
        validator.validate()
        validator.sink.noteWithheldSuggestions()
        var diagnostics = validator.sink.diagnostics
        if diagnostics.contains(where: { $0.position == nil }) {
            guard let root = root() else { return nil }
            diagnostics = positioned(diagnostics, in: root)
        }
        if validator.sink.hasErrors {
            return .failure(FlowLoadError(diagnostics: sorted(diagnostics), omitted: validator.sink.omitted))
        }
        return .success(LoadedFlow(flow: flow, warnings: sorted(diagnostics)))
    }

    /// The JSON tree of a flow file (no decoding yet): for readers that look at a key first,
    /// such as `storyboards`.
    public static func parse(bytes: [UInt8], file: String) -> Result<JSONNode, FlowLoadError> {
        if let problem = notJSON(bytes, file: file) { return .failure(problem) }
        do {
            return .success(try JSONReader.parse(bytes))
        } catch {
            return .failure(FlowLoadError(diagnostics: [Diagnostic(.error, file: file, position: error.position, path: "", message: error.message)], omitted: 0))
        }
    }

    /// An empty file, another Unicode encoding or a binary file, said before reading JSON.
    private static func notJSON(_ bytes: [UInt8], file: String) -> FlowLoadError? {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return single(file, "the file is empty; expected a flow (a JSON object with \"format\": 1)", position: SourcePosition(line: 1, column: 1))
        }
        if let encoding = otherUnicode(bytes) {
            return single(file, "this file is \(encoding), but flows are UTF-8; convert it (e.g. iconv -f \(encoding) -t UTF-8)", position: SourcePosition(line: 1, column: 1))
        }
        if let nul = bytes.prefix(8192).firstIndex(of: 0) {
            return single(file, "this is a binary file (a NUL byte at offset \(nul)), not a JSON flow", position: SourcePosition(line: 1, column: 1))
        }
        return nil
    }

    /// Messages without a position given the position of their path in `root`.
    private static func positioned(_ diagnostics: [Diagnostic], in root: JSONNode) -> [Diagnostic] {
        var resolver = JSONPathLookup.Resolver(root: root)
        return diagnostics.map { d in
            var d = d
            if d.position == nil { d.position = resolver.position(of: d.path) }
            return d
        }
    }

    /// Decodes and validates a flow document already parsed (or built by an importer).
    public static func load(root: JSONNode, file: String) -> Result<LoadedFlow, FlowLoadError> {
        load(root: root, file: file, fastPaths: true)
    }

    /// `fastPaths: false` decodes every scene and segue by the general path (for tests).
    static func load(root: JSONNode, file: String, fastPaths: Bool) -> Result<LoadedFlow, FlowLoadError> {
        var decoder = FlowDecoder(sink: DiagnosticSink(file: file))
        decoder.fastPaths = fastPaths
        guard let flow = decoder.decode(root), !decoder.sink.hasErrors else {
            decoder.sink.noteWithheldSuggestions()
            return .failure(FlowLoadError(diagnostics: sorted(decoder.sink.diagnostics), omitted: decoder.sink.omitted))
        }
        // The tree is at hand, so this never gives up.
        return validated(flow, decoder.sink) { root }!
    }

    /// UTF-16 or UTF-32 by its byte order mark, or UTF-16 by NULs in every other byte of
    /// ASCII text: named, so that such a file is not called binary.
    static func otherUnicode(_ b: [UInt8]) -> String? {
        if b.starts(with: [0xFF, 0xFE, 0, 0]) || b.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if b.starts(with: [0xFF, 0xFE]) || b.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        let head = b.prefix(64)
        guard head.count >= 4, head.count % 2 == 0 else { return nil }
        let even = stride(from: 0, to: head.count, by: 2).map { head[$0] }
        let odd = stride(from: 1, to: head.count, by: 2).map { head[$0] }
        if odd.allSatisfy({ $0 == 0 }) && even.allSatisfy({ $0 != 0 && $0 < 0x80 }) { return "UTF-16LE" }
        if even.allSatisfy({ $0 == 0 }) && odd.allSatisfy({ $0 != 0 && $0 < 0x80 }) { return "UTF-16BE" }
        return nil
    }

    private static func single(_ file: String, _ message: String, position: SourcePosition? = nil) -> FlowLoadError {
        FlowLoadError(diagnostics: [Diagnostic(.error, file: file, position: position, path: "", message: message)], omitted: 0)
    }

    /// File order, so a reader can work down the file.
    private static func sorted(_ d: [Diagnostic]) -> [Diagnostic] {
        d.enumerated().sorted { a, b in
            let pa = a.element.position ?? SourcePosition(line: 0, column: 0)
            let pb = b.element.position ?? SourcePosition(line: 0, column: 0)
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)
    }
}

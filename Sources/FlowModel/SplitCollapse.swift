/// How a split view controller collapses in a compact width (a phone), as its delegate answers.
///
/// A classic split view asks its delegate's `splitViewController(_:collapseSecondary:onto:)`:
/// `true` discards the secondary (the primary is shown); `false`, or no such method, lets the
/// primary's `collapseSecondaryViewController(_:for:)` incorporate it, and a
/// `UINavigationController` primary pushes it, so the secondary is on top. A column-style split
/// view (iOS 14 `style`) shows its compact column if it has one, else the column its delegate's
/// `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)` returns.
public enum SplitCollapse: Hashable, Sendable {
    /// `collapseSecondary`: what the delegate returns, as a condition on the secondary's content
    /// (the secondary, or the top of its navigation controller): `always` is `true`, `never`
    /// `false`, `detailItem == nil` the Master-Detail template's test.
    case collapseSecondary(Condition)
    /// `topColumnForCollapsing`: the column a column-style split view shows on top.
    case topColumn(SplitColumn)
    /// The delegate's answer is in code flownav did not read, at this line.
    case unknown(CodeLocation)
}

/// A column of a column-style split view, as `UISplitViewController.Column` names it.
public enum SplitColumn: String, Hashable, Sendable, CaseIterable {
    case primary
    case supplementary
    case secondary
}

/// `style` of a split view controller scene: iOS 14's column-style interfaces. Absent, the split
/// view is classic (`UISplitViewController.Style.unspecified`).
public enum SplitStyle: String, Hashable, Sendable, CaseIterable {
    case doubleColumn
    case tripleColumn
}

extension SplitCollapse {
    /// The text the shell and `inspect` show.
    public var description: String {
        switch self {
        case .collapseSecondary(let c):
            switch c {
            case .always: "collapseSecondary returns true"
            case .never: "collapseSecondary returns false"
            default: "collapseSecondary returns \(c)"
            }
        case .topColumn(let c): "topColumnForCollapsing returns .\(c.rawValue)"
        case .unknown(let site): "the delegate's answer is in code flownav did not read, at \(site)"
        }
    }

    /// `"collapseSecondary"`: `true`, `false`, a condition (`"detailItem == nil"`), or
    /// `{ "unknown": "File.swift:42" }`. Nil (with an error reported) when it is none of these.
    static func decodeCollapseSecondary(_ node: JSONNode, path: String, sink: inout DiagnosticSink) -> SplitCollapse? {
        switch node.value {
        case .bool(let b): return .collapseSecondary(b ? .always : .never)
        case .string(let text):
            guard let c = Condition(text), c != .selection, c != .noSelection else {
                sink.error(node.position, path, "expected true, false, \"NAME == nil\" or \"NAME != nil\" (the secondary's property the delegate tests); found \"\(text)\"")
                return nil
            }
            return .collapseSecondary(c)
        case .object:
            return unknownAnswer(node, path: path, sink: &sink)
        default:
            sink.error(node.position, path, "expected true, false, a condition or { \"unknown\": \"File.swift:42\" }, found \(node.typeName)")
            return nil
        }
    }

    /// `"topColumnForCollapsing"`: `"primary"`, `"supplementary"`, `"secondary"`, or
    /// `{ "unknown": "File.swift:42" }`.
    static func decodeTopColumn(_ node: JSONNode, path: String, sink: inout DiagnosticSink) -> SplitCollapse? {
        switch node.value {
        case .string(let text):
            guard let c = SplitColumn(rawValue: text) else {
                sink.error(node.position, path, "expected primary, supplementary or secondary; found \"\(text)\"")
                return nil
            }
            return .topColumn(c)
        case .object:
            return unknownAnswer(node, path: path, sink: &sink)
        default:
            sink.error(node.position, path, "expected a column (primary, supplementary, secondary) or { \"unknown\": \"File.swift:42\" }, found \(node.typeName)")
            return nil
        }
    }

    private static func unknownAnswer(_ node: JSONNode, path: String, sink: inout DiagnosticSink) -> SplitCollapse? {
        guard let f = Fields(node, path, known: ["unknown"], required: ["unknown"], sink: &sink),
              let text = f.string("unknown", &sink) else { return nil }
        guard let loc = CodeLocation(text) else {
            sink.error(node.position, f.path("unknown"), "expected the Swift file and line of the code flownav did not read, \"File.swift:42\"; found \"\(text)\"")
            return nil
        }
        return .unknown(loc)
    }

    /// The scene keys of a split view controller: `style`, `collapseSecondary`,
    /// `topColumnForCollapsing` (one of the two answers).
    static func decode(_ f: Fields, into s: inout Scene, sink: inout DiagnosticSink) {
        if f.has("style") { s.splitStyle = f.enumValue("style", SplitStyle.self, &sink, what: "split view style") }
        if let node = f["collapseSecondary"] { s.splitCollapse = decodeCollapseSecondary(node, path: f.path("collapseSecondary"), sink: &sink) }
        if let node = f["topColumnForCollapsing"] {
            if f.has("collapseSecondary") {
                sink.error(node.position, f.path("topColumnForCollapsing"), "a split view has collapseSecondary (classic) or topColumnForCollapsing (column-style), not both")
            } else {
                s.splitCollapse = decodeTopColumn(node, path: f.path("topColumnForCollapsing"), sink: &sink)
            }
        }
    }

    /// The scene keys this file decodes.
    static let sceneKeys = ["style", "collapseSecondary", "topColumnForCollapsing"]
}

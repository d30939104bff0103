/// A unified diff (`diff -u` format) between two texts given as lines.
public enum UnifiedDiff {
    public enum Edit: Equatable, Sendable {
        /// A line in both: its index in the old and in the new lines.
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// Line pairs compared for one diff, or for all the diffs that share a budget.
    public static let defaultBudget = 4_000_000

    /// The shortest edit script by longest common subsequence. Large inputs (over about four
    /// million line pairs) fall back to replacing everything between the common prefix and
    /// suffix.
    public static func edits(old: [String], new: [String]) -> [Edit] {
        var budget = defaultBudget
        return edits(old: old, new: new, budget: &budget)
    }

    /// `edits(old:new:)`, comparing at most `budget` line pairs (what it compares is taken off):
    /// past it, everything between the common prefix and suffix is replaced.
    public static func edits(old: [String], new: [String], budget: inout Int) -> [Edit] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
                && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var out: [Edit] = (0..<prefix).map { .equal($0, $0) }
        let o = Array(old[prefix..<(old.count - suffix)])
        let n = Array(new[prefix..<(new.count - suffix)])
        let pairs = (o.count + 1).multipliedReportingOverflow(by: n.count + 1)
        if pairs.overflow || pairs.partialValue > budget {
            out += o.indices.map { .delete(prefix + $0) }
            out += n.indices.map { .insert(prefix + $0) }
        } else {
            budget -= pairs.partialValue
            // lcs[i][j]: length of the longest common subsequence of o[i...] and n[j...].
            let w = n.count + 1
            var lcs = [Int](repeating: 0, count: (o.count + 1) * w)
            var i = o.count - 1
            while i >= 0 {
                var j = n.count - 1
                while j >= 0 {
                    lcs[i * w + j] = o[i] == n[j] ? lcs[(i + 1) * w + j + 1] + 1 : max(lcs[(i + 1) * w + j], lcs[i * w + j + 1])
                    j -= 1
                }
                i -= 1
            }
            i = 0
            var j = 0
            while i < o.count || j < n.count {
                if i < o.count && j < n.count && o[i] == n[j] {
                    out.append(.equal(prefix + i, prefix + j))
                    i += 1
                    j += 1
                } else if i < o.count && (j == n.count || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
                    out.append(.delete(prefix + i))
                    i += 1
                } else {
                    out.append(.insert(prefix + j))
                    j += 1
                }
            }
        }
        for k in 0..<suffix { out.append(.equal(old.count - suffix + k, new.count - suffix + k)) }
        return out
    }

    /// `--- old` / `+++ new` and `@@ -l,n +l,n @@` hunks with `context` lines around each
    /// change; an empty string when there is no change.
    public static func render(old: [String], new: [String], oldName: String, newName: String, context: Int = 3) -> String {
        render(edits(old: old, new: new), old: old, new: new, oldName: oldName, newName: newName, context: context)
    }

    public static func render(_ edits: [Edit], old: [String], new: [String], oldName: String, newName: String, context: Int = 3) -> String {
        let changed = edits.indices.filter { if case .equal = edits[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var text = "--- \(oldName)\n+++ \(newName)\n"
        // Group changes whose context overlaps into hunks.
        var hunks: [ClosedRange<Int>] = []
        for c in changed {
            let lo = max(0, c - context), hi = min(edits.count - 1, c + context)
            if let last = hunks.last, lo <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, hi)
            } else {
                hunks.append(lo...hi)
            }
        }
        // Where each hunk starts in each file: the number of lines before its first edit.
        var oldStart = 0, newStart = 0, counted = 0
        for h in hunks {
            for e in edits[counted..<h.lowerBound] {
                switch e {
                case .equal: oldStart += 1; newStart += 1
                case .delete: oldStart += 1
                case .insert: newStart += 1
                }
            }
            counted = h.lowerBound
            var oldCount = 0, newCount = 0
            var body = ""
            for e in edits[h] {
                switch e {
                case .equal(let o, _): body += " " + old[o] + "\n"; oldCount += 1; newCount += 1
                case .delete(let o): body += "-" + old[o] + "\n"; oldCount += 1
                case .insert(let n): body += "+" + new[n] + "\n"; newCount += 1
                }
            }
            text += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return text
    }

    /// `l,n` with GNU diff's conventions: `,1` is left out, and an empty range names the line
    /// before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }
}

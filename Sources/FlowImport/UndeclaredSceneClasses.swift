import FlowModel

/// A storyboard's custom class that no source of the app declares, once the Swift sources are
/// read: the import's guess about it is left out of `classes`, so `check` reports the scene's
/// class as unknown (`unknown-scene-class`, UIKit's "Unknown class C in Interface Builder file."),
/// the usual trace of a class renamed in Swift and not in the storyboard.
enum UndeclaredSceneClasses {
    /// The note `SourcesMerge` gives a storyboard class the Swift sources do not declare.
    static let mergeNote = "no Swift source declares "

    /// The document without those guesses. Kept: a class of another module (a framework's,
    /// `otherModules`), and any name some file of the folder declares in a way the Swift reader
    /// does not read as a view controller (`class C<T>`, `@objc(C)`, Objective-C's
    /// `@interface C`, a `typealias`): what exists at run time is never called unknown.
    static func removing(from document: JSONNode, folder: String, otherModules: Set<String>) -> JSONNode {
        guard case .object(var top) = document.value, let ci = top.firstIndex(where: { $0.key == "classes" }),
              case .object(let classes) = top[ci].value.value else { return document }
        var candidates: Set<String> = []
        for m in classes where !otherModules.contains(m.key) && guessed(m.value) { candidates.insert(m.key) }
        guard !candidates.isEmpty else { return document }
        let files = AppFolder.discover(folder, otherExtensions: ["swift", "m", "mm", "h"]).otherFiles.values.flatMap { $0 }
        for f in files where !candidates.isEmpty {
            guard case .success(let bytes) = FileBytes.read(f) else { return document }
            for name in candidates where declares(bytes, name) { candidates.remove(name) }
        }
        guard !candidates.isEmpty else { return document }
        top[ci].value = JSONNode(.object(classes.filter { !candidates.contains($0.key) }), at: top[ci].value.position)
        return JSONNode(.object(top), at: document.position)
    }

    private static func guessed(_ entry: JSONNode) -> Bool {
        guard case .array(let notes)? = entry["notes"]?.value else { return false }
        return notes.contains { n in
            if case .string(let t) = n.value { return t.hasPrefix(mergeNote) }
            return false
        }
    }

    /// Whether `text` declares `name`: the word after `class`, `struct`, `enum`, `actor`,
    /// `typealias`, `@interface`, `@implementation` or `@objc(`.
    static func declares(_ text: [UInt8], _ name: String) -> Bool {
        let n = Array(name.utf8)
        guard !n.isEmpty, text.count >= n.count else { return false }
        func isWord(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b >= 48 && b <= 57) || (b | 0x20 >= 97 && b | 0x20 <= 122) || b >= 0x80 }
        let keywords = ["class", "struct", "enum", "actor", "typealias", "@interface", "@implementation"].map { Array($0.utf8) }
        var i = 0
        while i + n.count <= text.count {
            if text[i] == n[0], Array(text[i..<(i + n.count)]) == n,
               i + n.count == text.count || !isWord(text[i + n.count]), i == 0 || !isWord(text[i - 1]) {
                if i > 0, text[i - 1] == UInt8(ascii: "(") {
                    let before = text[..<(i - 1)]
                    if before.count >= 5, Array(before.suffix(5)) == Array("@objc".utf8) { return true }
                }
                // The word before, past spaces.
                var j = i - 1
                while j >= 0, text[j] == UInt8(ascii: " ") || text[j] == UInt8(ascii: "\t") { j -= 1 }
                var k = j
                while k >= 0, isWord(text[k]) || text[k] == UInt8(ascii: "@") { k -= 1 }
                if j >= 0, j > k {
                    let word = Array(text[(k + 1)...j])
                    if keywords.contains(word) { return true }
                }
            }
            i += 1
        }
        return false
    }
}

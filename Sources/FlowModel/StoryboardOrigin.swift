/// Where an imported part stands in its storyboard: the file as given, the line of its element,
/// and Interface Builder's XML id (stable across edits, so re-imports keep their names).
public struct StoryboardOrigin: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var xmlID: String

    public init(file: String, line: Int, xmlID: String) {
        self.file = file
        self.line = line
        self.xmlID = xmlID
    }
}

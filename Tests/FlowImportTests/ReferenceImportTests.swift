import FlowImport
import FlowModel
import TestSupport
import Testing

/// The references read from Swift (issue 30 item 4) go into the imported flow with the app
/// folder's storyboard names, and stay when the rest of the code half is given up.
@Suite struct ReferenceImportTests {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/CrossRefs").path

    @Test func anAppFolderImportListsItsStoryboardsAndTheSourcesAddReferences() throws {
        let loaded = try FlowSource.load(path: Self.folder).get().flow
        #expect(loaded.storyboardNames == ["Main", "Settings"])
        #expect(loaded.references.count == 9)
        // Paths as the user reaches the files, as every other Swift line of the flow.
        #expect(loaded.references.allSatisfy { $0.at.file.hasPrefix(Self.folder + "/") })
        #expect(loaded.references.contains { $0.kind == .instantiate && $0.name == "Detail" && $0.storyboard == "Main" })
    }

    @Test func referencesSurviveTheStoryboardsAloneFallback() throws {
        let imported = try FlowSource.importDocument(paths: [Self.folder]).get()
        var withSources = imported
        try SourcesMerge.add(sources: [Self.folder], to: &withSources).get()
        let alone = try FlowSource.load(imported: SourcesMerge.keepingReferences(of: withSources, in: imported), file: Self.folder).get().flow
        #expect(!alone.sourcesRead)
        #expect(alone.references.count == 9)
        #expect(alone.storyboardNames == ["Main", "Settings"])
        // Without the sources' document there is nothing to keep.
        let bare = try FlowSource.load(imported: SourcesMerge.keepingReferences(of: imported, in: imported), file: Self.folder).get().flow
        #expect(bare.references.isEmpty)
    }
}

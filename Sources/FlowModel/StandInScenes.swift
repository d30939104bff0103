extension Scene {
    /// The importer's stand-in for the scene of a storyboard reference it did not import
    /// (`stands in for …, which this import does not contain`): written as a plain
    /// UIViewController, its real class is unknown, so no cast of it can be said to fail.
    public var standsInForUnimportedScene: Bool { notes.contains { $0.hasPrefix("stands in for ") } }
}

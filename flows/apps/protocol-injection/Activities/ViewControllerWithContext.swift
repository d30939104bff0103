import CoreData

// Seed 004, "Dependency injection in Cocoa view controllers": what every view controller that
// needs the managed object context adopts. @objc, so that `as?` can check conformance.
@objc protocol ViewControllerWithContext {
    var context: NSManagedObjectContext! { get set }
}

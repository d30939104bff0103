import CoreData
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    lazy var persistentContainer: NSPersistentContainer = {
        let container = NSPersistentContainer(name: "Activities")
        container.loadPersistentStores { _, error in
            if let error { fatalError("Unresolved error \(error)") }
        }
        return container
    }()

    var context: NSManagedObjectContext { persistentContainer.viewContext }

    // The initial view controller gets its context here: the only place to pass it.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        var candidateViewControllerWithContext: ViewControllerWithContext?

        // If the initial view controller is a Navigation Controller...
        if let navigationController = window!.rootViewController as? UINavigationController {
            candidateViewControllerWithContext = navigationController.viewControllers[0] as? ViewControllerWithContext
        } else {
            // If is NOT a Navigation Controller...
            candidateViewControllerWithContext = window!.rootViewController as? ViewControllerWithContext
        }

        // If we got a ViewControllerWithContext...
        if let candidate = candidateViewControllerWithContext {
            candidate.context = self.context
        }

        return true
    }
}

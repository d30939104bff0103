import UIKit

// Seed 003, "Dependency injection with XIB files": no main storyboard; the app delegate builds
// the window and its root, injecting the notes through the root's initializer.
@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    private let notes: [Note] = [
        Note(title: "Groceries", contents: "Milk, bread, coffee"),
        Note(title: "Ideas", contents: "Initializer injection everywhere"),
        Note(title: "Travel", contents: "Book the train"),
    ]

    // MARK: - Application Life Cycle

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Initialize Root View Controller
        let rootViewController = RootViewController(with: notes)

        // Initialize Window
        window = UIWindow(frame: UIScreen.main.bounds)

        // Configure Window
        window?.rootViewController = rootViewController

        // Make Key and Visible
        window?.makeKeyAndVisible()

        return true
    }
}

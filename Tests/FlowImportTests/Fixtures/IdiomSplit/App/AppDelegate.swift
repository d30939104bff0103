import UIKit

// The Master-Detail template's shape, written for this fixture: the app delegate is the split
// view's delegate and keeps the empty note screen out of the collapsed interface.
@main
class AppDelegate: UIResponder, UIApplicationDelegate, UISplitViewControllerDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let splitViewController = window!.rootViewController as! UISplitViewController
        splitViewController.delegate = self
        return true
    }

    func splitViewController(_ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController, onto primaryViewController: UIViewController) -> Bool {
        guard let navigation = secondaryViewController as? UINavigationController,
              let noteScreen = navigation.topViewController as? NoteViewController else { return false }
        return noteScreen.note == nil
    }
}

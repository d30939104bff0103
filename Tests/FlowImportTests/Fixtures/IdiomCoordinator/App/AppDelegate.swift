import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var coordinator: AppCoordinator?
    private let inbox = Inbox()

    // The window's root comes from a storyboard constant; a coordinator receives it and
    // injects what its screens need.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let nav = Storyboards.main.instantiateInitialViewController() as! UINavigationController
        window.rootViewController = nav
        coordinator = AppCoordinator(navigationController: nav, inbox: inbox)
        coordinator?.start()
        self.window = window
        window.makeKeyAndVisible()
        return true
    }
}

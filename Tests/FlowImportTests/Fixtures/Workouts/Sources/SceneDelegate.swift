import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let tracker = Tracker()

    // No storyboard in the scene manifest: the root is built here, in code.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = HomeViewController(tracker: tracker)
        window.makeKeyAndVisible()
        self.window = window
    }
}

import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let store = ShelfStore()

    // The root comes from a storyboard named by a helper in an extension, and its store is
    // injected before it is shown.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let root = UIStoryboard.main().instantiateInitialViewController() as! ShelfViewController
        root.store = store
        window.rootViewController = root
        self.window = window
        window.makeKeyAndVisible()
    }
}

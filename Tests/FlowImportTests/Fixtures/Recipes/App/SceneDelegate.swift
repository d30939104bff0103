import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let store = RecipeStore()

    // The storyboard's initial navigation controller is the root; the store is handed to its
    // list here. A root of another shape returns before anything is injected.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let nav = window?.rootViewController as? UINavigationController,
              let list = nav.topViewController as? RecipeListViewController else { return }
        list.store = store
    }
}

import UIKit

/// The storyboard's initial navigation controller is the root; a coordinator built with it
/// hands the library its shelf. flownav does not follow the coordinator, so the shelf is set
/// by code it did not read: unknown, not nil.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var coordinator: LibraryCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        coordinator = LibraryCoordinator(window: window, shelf: Shelf.sample())
        coordinator?.start()
    }
}

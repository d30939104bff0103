import UIKit

/// Owns the shelf and wires it into whatever the window shows first.
final class LibraryCoordinator {
    private weak var window: UIWindow?
    private let shelf: Shelf

    init(window: UIWindow?, shelf: Shelf) {
        self.window = window
        self.shelf = shelf
    }

    func start() {
        guard let nav = window?.rootViewController as? UINavigationController else { return }
        configure(nav.viewControllers.first)
    }

    private func configure(_ root: UIViewController?) {
        (root as? LibraryViewController)?.shelf = shelf
    }
}

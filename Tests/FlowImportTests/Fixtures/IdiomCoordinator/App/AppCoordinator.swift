import UIKit

final class AppCoordinator {
    private let navigationController: UINavigationController
    private let inbox: Inbox

    init(navigationController: UINavigationController, inbox: Inbox) {
        self.navigationController = navigationController
        self.inbox = inbox
    }

    func start() {
        guard let list = navigationController.topViewController as? MessageListViewController else { return }
        list.inbox = inbox
    }
}

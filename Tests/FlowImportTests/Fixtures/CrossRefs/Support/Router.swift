import UIKit

/// A coordinator that is no view controller: builds screens from storyboards by their IDs.
final class Router {
    weak var navigation: UINavigationController?

    init(navigation: UINavigationController?) {
        self.navigation = navigation
    }

    func showSettings() {
        let settings = UIStoryboard.settings.instantiateViewController(withIdentifier: "Settings")
        navigation?.pushViewController(settings, animated: true)
    }

    func showDetail(completion: @escaping () -> Void) {
        let main = UIStoryboard(name: "Main", bundle: nil)
        let detail = main.instantiateViewController(identifier: "Detail") { coder in
            DetailViewController(coder: coder)
        }
        navigation?.pushViewController(detail, animated: true)
        completion()
    }
}

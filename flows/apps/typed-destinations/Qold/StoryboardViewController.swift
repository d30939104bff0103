import UIKit

// The one prepare(for:sender:) of the app: it finds the real destination behind a navigation
// or tab bar controller and hands it the boxed destination.
class StoryboardViewController: UIViewController {
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        var anyDestination: AnyObject = segue.destination

        // Navigation
        if let navigationController = anyDestination as? UINavigationController,
           let topVC = navigationController.topViewController {
            anyDestination = topVC
        }

        // TabBar
        if let tabBarController = anyDestination as? UITabBarController, let viewControllers = tabBarController.viewControllers {
            if viewControllers.count > 0 {
                anyDestination = viewControllers[0]
            }
        }

        // Assign dependencies
        if let destinationViewController = anyDestination as? StoryboardDependencies,
           let dependencies = sender as? Box<StoryboardDestination> {
            destinationViewController.assignDependencies(dependencies)
        }
    }
}

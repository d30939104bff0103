import UIKit

// Seed 002, "Safe segues in Storyboards": every destination is an enum case carrying the
// dependencies its screen needs, so a segue cannot be performed without them.
enum StoryboardDestination {
    case Login
    case DeviceGroups(userAuth: UserAuthentication)
    case Devices(userAuth: UserAuthentication, model: DeviceGroup)
}

// The sender of a segue must be an object: the destination travels in a box.
final class Box<T> {
    let value: T

    init(_ value: T) {
        self.value = value
    }
}

extension UIViewController {
    // Exhaustive: a new destination does not compile until it has its segue.
    func performSegueWithIdentifier(_ destination: StoryboardDestination) {
        let segue: String

        switch destination {
        case .Login:
            segue = "LoginSegue"
        case .DeviceGroups(_):
            segue = "DeviceGroupsSegue"
        case .Devices(_, _):
            segue = "DeviceGroupDetailsSegue"
        }

        performSegue(withIdentifier: segue, sender: Box(destination))
    }
}

// What a view controller adopts to receive its dependencies from a segue.
protocol StoryboardDependencies {
    func assignDependencies(_ dependencies: Box<StoryboardDestination>)
}

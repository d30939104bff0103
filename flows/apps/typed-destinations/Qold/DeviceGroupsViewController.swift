import UIKit

class DeviceGroupsViewController: StoryboardViewController, StoryboardDependencies {
    @IBOutlet private weak var tableView: UITableView!

    private var userAuth: UserAuthentication!
    private var deviceGroups: [DeviceGroup] = []

    func assignDependencies(_ dependencies: Box<StoryboardDestination>) {
        switch dependencies.value {
        case .DeviceGroups(let userAuth):
            self.userAuth = userAuth
        default:
            break
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = userAuth.email
    }

    @IBAction func logOut(_ sender: Any) {
        performSegueWithIdentifier(.Login)
    }

    // A stringly-typed leftover: the right identifier, but no boxed destination as the sender.
    @IBAction func showFavoriteGroup(_ sender: Any) {
        performSegue(withIdentifier: "DeviceGroupDetailsSegue", sender: nil)
    }
}

extension DeviceGroupsViewController: UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        performSegueWithIdentifier(.Devices(userAuth: userAuth, model: deviceGroups[indexPath.row]))
    }
}

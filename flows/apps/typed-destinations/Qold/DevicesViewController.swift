import UIKit

class DevicesViewController: StoryboardViewController, StoryboardDependencies {
    @IBOutlet private weak var tableView: UITableView!

    private var userAuth: UserAuthentication!
    private var deviceGroup: DeviceGroupViewModel!

    func assignDependencies(_ dependencies: Box<StoryboardDestination>) {
        switch dependencies.value {
        case .Devices(let userAuth, let model):
            self.userAuth = userAuth
            deviceGroup = DeviceGroupViewModel(model)
        default:
            break
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.prompt = userAuth.email
        title = deviceGroup.title
    }
}

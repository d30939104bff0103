import UIKit

class LoginViewController: StoryboardViewController {
    @IBOutlet private weak var emailTextField: UITextField!
    @IBOutlet private weak var passwordTextField: UITextField!

    @IBAction func logIn(_ sender: Any) {
        performSegueWithIdentifier(.DeviceGroups(userAuth: UserAuthentication(email: emailTextField.text ?? "", password: passwordTextField.text ?? "")))
    }

    // The compiler is happy: .Devices has everything DevicesViewController needs. But its
    // segue, DeviceGroupDetailsSegue, starts at Device Groups, not here.
    @IBAction func openLastDevices(_ sender: Any) {
        performSegueWithIdentifier(.Devices(userAuth: UserAuthentication.saved, model: DeviceGroup.lastOpened))
    }
}

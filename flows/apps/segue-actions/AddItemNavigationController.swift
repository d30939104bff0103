import UIKit

// The quirk: Interface Builder shows the root relationship's Instantiation connection on the
// navigation controller, but UIKit sends the action to the presenting view controller.
class AddItemNavigationController: UINavigationController {
    @IBSegueAction func makeAddItemViewController(coder: NSCoder, sender: Any?, segueIdentifier: String?) -> AddItemViewController? {
        return AddItemViewController(coder: coder, store: ItemStore.shared)
    }
}

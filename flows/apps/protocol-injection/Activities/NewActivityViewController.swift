import CoreData
import UIKit

class NewActivityViewController: UIViewController, ViewControllerWithContext {
    var context: NSManagedObjectContext!

    @IBOutlet private weak var nameField: UITextField!

    override func viewDidLoad() {
        super.viewDidLoad()
        nameField.placeholder = context.name ?? "New activity"
    }
}

import CoreData
import UIKit

class ActivityDetailViewController: UIViewController, ViewControllerWithContext {
    var context: NSManagedObjectContext!

    @IBOutlet private weak var nameLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        nameLabel.text = context.name
    }
}

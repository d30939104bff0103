import CoreData
import UIKit

// Declares the context but was never made to adopt ViewControllerWithContext: prepare's
// `as? ViewControllerWithContext` gives nil here and the context stays nil.
class StatisticsViewController: UIViewController {
    var context: NSManagedObjectContext!

    @IBOutlet private weak var countLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
        let request = NSFetchRequest<NSManagedObject>(entityName: "Activity")
        countLabel.text = "\((try? context.count(for: request)) ?? 0)"
    }
}

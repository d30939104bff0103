import CoreData
import UIKit

class ActivitiesViewController: UITableViewController, ViewControllerWithContext {
    var context: NSManagedObjectContext!

    private var activities: [NSManagedObject] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let request = NSFetchRequest<NSManagedObject>(entityName: "Activity")
        activities = (try? context.fetch(request)) ?? []
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let destinationViewController = segue.destination as? ViewControllerWithContext {
            destinationViewController.context = self.context
        }
    }

    @IBAction func unwindToActivities(_ segue: UIStoryboardSegue) {
    }
}

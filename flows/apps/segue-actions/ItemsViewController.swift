import UIKit

// Seed 000, "Dependency injection with Storyboards and Xcode 11": the list.
class ItemsViewController: UITableViewController {
    var store = ItemStore()
    let viewModel = ItemsViewModel()

    @IBSegueAction func createDetailViewController(coder: NSCoder, sender: Any?, segueIdentifier: String?) -> DetailViewController? {
        guard let indexPath = tableView.indexPathForSelectedRow else {
            return nil
        }
        return DetailViewController(coder: coder, item: viewModel.item(for: indexPath))
    }

    @IBSegueAction func createAddItemViewController(coder: NSCoder, sender: Any?, segueIdentifier: String?) -> AddItemViewController? {
        return AddItemViewController(coder: coder, store: store)
    }

    @IBAction func unwindToList(_ segue: UIStoryboardSegue) {
    }
}

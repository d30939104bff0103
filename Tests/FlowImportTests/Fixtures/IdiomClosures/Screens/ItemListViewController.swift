import UIKit

/// Every navigation here happens inside a closure: an alert action's handler, a main-queue
/// block, a loader's completion handler, an animation's completion.
class ItemListViewController: UITableViewController {
    var items: [Item] = [Item(name: "One"), Item(name: "Two")]
    private var selected: Item?
    private let loader = ItemLoader()

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected = items[indexPath.row]
        let alert = UIAlertController(title: "Open?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Open", style: .default) { [weak self] _ in
            self?.performSegue(withIdentifier: "ShowItem", sender: nil)
        })
        present(alert, animated: true)
    }

    @IBAction func refreshTapped(_ sender: Any) {
        loader.load { [weak self] items in
            DispatchQueue.main.async {
                self?.items = items
                self?.performSegue(withIdentifier: "ShowSummary", sender: nil)
            }
        }
    }

    @IBAction func aboutTapped(_ sender: Any) {
        UIView.animate(withDuration: 0.2, animations: {
            self.tableView.alpha = 0.5
        }, completion: { _ in
            self.tableView.alpha = 1
            let about = AboutViewController()
            self.navigationController?.pushViewController(about, animated: true)
        })
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let detail = segue.destination as? ItemViewController {
            detail.item = selected
        }
    }
}

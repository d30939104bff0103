import UIKit

/// The list: performs its one segue from an alert's action and from a row, after a hop to the
/// main queue, and tests the identifier in prepare and shouldPerformSegue.
class ListViewController: UITableViewController {
    var notes = ["Groceries", "Ideas"]

    @IBAction func addTapped(_ sender: Any) {
        let alert = UIAlertController(title: "New note", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Open", style: .default) { [weak self] _ in
            self?.performSegue(withIdentifier: "showDetail", sender: nil)
        })
        present(alert, animated: true)
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if notes.isEmpty {
            return
        }
        DispatchQueue.main.async {
            self.performSegue(withIdentifier: "showDetail", sender: indexPath)
        }
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segue.identifier {
        case "showDetail":
            let detail = segue.destination as? DetailViewController
            detail?.note = (sender as? IndexPath).map { notes[$0.row] } ?? "New"
        default:
            break
        }
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        guard identifier == "showDetail" else { return true }
        return true
    }
}

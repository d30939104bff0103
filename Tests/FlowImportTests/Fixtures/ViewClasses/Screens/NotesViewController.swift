import UIKit

final class NotesViewController: UITableViewController {
    @IBOutlet var badge: BadgesView!

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Note", for: indexPath) as! NotesCell
    }
}

final class DetailViewController: UIViewController {}

/// The storyboard's archive scene still names this class's old name, with no module.
final class ArchivesViewController: UIViewController {}

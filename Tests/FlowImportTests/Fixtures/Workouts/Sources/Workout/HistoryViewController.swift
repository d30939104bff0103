import UIKit

final class HistoryViewController: UITableViewController {
    var sessions: [Tracker.Session]!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "\(sessions.count) sessions"
    }
}

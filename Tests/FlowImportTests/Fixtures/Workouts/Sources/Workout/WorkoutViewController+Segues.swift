import UIKit

extension WorkoutViewController {
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segue.identifier {
        case "ShowHistory":
            guard let nav = segue.destination as? UINavigationController,
                  let history = nav.topViewController as? HistoryViewController else { return }
            history.sessions = tracker.sessions
        default:
            break
        }
    }
}

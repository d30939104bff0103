import UIKit

final class SummaryViewController: UIViewController {
    let session: Tracker.Session

    init?(coder: NSCoder, session: Tracker.Session) {
        self.session = session
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("SummaryViewController needs a session")
    }
}

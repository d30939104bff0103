import UIKit

final class WorkoutViewController: UIViewController {
    let tracker: Tracker
    var current = Tracker.Session(kind: .run, minutes: 0)

    init?(coder: NSCoder, tracker: Tracker) {
        self.tracker = tracker
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("WorkoutViewController needs a tracker")
    }

    @IBSegueAction @objc(summaryFor:sender:)
    func makeSummary(_ coder: NSCoder, sender: Any?) -> SummaryViewController? {
        SummaryViewController(coder: coder, session: current)
    }
}

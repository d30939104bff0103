import UIKit

/// Built in code, with no storyboard scene of its own.
final class HomeViewController: UIViewController {
    private let tracker: Tracker

    init(tracker: Tracker) {
        self.tracker = tracker
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("HomeViewController is built in code")
    }

    @objc func startWorkout() {
        let storyboard = UIStoryboard(name: "Workout", bundle: nil)
        let workout = storyboard.instantiateInitialViewController { coder in
            WorkoutViewController(coder: coder, tracker: self.tracker)
        }
        present(workout!, animated: true)
    }
}

import UIKit

class ViewController: UIViewController, SegueHandlerType {
    enum SegueIdentifier: String {
        case TheRedPillExperience
        case TheBluePillExperience
        case TheRedPillSheet
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segueIdentifier(for: segue) {
        case .TheRedPillExperience:
            let redPillVC = segue.destination as? RedPillViewController
            redPillVC?.inject("Welcome to the real world")
        case .TheBluePillExperience:
            let bluePillVC = segue.destination as? BluePillViewController
            bluePillVC?.inject("The story ends")
        case .TheRedPillSheet:
            // The sheet wraps the red pill in a navigation controller: this cast finds
            // the navigation controller, not the red pill, and nothing is injected.
            let redPillVC = segue.destination as? RedPillViewController
            redPillVC?.inject("Welcome to the real world")
        }
    }
}

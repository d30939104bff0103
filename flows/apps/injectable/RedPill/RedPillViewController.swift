import UIKit

class RedPillViewController: UIViewController, Injectable {
    @IBOutlet private weak var mainLabel: UILabel!

    // An implicitly unwrapped dependency, private now that inject(_:) sets it.
    private var mainText: String!

    func inject(_ text: String) {
        mainText = text
    }

    func assertDependencies() {
        assert(mainText != nil)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        assertDependencies()
        mainLabel.text = mainText
    }
}

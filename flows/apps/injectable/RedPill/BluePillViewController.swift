import UIKit

class BluePillViewController: UIViewController, Injectable {
    @IBOutlet private weak var mainLabel: UILabel!

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

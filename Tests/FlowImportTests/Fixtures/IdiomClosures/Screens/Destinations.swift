import UIKit

class ItemViewController: UIViewController {
    var item: Item!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = item.name
    }
}

class SummaryViewController: UIViewController {}

class AboutViewController: UIViewController {}

import UIKit

class DetailViewController: UIViewController {
    let item: DetailItem

    required init?(coder: NSCoder, item: DetailItem) {
        self.item = item
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = item.title
    }
}

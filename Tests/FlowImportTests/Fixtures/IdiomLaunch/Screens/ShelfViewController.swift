import UIKit

class ShelfViewController: UIViewController {
    var store: ShelfStore!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "\(store.titles.count) books"
    }
}

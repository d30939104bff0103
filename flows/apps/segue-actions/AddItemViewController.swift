import UIKit

class AddItemViewController: UIViewController {
    let store: ItemStore

    required init?(coder: NSCoder, store: ItemStore) {
        self.store = store
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        print(store)
    }
}

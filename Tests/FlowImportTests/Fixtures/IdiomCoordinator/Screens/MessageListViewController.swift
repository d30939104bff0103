import UIKit

class MessageListViewController: UIViewController {
    var inbox: Inbox!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "\(inbox.subjects.count) messages"
    }
}

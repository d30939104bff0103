import UIKit

class NoteViewController: UIViewController {
    var note: String!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = note.uppercased()
    }
}

import UIKit

final class BookViewController: UIViewController {
    var book: Book!
    var startPage = 1

    override func viewDidLoad() {
        super.viewDidLoad()
        title = book.title
    }
}

extension BookViewController {
    convenience init?(coder: NSCoder, book: Book, startPage: Int = 1) {
        self.init(coder: coder)
        self.book = book
        self.startPage = startPage
    }
}

import UIKit

final class BookViewController: UIViewController {
    var book: Book!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = book.title
    }
}

final class ReadingListViewController: UITableViewController {
    var books: [Book]!

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "\(books.count) to read"
    }
}

final class NotesViewController: UIViewController {
    let notes: [String]

    init?(coder: NSCoder, notes: [String]) {
        self.notes = notes
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

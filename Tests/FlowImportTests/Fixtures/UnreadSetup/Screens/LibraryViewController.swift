import UIKit

/// The shelf comes from the coordinator; a row asks before opening its book, and the book is
/// remembered by the selection handler for prepare to hand on.
final class LibraryViewController: UITableViewController {
    var shelf: Shelf!
    private var chosen: Book?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = shelf.name
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        shelf.books.count
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        chosen = shelf.books[indexPath.row]
        let ask = UIAlertController(title: "Open this book?", message: nil, preferredStyle: .actionSheet)
        ask.addAction(UIAlertAction(title: "Open", style: .default) { [weak self] _ in
            self?.performSegue(withIdentifier: "OpenBook", sender: nil)
        })
        ask.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(ask, animated: true)
    }

    @IBAction func showReadingList(_ sender: Any) {
        navigationController?.pushViewController(UIStoryboard.readingList(for: shelf), animated: true)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let page = segue.destination as? BookViewController {
            page.book = chosen
        }
    }

    /// Built by a factory flownav does not read: not init(coder:).
    @IBSegueAction func makeNotes(_ coder: NSCoder) -> NotesViewController? {
        NotesFactory.shared.notesScreen(coder: coder, shelf: shelf)
    }
}

final class NotesFactory {
    static let shared = NotesFactory()

    func notesScreen(coder: NSCoder, shelf: Shelf) -> NotesViewController? {
        NotesViewController(coder: coder, notes: shelf.books.map(\.notes))
    }
}

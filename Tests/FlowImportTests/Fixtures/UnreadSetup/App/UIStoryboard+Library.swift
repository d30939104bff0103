import UIKit

extension UIStoryboard {
    static func library() -> UIStoryboard { UIStoryboard(name: "Main", bundle: nil) }

    /// The reading list, ready to show: built here, outside any view controller.
    static func readingList(for shelf: Shelf) -> ReadingListViewController {
        let list = library().instantiateViewController(withIdentifier: "ReadingList") as! ReadingListViewController
        list.books = shelf.unread
        return list
    }
}

import UIKit

final class ReviewViewController: UIViewController {
    let book: Book
    let stars: Int

    init?(coder: NSCoder, book: Book, stars: Int = 3) {
        self.book = book
        self.stars = stars
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used: a review needs its book")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = book.title
    }
}

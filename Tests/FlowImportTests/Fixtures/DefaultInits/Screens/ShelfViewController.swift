import AVKit
import UIKit

final class ShelfViewController: UIViewController {
    var books = [Book(title: "Dune", pages: 612), Book(title: "Emma", pages: 474)]

    // The initializer is a convenience one declared in an extension, and the call leaves out
    // its defaulted `startPage:`.
    @IBSegueAction func openBook(_ coder: NSCoder) -> BookViewController? {
        BookViewController(coder: coder, book: books[0])
    }

    // The designated initializer has a default for `stars:` as well.
    @IBSegueAction func review(_ coder: NSCoder) -> ReviewViewController? {
        ReviewViewController(coder: coder, book: books[1])
    }

    // AVKit's controller: a class the flow format does not know, so this one segue action is
    // read as unknown, and the two above still load.
    @IBSegueAction func playTrailer(_ coder: NSCoder) -> AVPlayerViewController? {
        let player = AVPlayerViewController(coder: coder)
        player?.player = AVPlayer(url: URL(string: "https://example.com/trailer.mp4")!)
        return player
    }
}

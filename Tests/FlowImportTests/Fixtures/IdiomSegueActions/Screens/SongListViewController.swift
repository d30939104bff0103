import UIKit

/// Every segue here is created by a segue action; each one's body has a different shape.
class SongListViewController: UIViewController {
    @IBOutlet var tableView: UITableView!
    var songs: [Song] = [Song(title: "One"), Song(title: "Two")]
    var library: Library?

    // if let … { return } else { return nil }: nil without a selection.
    @IBSegueAction func showDetail(_ coder: NSCoder) -> SongDetailViewController? {
        if let row = tableView.indexPathForSelectedRow?.row {
            return SongDetailViewController(coder: coder, song: songs[row])
        } else {
            return nil
        }
    }

    // Two returns, one initializer, arguments that differ by branch.
    @IBSegueAction func editSong(_ coder: NSCoder, sender: Any?) -> EditSongViewController? {
        if let cell = sender as? UITableViewCell, let indexPath = tableView.indexPath(for: cell) {
            return EditSongViewController(coder: coder, song: songs[indexPath.row])
        } else {
            return EditSongViewController(coder: coder, song: nil)
        }
    }

    // A switch on the identifier, the same class in every case.
    @IBSegueAction func play(_ coder: NSCoder, sender: Any?, segueIdentifier: String?) -> PlayerViewController? {
        switch segueIdentifier {
        case "PlayFirst":
            return PlayerViewController(coder: coder, song: songs.first ?? Song(title: "-"))
        case "PlayLast":
            return PlayerViewController(coder: coder, song: songs.last ?? Song(title: "-"))
        default:
            return PlayerViewController(coder: coder, song: Song(title: "-"))
        }
    }

    // `??` and a ternary inside the arguments; an early return on a guard that is not the selection.
    @IBSegueAction func showAbout(_ coder: NSCoder) -> AboutViewController? {
        let shown = library ?? Library(songs: songs)
        return AboutViewController(coder: coder, library: shown, heading: songs.isEmpty ? "Nothing yet" : "Your songs")
    }

    // A local, a property set on it, then returned.
    @IBSegueAction func showHistory(_ coder: NSCoder) -> HistoryViewController? {
        let history = HistoryViewController(coder: coder, songs: songs)
        history?.delegate = self
        return history
    }

    // A helper one call deep.
    @IBSegueAction func showCredits(_ coder: NSCoder) -> CreditsViewController? {
        makeCredits(coder: coder)
    }

    // A static method in an extension of the built class, which calls the initializer.
    @IBSegueAction func showLyrics(_ coder: NSCoder) -> LyricsViewController? {
        guard !songs.isEmpty else {
            return LyricsViewController.make(coder: coder, song: Song(title: "-"))
        }
        return LyricsViewController.make(coder: coder, song: songs[0])
    }

    private func makeCredits(coder: NSCoder) -> CreditsViewController? {
        let names = songs.map(\.title)
        return CreditsViewController(coder: coder, names: names)
    }
}

extension SongListViewController: HistoryDelegate {
    func historyDidClear() {}
}

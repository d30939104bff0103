import UIKit

/// Each destination is built only by its initializer; init(coder:) traps, as the app never uses it.
class SongDetailViewController: UIViewController {
    let song: Song

    init?(coder: NSCoder, song: Song) {
        self.song = song
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = song.title
    }
}

class EditSongViewController: UIViewController {
    var song: Song?

    init?(coder: NSCoder, song: Song?) {
        self.song = song
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class PlayerViewController: UIViewController {
    let song: Song

    init?(coder: NSCoder, song: Song) {
        self.song = song
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class AboutViewController: UIViewController {
    let library: Library
    let heading: String

    init?(coder: NSCoder, library: Library, heading: String) {
        self.library = library
        self.heading = heading
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

protocol HistoryDelegate: AnyObject {
    func historyDidClear()
}

class HistoryViewController: UIViewController {
    let songs: [Song]
    weak var delegate: HistoryDelegate?

    init?(coder: NSCoder, songs: [Song]) {
        self.songs = songs
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class CreditsViewController: UIViewController {
    let names: [String]

    init?(coder: NSCoder, names: [String]) {
        self.names = names
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class LyricsViewController: UIViewController {
    let song: Song

    init?(coder: NSCoder, song: Song) {
        self.song = song
        super.init(coder: coder)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

extension LyricsViewController {
    static func make(coder: NSCoder, song: Song) -> LyricsViewController? {
        let lyrics = LyricsViewController(coder: coder, song: song)
        return lyrics
    }
}

import UIKit

class AssignIfNilViewController: UIViewController {
    var note: Note!

    override func viewDidLoad() {
        super.viewDidLoad()
        if note == nil {
            note = Note(text: "New")
        }
        title = note.text
    }
}

class CoalescingViewController: UIViewController {
    var note: Note!

    override func viewDidLoad() {
        super.viewDidLoad()
        note = note ?? Note(text: "New")
        title = note.text
    }
}

class GuardedViewController: UIViewController {
    var note: Note!

    override func viewDidLoad() {
        super.viewDidLoad()
        guard note != nil else {
            title = "Nothing"
            return
        }
        title = note.text
    }
}

class EarlyReturnViewController: UIViewController {
    var note: Note!

    override func viewDidLoad() {
        super.viewDidLoad()
        if self.note == nil { return }
        title = note.text
    }
}

class CheckedBranchViewController: UIViewController {
    var note: Note!

    override func viewDidLoad() {
        super.viewDidLoad()
        if note != nil {
            title = note.text
        }
        if let current = note {
            title = current.text
        }
    }
}

class HelperAfterCheckViewController: UIViewController {
    var note: Note!

    override func viewDidLoad() {
        super.viewDidLoad()
        if note == nil {
            note = Note(text: "New")
        }
        configure()
    }

    private func configure() {
        title = note.text
    }
}

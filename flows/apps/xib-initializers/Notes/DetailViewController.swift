import UIKit

class DetailViewController: UIViewController {
    // MARK: - Properties

    @IBOutlet var titleLabel: UILabel!
    @IBOutlet var contentsLabel: UILabel!

    // MARK: -

    private let note: Note

    // MARK: - Initialization

    init(with note: Note) {
        // Set Note
        self.note = note

        super.init(nibName: "DetailViewController", bundle: Bundle.main)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("You should not instantiate this view controller by invoking init(coder:).")
    }

    // MARK: - View Life Cycle

    override func viewDidLoad() {
        super.viewDidLoad()

        // Configure Labels
        titleLabel.text = note.title
        contentsLabel.text = note.contents
    }

    // MARK: - Actions

    @IBAction func done(_ sender: Any) {
        // Dismiss View Controller
        dismiss(animated: true)
    }
}

import UIKit

class RootViewController: UIViewController {
    // MARK: - Properties

    @IBOutlet var tableView: UITableView!

    // MARK: -

    private let notes: [Note]

    // MARK: - Initialization

    init(with notes: [Note]) {
        // Set Notes
        self.notes = notes

        super.init(nibName: "RootViewController", bundle: Bundle.main)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("You should not instantiate this view controller by invoking init(coder:).")
    }

    // MARK: - View Life Cycle

    override func viewDidLoad() {
        super.viewDidLoad()

        title = "Notes"
        tableView.isHidden = notes.isEmpty
    }

    // MARK: - Actions

    // A leftover from the storyboard days: the last note, restored from an archive through
    // init(coder:), the initializer that must never run.
    @IBAction func showLastNote(_ sender: Any) {
        guard let data = UserDefaults.standard.data(forKey: "LastNote"),
              let coder = try? NSKeyedUnarchiver(forReadingFrom: data) else { return }
        if let detailViewController = DetailViewController(coder: coder) {
            present(detailViewController, animated: true)
        }
    }
}

extension RootViewController: UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        notes.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "NoteCell", for: indexPath)
        cell.textLabel?.text = notes[indexPath.row].title
        return cell
    }
}

extension RootViewController: UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard let indexPath = tableView.indexPathForSelectedRow else { return }

        // Fetch Note
        let note = notes[indexPath.row]

        // Initialize Detail View Controller
        let detailViewController = DetailViewController(with: note)

        // Present Detail View Controller
        present(detailViewController, animated: true)
    }
}

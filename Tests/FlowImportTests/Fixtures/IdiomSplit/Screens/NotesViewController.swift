import UIKit

class NotesViewController: UITableViewController {
    let notes = ["First", "Second"]

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let navigation = segue.destination as? UINavigationController,
           let noteScreen = navigation.topViewController as? NoteViewController,
           let row = tableView.indexPathForSelectedRow?.row {
            noteScreen.note = notes[row]
        }
    }
}

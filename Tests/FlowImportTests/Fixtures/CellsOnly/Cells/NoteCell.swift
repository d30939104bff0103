import UIKit

final class NoteCell: UITableViewCell {
    @IBOutlet var titleLabel: UILabel!

    func show(_ text: String) {
        titleLabel.text = text
    }
}

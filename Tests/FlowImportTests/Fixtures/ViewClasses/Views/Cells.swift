import UIKit

/// The cells share a base: the rename's nearest name is a cell two levels down.
class BaseCell: UITableViewCell {}

final class NotesCell: BaseCell {}

/// One letter from the storyboard's stale cell name, but a view: not what a cell was renamed to.
final class NoteCall: UIView {}

final class BadgesView: UIView {}

final class TitleLabel: UILabel {}

final class RoundedButton: UIButton {}

import UIKit

final class BadgeView: UIView {
    @IBOutlet var contentView: UIView!
}

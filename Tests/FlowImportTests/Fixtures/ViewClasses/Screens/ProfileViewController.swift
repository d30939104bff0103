import UIKit

final class ProfileViewController: UIViewController {
    @IBOutlet var avatar: AvatarImageView!
}

final class AvatarImageView: UIImageView {}

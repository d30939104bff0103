import UIKit

final class Storyboards {
    static let main = UIStoryboard(name: "Main", bundle: nil)
}

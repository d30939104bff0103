import UIKit

extension UIStoryboard {
    static func main() -> UIStoryboard {
        UIStoryboard(name: "Main", bundle: nil)
    }
}

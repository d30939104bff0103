import Foundation

// Seed 001, "Update: View Controller Data Injection with Storyboards and Segues in Swift":
// every view controller that needs something says so through one method, and checks it got it.
protocol Injectable {
    associatedtype T
    func inject(_: T)
    func assertDependencies()
}

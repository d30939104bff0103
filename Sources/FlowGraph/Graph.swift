/// A navigation flow as a picture, before it is written as DOT or Mermaid: nodes (scenes),
/// nested groups (storyboards and containers), edges (segues), and what is highlighted.
/// Everything is in a fixed order (the flow's file order), so the text written from it is
/// the same on every run and diffs cleanly.
public struct Graph: Hashable, Sendable {
    public var title: String
    /// Lines drawn in a note beside the graph: the live window, the path of commands.
    public var caption: [String]
    public var nodes: [Node]
    /// Groups at the top level; each node is in at most one group, nested groups in one parent.
    public var groups: [Group]
    public var edges: [Edge]

    public init(title: String, caption: [String] = [], nodes: [Node] = [], groups: [Group] = [], edges: [Edge] = []) {
        self.title = title
        self.caption = caption
        self.nodes = nodes
        self.groups = groups
        self.edges = edges
    }

    /// Node ids in no group, in node order.
    public var ungroupedNodes: [String] {
        var grouped = Set<String>()
        func visit(_ g: Group) {
            grouped.formUnion(g.members)
            g.groups.forEach(visit)
        }
        groups.forEach(visit)
        return nodes.map(\.id).filter { !grouped.contains($0) }
    }
}

public struct Node: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A storyboard scene (a container when `container` is set), or a XIB.
        case scene(container: ContainerKindName?, nib: Bool)
        /// Where an unwind lands when no scene implements its action.
        case nowhere
    }

    /// What the highlight says about the node; one at a time, strongest first.
    public enum State: Int, Hashable, Sendable, Comparable {
        case normal
        /// Never reached by `check`'s exploration.
        case unreached
        /// Reached by the path drawn.
        case onPath
        /// Alive in the app (on a stack, a tab, a presenter below).
        case live
        /// On screen.
        case visible
        /// The front-most view controller.
        case frontmost
        /// Where the path drawn crashed.
        case crashed

        public static func < (a: State, b: State) -> Bool { a.rawValue < b.rawValue }
    }

    /// An identifier for DOT and Mermaid: letters, digits and `_`, unique in the graph.
    public var id: String
    /// The scene's index in the flow (nil for a `nowhere` node).
    public var scene: Int?
    /// First line bold (the scene id), then the class and notes.
    public var label: [String]
    public var kind: Kind
    public var state: State
    public var initial: Bool
}

/// `UINavigationController`, … as a graph needs it (the model's enum, kept apart from FlowModel
/// so the graph's value has no engine types in it).
public enum ContainerKindName: String, Hashable, Sendable {
    case navigation, tabBar, split
}

public struct Group: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case storyboard
        case container(ContainerKindName)
    }

    public var id: String
    public var label: String
    public var kind: Kind
    /// Node ids directly in this group, in order (a container first, then its children).
    public var members: [String]
    public var groups: [Group]
}

public struct Edge: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case show, showDetail, present, popover, embed, relationship, unwind, custom
    }

    /// What is wrong with the segue action on the edge.
    public enum Problem: Int, Hashable, Sendable, Comparable {
        case none
        /// UIKit does not find the action where it looks, and falls back to `init(coder:)`.
        case warning
        /// The quirk: a relationship segue's action implemented only by the container.
        case error

        public static func < (a: Problem, b: Problem) -> Bool { a.rawValue < b.rawValue }
    }

    public enum State: Hashable, Sendable {
        case normal
        /// Never performed by `check`'s exploration.
        case unperformed
        /// Performed by the path drawn, at these steps (from 1).
        case onPath([Int])
    }

    public var from: String
    public var to: String
    /// The segue's index in the flow.
    public var segue: Int?
    public var kind: Kind
    public var label: [String]
    public var problem: Problem
    public var state: State

    public init(from: String, to: String, segue: Int?, kind: Kind, label: [String], problem: Problem, state: State) {
        self.from = from
        self.to = to
        self.segue = segue
        self.kind = kind
        self.label = label
        self.problem = problem
        self.state = state
    }
}

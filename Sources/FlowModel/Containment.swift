/// What scenes contain: relationship segues (a container's children, decoded with it) and
/// embed segues (decoded when the parent's view loads). UIKit decodes the whole containment
/// tree of a scene at once, so a cycle never ends and a deep or widely shared tree is built in
/// full; the loader refuses both, with the limits stated here and in the README.
public enum Containment {
    /// The most levels of containment from any scene (a navigation controller in a tab in a
    /// split view is three). Real storyboards nest fewer than ten.
    public static let maximumDepth = 100
    /// The most view controllers one scene may contain, counting every level (a scene embedded
    /// twice counts twice, as UIKit builds it twice).
    public static let maximumTreeSize = 10_000

    public enum Problem: Equatable, Sendable {
        /// The segues of a cycle, in order: each one's destination is the next one's source.
        case cycle([Int])
        /// A scene's tree is deeper than `maximumDepth`, along the segues given (from the scene).
        case tooDeep(scene: Int, path: [Int])
        /// A scene's tree holds more than `maximumTreeSize` view controllers.
        case tooLarge(scene: Int, size: Int)
    }

    /// The first problem found; iterative (no recursion), linear in scenes and segues.
    public static func check(_ flow: Flow) -> Problem? {
        let n = flow.scenes.count
        var edges = [[Int]](repeating: [], count: n)
        // By index: a segue copied whole for three of its fields cost more than the check.
        for i in flow.segues.indices where flow.segues[i].kind == .relationship || flow.segues[i].kind == .embed {
            let source = flow.segues[i].source
            guard let d = flow.segues[i].destination, source >= 0, source < n, d >= 0, d < n else { continue }
            edges[source].append(i)
        }
        // Depth-first, with an explicit stack: 0 unseen, 1 on the current path, 2 done.
        var colour = [UInt8](repeating: 0, count: n)
        var order: [Int] = []  // scenes, children before parents
        order.reserveCapacity(n)
        var stack: [(scene: Int, next: Int, via: Int)] = []
        for start in 0..<n where colour[start] == 0 {
            colour[start] = 1
            stack.append((start, 0, -1))
            while !stack.isEmpty {
                let top = stack.count - 1
                let scene = stack[top].scene
                if stack[top].next == edges[scene].count {
                    colour[scene] = 2
                    order.append(scene)
                    stack.removeLast()
                    continue
                }
                let segue = edges[scene][stack[top].next]
                stack[top].next += 1
                let d = flow.segues[segue].destination!
                if colour[d] == 1 {
                    // The cycle: the segues on the stack from d's frame on, then this one.
                    var cycle: [Int] = []
                    if let k = stack.firstIndex(where: { $0.scene == d }) {
                        cycle = stack[(k + 1)...].map(\.via)
                    }
                    return .cycle(cycle + [segue])
                }
                if colour[d] == 0 {
                    colour[d] = 1
                    stack.append((d, 0, segue))
                }
            }
        }
        // Children before parents: each scene's depth and tree size from its children's.
        var depth = [Int](repeating: 0, count: n)
        var deepest = [Int](repeating: -1, count: n)  // the segue to the deepest child
        var size = [Int](repeating: 1, count: n)
        for scene in order {
            for segue in edges[scene] {
                let d = flow.segues[segue].destination!
                if depth[d] + 1 > depth[scene] {
                    depth[scene] = depth[d] + 1
                    deepest[scene] = segue
                }
                size[scene] = min(size[scene] + size[d], maximumTreeSize + 1)
            }
            if depth[scene] > maximumDepth {
                var path: [Int] = []
                var x = scene
                while deepest[x] >= 0 {
                    path.append(deepest[x])
                    x = flow.segues[deepest[x]].destination!
                }
                return .tooDeep(scene: scene, path: path)
            }
            if size[scene] > maximumTreeSize { return .tooLarge(scene: scene, size: size[scene]) }
        }
        return nil
    }
}

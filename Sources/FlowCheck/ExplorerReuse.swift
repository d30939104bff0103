import FlowEngine
import FlowModel

/// Reused outcomes (see `Explorer`): a state with a split key takes each command's outcome
/// from what was learnt for its root and shown tab, and runs only what is not known yet.
extension Explorer {
    /// A state with a split key: each command's outcome is taken from what was learnt when it
    /// is known, else run and learnt.
    mutating func expandSplit(_ node: Int, depth d: Int, length: Int) {
        let root = nodeKey[1]
        let shown = encoder.shownTab[Int(root)]
        let tab = nodeKey[2 + shown]
        var front = fronts.get(root, tab, 0)
        if front == nil { front = learnFront(root, tab, node: node, depth: d) }
        guard let front, front.outcome == .state else { return expandByRunning(node, depth: d) }
        let f = Int(front.first)
        for i in frontList[f].first..<frontList[f].first + frontList[f].count {
            let c = frontCommands[i]
            let l = lookup(i, front: f, root: root, shown: shown)
            if let known = l.known, !verifyReuse {
                reuse(known, at: l.position, left: l.left, shown: shown, node: node, command: c, length: length)
            } else {
                let r = run(c, from: node, depth: d)
                if let known = l.known { compare(known, at: l.position, left: l.left, shown: shown, with: r, node: node, command: c, length: length) }
                if l.learn { remember(r, command: i, front: f, root: root, shown: shown, target: l.target, length: length) }
            }
            if stopped { return }
        }
    }

    /// What is known of a command's outcome from a state with root `root` showing tab `tab`.
    struct Lookup {
        /// The outcome (nil: not known, or to be run each time): for `state`, the next root and
        /// the next number of the tab at `position`.
        var known: TransitionTable.Answer?
        /// The key word the command changes besides the root: the shown tab's, or for a tab
        /// switch the next tab's (and then `left` is the next number of the tab it leaves).
        var position: Int
        var left: UInt32?
        /// Whether running it teaches something not yet known.
        var learn: Bool
        /// The tab a tab switch of the root shows (-1: not one).
        var target: Int
    }

    // Mutating although it only reads: called from the mutating search, a non-mutating method
    // made the optimiser copy the whole explorer (every array retained) on each call.
    /// Command `i` of front `f`.
    @inline(__always) mutating func lookup(_ i: Int, front f: Int, root: UInt32, shown: Int) -> Lookup {
        let target = Int(frontTabs[i])
        let position = 2 + (target < 0 ? shown : target)
        var l = Lookup(known: nil, position: position, left: nil, learn: false, target: target)
        if target < 0 {
            l.known = frontOutcomes[i]
            l.learn = l.known == nil
        } else {
            let shows = showing.get(root, frontCommands[i], nodeKey[position]), leaves = frontList[f].leaving
            if let shows, shows.outcome != .state {
                l.known = shows
            } else if let shows, let leaves {
                l.known = shows
                l.left = leaves
            }
            l.learn = shows == nil || (shows!.outcome == .state && leaves == nil)
        }
        if l.known?.outcome == .runEachTime { l.known = nil }
        return l
    }

    /// The commands of a state with root `root` showing tab `tab` (held at `depth`), learnt.
    mutating func learnFront(_ root: UInt32, _ tab: UInt32, node: Int, depth d: Int) -> TransitionTable.Answer {
        var tabBar = -1
        let commands = heldCommands(node, depth: d, tabBar: &tabBar)
        defer { scratch = commands }
        let windowRoot = held[Self.slot(d)].state.windowRoot ?? -1
        // A command that names a view controller by address (`from`) differs between states that
        // share the root and tab: such states run every command.
        let state = held[Self.slot(d)].state
        let byAddress = commands.contains { Self.receiver(of: resolved($0, in: state)).map { $0 != windowRoot } ?? false }
        var answer = TransitionTable.Answer(outcome: .runEachTime, first: 0, second: 0)
        if !byAddress {
            answer = .init(outcome: .state, first: UInt32(frontList.count), second: 0)
            frontList.append(Front(first: frontCommands.count, count: commands.count, leaving: nil))
            for c in commands {
                var target: Int32 = -1
                if case .tab(let k) = commandTable[Int(c)], tabBar == windowRoot { target = Int32(truncatingIfNeeded: k) }
                frontCommands.append(c)
                frontTabs.append(target)
                frontOutcomes.append(nil)
            }
        }
        fronts.set(root, tab, 0, answer)
        return answer
    }

    static func receiver(of command: Command) -> Int? {
        switch command {
        case .perform(_, let on, _), .tap(_, let on), .select(_, _, let on), .call(_, let on): on
        case .back, .dismiss, .tab: nil
        }
    }

    /// The key `answer` leads to from the state being expanded (`nodeKey`), into `out`.
    static func successor(of nodeKey: [UInt32], _ answer: TransitionTable.Answer, at position: Int, left: UInt32?, shown: Int,
                          length: Int, into out: inout [UInt32]) {
        if out.count < length { out = [UInt32](repeating: 0, count: max(length, 2 * out.count)) }
        for j in 0..<length { out[j] = nodeKey[j] }
        out[1] = answer.first
        out[position] = answer.second
        if let left { out[2 + shown] = left }
    }

    mutating func reuse(_ answer: TransitionTable.Answer, at position: Int, left: UInt32?, shown: Int, node: Int, command c: UInt32, length: Int) {
        reusedTransitions += 1
        switch answer.outcome {
        case .rejected, .runEachTime:
            return
        case .crash:
            transitions += 1
            crashes += 1
        case .state:
            transitions += 1
            Self.successor(of: nodeKey, answer, at: position, left: left, shown: shown, length: length, into: &key)
            add(length, from: node, by: c)
        }
    }

    /// What running a command from the state being expanded taught, for every state with the
    /// same root and tab: `runEachTime` when the engine searched the whole tree or the command
    /// changed more than the root and the tabs it is about.
    // Mutating for the reason `lookup` is.
    mutating func learnt(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), shown: Int, target: Int, length: Int) -> TransitionTable.Answer {
        let each = TransitionTable.Answer(outcome: .runEachTime, first: 0, second: 0)
        guard !r.wholeTree else { return each }
        switch r.outcome {
        case .rejected: return target < 0 ? .init(outcome: .rejected, first: 0, second: 0) : each
        case .crash: return .init(outcome: .crash, first: 0, second: 0)
        case .runEachTime: return each
        case .state:
            guard r.length == length, key[0] == StateEncoder.splitForm else { return each }
            for k in 2..<length where k != 2 + shown && k != 2 + target && key[k] != nodeKey[k] { return each }
            return .init(outcome: .state, first: key[1], second: key[2 + (target < 0 ? shown : target)])
        }
    }

    /// What running command `i` of front `f` taught.
    mutating func remember(_ r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), command i: Int, front f: Int, root: UInt32,
                           shown: Int, target: Int, length: Int) {
        let answer = learnt(r, shown: shown, target: target, length: length)
        if target < 0 {
            frontOutcomes[i] = answer
            return
        }
        showing.set(root, frontCommands[i], nodeKey[2 + target], answer)
        if answer.outcome == .state { frontList[f].leaving = key[2 + shown] }
    }

    /// Tests only (`verifyReuse`): the engine's outcome against the reused one.
    mutating func compare(_ known: TransitionTable.Answer, at position: Int, left: UInt32?, shown: Int,
                          with r: (outcome: TransitionTable.Outcome, length: Int, wholeTree: Bool), node: Int, command c: UInt32, length: Int) {
        reuseChecks += 1
        var same = known.outcome == r.outcome
        if same && known.outcome == .state {
            Self.successor(of: nodeKey, known, at: position, left: left, shown: shown, length: length, into: &verifyKey)
            same = r.length == length && (0..<length).allSatisfy { key[$0] == verifyKey[$0] }
        }
        if !same { reuseMismatches.append("state \(node), \(commandTable[Int(c)]): learnt \(known.outcome), the engine gave \(r.outcome)") }
    }
}

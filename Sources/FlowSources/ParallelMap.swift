import Dispatch

/// `map` over the machine's cores, results in the input's order. For work whose items are
/// independent and pure (parsing one Swift file), so running them at once changes nothing but
/// the time.
enum ParallelMap {
    static func map<T, R>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        // Small inputs are not worth a thread hand-off.
        if items.count < 4 { return items.map(transform) }
        var results = [R?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { out in
            // Each iteration writes only its own slot, and concurrentPerform returns after
            // every iteration has finished, so no slot is read while another thread writes it.
            nonisolated(unsafe) let slots = out
            items.withUnsafeBufferPointer { input in
                nonisolated(unsafe) let input = input
                DispatchQueue.concurrentPerform(iterations: items.count) { i in
                    slots[i] = transform(input[i])
                }
            }
        }
        return results.map { $0! }
    }
}

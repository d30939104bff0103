/// A growable array of plain values (bytes of output text, line records) whose append is a
/// capacity check and a copy.
///
/// `Array.append` goes through generic, non-inlined uniqueness and capacity code: about a
/// hundred instructions per call whatever the size, and formatting a command's output appends
/// a few dozen short pieces and a line record per line (a replay's profile put a sixth of the
/// shell's instructions there). A value type like `Array`: copies share the storage until one
/// of them writes.
struct FlatBuffer<Element: BitwiseCopyable>: Sendable {
    private var storage: Storage
    private(set) var count = 0

    /// Memory owned by one buffer value at a time for writing (copied on write when shared);
    /// never written while shared, so reading it from several threads is safe.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }
    }

    init(capacity: Int = 64) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// Makes room for `n` more elements, owned by this value alone.
    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count + n > storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(n) }
    }

    private mutating func grow(_ n: Int) {
        let capacity = max(storage.capacity * (count + n > storage.capacity ? 2 : 1), count + n)
        let new = Storage(capacity: capacity)
        new.base.initialize(from: storage.base, count: count)
        storage = new
    }

    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        reserve(elements.count)
        (storage.base + count).update(from: source, count: elements.count)
        count += elements.count
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        reserve(1)
        storage.base[count] = element
        count += 1
    }

    @inline(__always)
    subscript(k: Int) -> Element {
        precondition(k >= 0 && k < count, "index out of range")
        return storage.base[k]
    }

    /// Empties the buffer, keeping its memory when it is not shared.
    mutating func removeAll() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
        count = 0
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: storage.base, count: count)) }
    }
}

typealias ByteBuffer = FlatBuffer<UInt8>

extension FlatBuffer<UInt8> {
    subscript(range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}

/// An element of a binary min-heap kept in an array; `precedes` is the heap's order.
@usableFromInline
package protocol HeapOrdered {
    func precedes(_ other: Self) -> Bool
}

// The virtual scheduler's queue and the model clock's share these. Inlinable, so each is
// compiled for its element, and through one buffer: each subscripted write to the array would
// check its uniqueness again.
extension Array where Element: HeapOrdered {
    /// Appends `element` and sifts it up to its place.
    @inlinable @inline(__always)
    package mutating func heapPush(_ element: Element) {
        append(element)
        withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard element.precedes(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = element
        }
    }

    /// Replaces the least element with `element` and sifts it down to its place (a pop and a
    /// push in one pass). The heap must not be empty.
    @inlinable @inline(__always)
    package mutating func heapReplaceTop(_ element: Element) {
        withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                let right = left + 1
                let child = right < count && heap[right].precedes(heap[left]) ? right : left
                guard heap[child].precedes(element) else { break }
                heap[parent] = heap[child]
                parent = child
            }
            heap[parent] = element
        }
    }

    /// Removes and returns the least element, keeping the heap order; nil when empty.
    @inlinable @inline(__always)
    package mutating func heapPop() -> Element? {
        guard let last = popLast() else { return nil }
        guard !isEmpty else { return last }
        let top = self[0]
        heapReplaceTop(last)
        return top
    }
}

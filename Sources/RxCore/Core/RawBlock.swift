import Foundation

/// Raw memory for a block made per case or per subscription. `UnsafeMutableRawPointer.allocate`
/// takes the runtime's aligned path (`posix_memalign`) whatever the alignment, dearer than
/// `malloc`, whose 16 bytes suit most values; a larger alignment still goes through `allocate`.
/// A block is freed with the alignment it was made with.
@usableFromInline
package enum RawBlock {
    @inlinable
    package static func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
        alignment <= 16 ? malloc(max(1, byteCount))! : .allocate(byteCount: byteCount, alignment: alignment)
    }

    @inlinable
    package static func deallocate(_ block: UnsafeMutableRawPointer, alignment: Int) {
        if alignment <= 16 { free(block) } else { block.deallocate() }
    }
}

extension RawBlock {
    /// The largest request glibc's malloc serves from its per-thread cache: a larger block takes
    /// the allocator's slow path to make and to free, so storage made per case stays within it
    /// where it can.
    @inlinable
    package static var cachedBytes: Int { 1_032 }

    /// How many elements of `type` an array can reserve within `cachedBytes` (its header takes 32).
    @inlinable
    package static func arrayCapacity<Element>(of type: Element.Type) -> Int {
        (cachedBytes - 32) / MemoryLayout<Element>.stride
    }
}

import Foundation

/// One object per thread, kept from one case to the next there (a spare scheduler, a model
/// clock's arrays) and released when the thread ends. Reads and writes touch only the calling
/// thread's object, so no lock is needed.
package struct ThreadSlot<Object: AnyObject>: Sendable {
    @usableFromInline let key: pthread_key_t

    package init() {
        var key = pthread_key_t()
        pthread_key_create(&key, releaseThreadSlotObject)
        self.key = key
    }

    /// The thread's object, not retained; nil when the slot is empty.
    @inlinable
    package var current: Object? {
        guard let object = pthread_getspecific(key) else { return nil }
        return Unmanaged<Object>.fromOpaque(object).takeUnretainedValue()
    }

    /// True when the thread has no object here (and nothing is retained to find out).
    @inlinable
    package var isEmpty: Bool { pthread_getspecific(key) == nil }

    /// Takes the thread's object out, leaving the slot empty.
    @inlinable
    package func take() -> Object? {
        guard let object = pthread_getspecific(key) else { return nil }
        pthread_setspecific(key, nil)
        return Unmanaged<Object>.fromOpaque(object).takeRetainedValue()
    }

    /// Puts `object` in the thread's slot, which holds it until taken or the thread ends; the
    /// slot must be empty.
    @inlinable
    package func put(_ object: Object) {
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
    }
}

#if canImport(Darwin)
private func releaseThreadSlotObject(_ object: UnsafeMutableRawPointer) {
    Unmanaged<AnyObject>.fromOpaque(object).release()
}
#else
private func releaseThreadSlotObject(_ object: UnsafeMutableRawPointer?) {
    if let object { Unmanaged<AnyObject>.fromOpaque(object).release() }
}
#endif

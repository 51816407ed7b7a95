/// The observers of a multi-observer producer, in registration order.
///
/// Delivery uses a snapshot taken when it starts: an observer added during a delivery does not
/// get that event, and one removed during it gets nothing more. (RxSwift's Bag gives slot 0 a
/// quirk: a late observer reusing it is notified first. RxCore does not replicate that; order
/// is always registration order.)
struct SubjectObservers<Element> {
    final class Registration {
        let observer: AnyObserver<Element>
        var isActive = true
        init(_ observer: AnyObserver<Element>) { self.observer = observer }
    }

    private(set) var registrations: [Registration] = []

    var isEmpty: Bool { registrations.isEmpty }
    var count: Int { registrations.count }

    mutating func insert(_ observer: AnyObserver<Element>) -> Registration {
        let registration = Registration(observer)
        registrations.append(registration)
        return registration
    }

    mutating func remove(_ registration: Registration) {
        registration.isActive = false
        if let index = registrations.firstIndex(where: { $0 === registration }) {
            registrations.remove(at: index)
        }
    }

    mutating func removeAll() -> [Registration] {
        let all = registrations
        registrations = []
        return all
    }

    static func deliver(_ event: Event<Element>, to snapshot: [Registration]) {
        for registration in snapshot where registration.isActive {
            registration.observer.on(event)
        }
    }
}

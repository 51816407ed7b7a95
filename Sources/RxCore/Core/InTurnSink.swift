/// The sink of an operator that mirrors a list of sources one after another (`concat`,
/// `catch(sequence:)`): each subscriber subclass says which event moves it on to the next
/// source (`movesOn(_:)`); every other event is forwarded. It moves on in a loop rather than by
/// recursion, so a long run of sources that end inside their subscribe calls does not grow the
/// stack, and it releases the finished subscription before subscribing the next — once that
/// subscription's subscribe call has returned (RxSwift's tail-recursive sink). After the last
/// source, `completed`.
class InTurnSink<Element>: Sink<Element> {
    private let sources: [Observable<Element>]
    private var index = 0
    private var current = SingleAssignmentDisposable()
    private var isSubscribing = false
    private var movedWhileSubscribing = false

    init(sources: [Observable<Element>], observer: AnyObserver<Element>) {
        self.sources = sources
        super.init(observer: observer)
    }

    /// True when the source just subscribed is the last.
    final var isOnLastSource: Bool { index == sources.count }

    /// Whether `event` of the current source moves on to the next instead of being forwarded.
    func movesOn(_ event: Event<Element>) -> Bool { false }

    /// Subscribes the next source, and the ones after while each ends inside its subscribe call.
    final func subscribeNext() {
        repeat {
            movedWhileSubscribing = false
            guard !isDisposed else { return }
            guard index < sources.count else {
                forwardCompleted()
                return
            }
            let source = sources[index]
            index += 1
            current.dispose()   // the finished one, before its successor is subscribed
            let subscription = SingleAssignmentDisposable()
            current = subscription
            isSubscribing = true
            subscription.setDisposable(source.subscribe(AnyObserver { [self] event in on(event, from: subscription) }))
            isSubscribing = false
        } while movedWhileSubscribing
    }

    private func on(_ event: Event<Element>, from subscription: SingleAssignmentDisposable) {
        guard subscription === current else { return }
        guard movesOn(event) else { return forward(event) }
        if isSubscribing {
            movedWhileSubscribing = true
        } else {
            subscribeNext()
        }
    }

    override func disposeUpstream() { current.dispose() }
}

extension ObservableType where Element: FixedWidthInteger {
    /// Emits `0` after `dueTime` and completes at the same tick; with a `period`, emits 0, 1, 2, …
    /// every `period` after that and never completes.
    ///
    /// On the virtual scheduler a zero `dueTime` or `period` still takes one tick.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Observable<Element> {
        Producer { observer in
            let sink = TimerSink(observer: observer)
            if let period {
                sink.timer.disposable = scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                    sink.forwardNext(count)
                    return count &+ 1
                }
            } else {
                sink.timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    sink.forwardNext(0)
                    sink.forwardCompleted()
                    return Disposables.create()
                }
            }
            return sink
        }
    }

    /// Emits 0, 1, 2, … every `period`, starting one period after subscription. Never completes.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }
}

/// Delivers through a sink, so an observer that disposes on the element hears nothing more.
private final class TimerSink<Element>: Sink<Element> {
    let timer = SerialDisposable()
    override func disposeUpstream() { timer.dispose() }
}

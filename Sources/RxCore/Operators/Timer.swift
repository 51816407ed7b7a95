extension ObservableType where Element: FixedWidthInteger {
    /// Emits `0` after `dueTime` and completes at the same tick; with a `period`, emits 0, 1, 2, …
    /// every `period` after that and never completes.
    ///
    /// On the virtual scheduler a zero `dueTime` or `period` still takes one tick.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType
    ) -> Observable<Element> {
        Producer { observer in
            if let period {
                return scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                    observer.on(.next(count))
                    return count &+ 1
                }
            }
            return scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                observer.on(.next(0))
                observer.on(.completed)
                return Disposables.create()
            }
        }
    }

    /// Emits 0, 1, 2, … every `period`, starting one period after subscription. Never completes.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }
}

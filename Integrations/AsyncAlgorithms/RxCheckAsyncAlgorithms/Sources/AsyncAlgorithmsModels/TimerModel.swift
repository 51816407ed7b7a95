import RxTestKit

/// `AsyncTimerSequence(interval:clock:)` (guide Timer.md and its tests' diagrams), iterated from
/// `start` by a consumer that asks at once: the clock's `now` at `start + interval`,
/// `start + 2·interval`, …, up to the cancel (exclusive); it never ends on its own.
public enum TimerModel {
    /// The elements of a timer iterated from `start`, firing every `interval`, cancelled at `end`.
    public static func expected(start: Int, interval: Int, until end: Int) -> Expected {
        let ticks = Array(stride(from: start + interval, to: end, by: max(interval, 1)))
        return Expected(elements: ticks.map { "t\($0)" }, end: nil, ticks: ticks)
    }
}

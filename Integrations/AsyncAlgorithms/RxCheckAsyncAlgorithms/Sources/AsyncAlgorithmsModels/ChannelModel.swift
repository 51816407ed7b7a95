import RxTestKit

/// `AsyncChannel` and `AsyncThrowingChannel` (guide Channel.md) fed by a producer task that sends
/// each element of a timeline at its tick — `send` suspends until a consumer takes the element —
/// then finishes it (an error fails the throwing channel; the non-throwing one is finished).
/// One consumer asking at its pace gets every element, each when it was both sent and asked
/// for, then the end.
public enum ChannelModel {
    /// The output for a consumer of pace `pace`; `throwing` for `AsyncThrowingChannel`.
    public static func expected(_ scenario: Scenario, throwing: Bool, pace: Int) -> Expected {
        var hot = scenario
        hot.sources[0].flavor = .hot
        var expected = SingleSource<Void>(initial: ()) { _, value in ["\(value)"] }.expected(hot, pace: pace)
        if !throwing, case .threw = expected.end { expected.end = .finished }
        return expected
    }
}

import RxCore
import RxTestKit

/// combineLatest (SEMANTICS §3): sources subscribed in order at S; every element stores the
/// source's latest value and, once all have one, emits the combination. While some source
/// still has no value, an element arriving when all *other* sources are done completes the
/// output (lazy early completion). The first error ends everything; all done ends it too.
public enum CombineLatestModel {
    @_specialize(where R == Int)
    public static func outcome<R>(_ scenario: Scenario, selector: ([Int]) throws -> R) -> Outcome<R> {
        modelled(scenario, selector: selector)
    }

    // The body apart, never inlined: a generic function sizes its generic locals (an
    // `Event<R>`) on entry, which looks their metadata up before the `R == Int` dispatch.
    @inline(never) @_specialize(where R == Int)
    private static func modelled<R>(_ scenario: Scenario, selector: ([Int]) throws -> R) -> Outcome<R> {
        var clock = ModelClock(scenario)
        var output = clock.output(R.self)
        let count = scenario.sources.count
        if count == 0 {
            // Edge (3): the empty collection emits selector([]) and completes at S.
            do {
                output.emit(.next(try selector([])), at: clock.tick)
                output.emit(.completed, at: clock.tick)
            } catch {
                output.emit(.error(error), at: clock.tick)
            }
            return clock.finish(output.events)
        }
        let ids = clock.subscribe(sourcesInTurn: 0..<count)
        // Each source's latest value, and how many have one: the values are handed to the
        // selector as they are, without a fresh array per element.
        var latest = [Int](filled: 0, count: count)
        // Which sources have a value and which are done: bits while they fit (no array to
        // allocate for the usual two sources), else an array.
        var flags = SourceFlags(count: count)
        var valued = 0
        return clock.drive(&output) { arrival, clock, output in
            guard case .source(let index) = arrival.timeline else { return }
            switch arrival.value {
            case .next(let value):
                latest[index] = value
                if !flags.hasValue(index) {
                    flags.setHasValue(index)
                    valued += 1
                }
                if valued == count {
                    do {
                        output.emit(.next(try selector(latest)), at: arrival.tick)
                    } catch {
                        output.emit(.error(error), at: arrival.tick)   // a throwing selector ends it
                    }
                } else if flags.allDone(except: index) {
                    output.emit(.completed, at: arrival.tick)   // nothing can ever be combined
                }
            case .error:
                output.forwardTerminal(arrival)
            case .completed:
                flags.setDone(index)                            // its latest value stays in use
                clock.unsubscribe(ids.lowerBound + index)
                if flags.allDone(except: nil) { output.emit(.completed, at: arrival.tick) }
            }
        }
    }
}

/// Two flags per source — has a value, is done — as bits for up to 64 sources, else arrays.
struct SourceFlags {
    private let count: Int
    private var valueBits: UInt64 = 0
    private var doneBits: UInt64 = 0
    private var values: [Bool] = []
    private var done: [Bool] = []

    init(count: Int) {
        self.count = count
        if count > 64 {
            values = [Bool](filled: false, count: count)
            done = [Bool](filled: false, count: count)
        }
    }

    func hasValue(_ index: Int) -> Bool { count > 64 ? values[index] : valueBits & 1 << UInt64(index) != 0 }

    mutating func setHasValue(_ index: Int) {
        if count > 64 { values[index] = true } else { valueBits |= 1 << UInt64(index) }
    }

    mutating func setDone(_ index: Int) {
        if count > 64 { done[index] = true } else { doneBits |= 1 << UInt64(index) }
    }

    /// True when every source but `except` is done.
    func allDone(except: Int?) -> Bool {
        if count > 64 { return done.indices.allSatisfy { $0 == except || done[$0] } }
        let all: UInt64 = count == 64 ? .max : (1 << UInt64(count)) - 1
        let others = except.map { all & ~(1 << UInt64($0)) } ?? all
        return doneBits & others == others
    }
}

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
        // Which sources have a value, and which are done.
        var valuedSources = IndexFlags()
        var doneSources = IndexFlags()
        var valued = 0
        return clock.drive(&output) { arrival, clock, output in
            guard case .source(let index) = arrival.timeline else { return }
            switch arrival.value {
            case .next(let value):
                latest[index] = value
                if !valuedSources.contains(index) {
                    valuedSources.insert(index)
                    valued += 1
                }
                if valued == count {
                    do {
                        output.emit(.next(try selector(latest)), at: arrival.tick)
                    } catch {
                        output.emit(.error(error), at: arrival.tick)   // a throwing selector ends it
                    }
                } else if doneSources.containsAll(below: count, except: index) {
                    output.emit(.completed, at: arrival.tick)   // nothing can ever be combined
                }
            case .error:
                output.forwardTerminal(arrival)
            case .completed:
                doneSources.insert(index)                       // its latest value stays in use
                clock.unsubscribe(ids.lowerBound + index)
                if doneSources.containsAll(below: count) { output.emit(.completed, at: arrival.tick) }
            }
        }
    }
}

import RxTestKit

/// `chunks(ofCount: n, or: .repeating(every: d, clock:))` (guide Chunked.md and its tests'
/// diagrams) over a buffered source, for a consumer that asks at once: the timer ticks every `d`
/// from the first iteration, whatever the chunks did ("count resets after count/signal"); a chunk
/// goes out when it reaches `n` elements or at a tick of the timer if it holds any; at the finish
/// the rest goes out and the output finishes; an error throws at once, dropping the chunk. An
/// arrival at a tick of the timer may come before or after it (both orders are predicted).
public enum ChunksOfCountOrSignalModel {
    /// Every output an order of same-tick timer ticks and arrivals can give.
    public static func alternatives(_ scenario: Scenario, count: Int, interval: Int, start: Int? = nil) -> [Expected] {
        let start = start ?? scenario.subscribed
        let events = scenario.sources[0].events.map { (max($0.tick, start), $0.value) }
        let lastTick = (events.last?.0 ?? start) + interval
        let ticks = Array(stride(from: start + interval, through: lastTick, by: max(interval, 1)))
        var results: [Expected] = []

        func walk(_ event: Int, _ tick: Int, _ chunk: [Int], _ elements: [String], _ times: [Int]) {
            guard results.count < 4_096 else { return }
            let nextEvent = event < events.count ? events[event].0 : Int.max
            let nextTick = tick < ticks.count ? ticks[tick] : Int.max
            if nextEvent == Int.max && (nextTick == Int.max || chunk.isEmpty) {
                results.append(Expected(elements: elements, end: nil, ticks: times))
                return
            }
            func fireTimer() {
                if chunk.isEmpty { walk(event, tick + 1, chunk, elements, times) }
                else { walk(event, tick + 1, [], elements + [ChunksOfCountModel.describe(chunk)], times + [nextTick]) }
            }
            func takeEvent() {
                let (arrival, value) = events[event]
                switch value {
                case .next(let element):
                    let grown = chunk + [element]
                    if grown.count == count { walk(event + 1, tick, [], elements + [ChunksOfCountModel.describe(grown)], times + [arrival]) }
                    else { walk(event + 1, tick, grown, elements, times) }
                case .completed:
                    let rest = chunk.isEmpty ? [] : [ChunksOfCountModel.describe(chunk)]
                    results.append(Expected(elements: elements + rest, end: .finished, ticks: times + rest.map { _ in arrival } + [arrival]))
                case .error(let id):
                    results.append(Expected(elements: elements, end: .threw(id), ticks: times + [arrival]))
                }
            }
            if nextTick < nextEvent { fireTimer() }
            else if nextEvent < nextTick { takeEvent() }
            else {
                takeEvent()
                fireTimer()
            }
        }
        walk(0, 0, [], [], [])
        return results
    }
}

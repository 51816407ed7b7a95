import RxCore
import RxTestKit

/// groupBy, seen through `flatMap`, which subscribes every group as it is delivered.
public enum GroupByModel {
    /// `groupBy(key).flatMap { group in group.scan(0, +).map { group.key * 1000 + $0 } }`: one
    /// group per key for the whole run, so each element adds to its key's running sum; the
    /// source's terminal ends the groups and the output at its tick.
    public static func outcome(runningSums scenario: Scenario, key: (Int) -> Int) -> Outcome<Int> {
        var sums: [Int: Int] = [:]
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                let groupKey = key(value)
                let sum = sums[groupKey, default: 0] + value
                sums[groupKey] = sum
                output.emit(.next(groupKey * 1000 + sum), at: arrival.tick)
            default: output.forwardTerminal(arrival)
            }
        }
    }

    /// `groupBy(key).take(1).flatMap { $0 }`: the first element's group alone. Its
    /// subscription keeps the source subscribed after take(1) has left the groups, so its
    /// later elements and the source's terminal still come out.
    public static func outcome(firstGroup scenario: Scenario, key: (Int) -> Int) -> Outcome<Int> {
        var firstKey: Int?
        return SingleSource.run(scenario) { arrival, output in
            switch arrival.value {
            case .next(let value):
                let groupKey = key(value)
                if firstKey == nil { firstKey = groupKey }
                if groupKey == firstKey { output.emit(.next(value), at: arrival.tick) }
            default: output.forwardTerminal(arrival)
            }
        }
    }
}

import OpenCombine
import RxCheckOpenCombine
import RxTestKit

/// A deliberately broken Combine-style operator, standing in for the OpenCombine operator of the
/// catalog entry `spec`: the catalog must catch it and shrink the failure.
public struct CombineMutant: Sendable {
    /// `spec.mistake`, e.g. `prefix.neverCancels`.
    public let name: String
    /// The catalog entry whose properties it must fail.
    public let spec: String
    /// The mistake, in a line.
    public let bug: String
    /// The property that must catch it.
    public let caughtBy: String
    /// The events of the smallest failing case (what the shrinker must reach).
    public let minimalEvents: Int
    /// Builds it from the catalog entry's sources and parameters.
    public let build: @Sendable (CombineContext) -> AnyPublisher<Int, TestError>

    /// Every mutant.
    public static let all: [CombineMutant] = [
        CombineMutant(name: "prefix.neverCancels", spec: "prefix", bug: "finishes after n elements but never cancels its upstream",
                      caughtBy: "prefix.cleansUp", minimalEvents: 1) { context in
            let count = context.parameters[0]
            return Handwritten(context.sources[0]) { Prefix(count, cancels: false, extra: 0) }.eraseToAnyPublisher()
        },
        CombineMutant(name: "first.oneTooMany", spec: "first", bug: "publishes a second element before it finishes",
                      caughtBy: "first.matchesModel", minimalEvents: 2) { context in
            Handwritten(context.sources[0]) { Prefix(1, cancels: true, extra: 1) }.eraseToAnyPublisher()
        },
        CombineMutant(name: "filter.noReplenish", spec: "filter", bug: "an element it drops uses up demand: it does not ask for another",
                      // Two events show it with the initial demand alone (`s0 cold (10)`, `.max(1)`); from the
                      // generator's start the shrinker stops at a local minimum of four, with a later request.
                      caughtBy: "filter.keepsOrderUnderDemand", minimalEvents: 4) { context in
            Handwritten(context.sources[0]) { Filter { $0 % 2 == 0 } }.eraseToAnyPublisher()
        },
        CombineMutant(name: "map.ignoresDemand", spec: "map", bug: "asks its upstream for unlimited elements and forwards them all",
                      caughtBy: "map.obeysContract", minimalEvents: 2) { context in
            Handwritten(context.sources[0]) { IgnoringDemand { 10 * $0 + 1 } }.eraseToAnyPublisher()
        },
        CombineMutant(name: "scan.publishesSeed", spec: "scan", bug: "publishes the initial result before the first element",
                      caughtBy: "scan.matchesModel", minimalEvents: 1) { context in
            Handwritten(context.sources[0]) { Scan(publishesSeed: true) }.eraseToAnyPublisher()
        },
        CombineMutant(name: "removeDuplicates.comparesWithFirst", spec: "removeDuplicates",
                      bug: "compares each element with the first one instead of the previous one",
                      caughtBy: "removeDuplicates.matchesModel", minimalEvents: 3) { context in
            Handwritten(context.sources[0]) { RemoveDuplicatesWithFirst() }.eraseToAnyPublisher()
        },
        CombineMutant(name: "reduce.silentWhenEmpty", spec: "reduce", bug: "an empty upstream finishes without publishing the initial result",
                      caughtBy: "reduce.matchesModel", minimalEvents: 1) { context in
            Handwritten(context.sources[0]) { Reduce() }.eraseToAnyPublisher()
        },
        CombineMutant(name: "collect.count.dropsRemainder", spec: "collect.count", bug: "drops a partial array at the finish",
                      caughtBy: "collect.count.matchesModel", minimalEvents: 2) { context in
            let count = context.parameters[0]
            return Handwritten(context.sources[0]) { CollectByCount(count) }.eraseToAnyPublisher()
        },
        CombineMutant(name: "replaceEmpty.always", spec: "replaceEmpty", bug: "publishes the replacement at the finish even after elements",
                      caughtBy: "replaceEmpty.matchesModel", minimalEvents: 2) { context in
            Handwritten(context.sources[0]) { ReplaceEmptyAlways() }.eraseToAnyPublisher()
        },
        CombineMutant(name: "first.keepsUpstream", spec: "first", bug: "finishes after the first element but leaves the upstream subscribed",
                      caughtBy: "first.cleansUp", minimalEvents: 1) { context in
            Handwritten(context.sources[0]) { Prefix(1, cancels: false, extra: 0) }.eraseToAnyPublisher()
        },
        CombineMutant(name: "dropFirst.offByOne", spec: "dropFirst", bug: "drops one element fewer than asked",
                      caughtBy: "dropFirst.matchesModel", minimalEvents: 1) { context in
            let count = context.parameters[0]
            return Handwritten(context.sources[0]) { DropFirst(max(count - 1, 0)) }.eraseToAnyPublisher()
        },
        CombineMutant(name: "map.completesTwice", spec: "map", bug: "passes the upstream's completion on twice",
                      caughtBy: "map.obeysContract", minimalEvents: 1) { context in
            Handwritten(context.sources[0]) { CompletesTwice() }.eraseToAnyPublisher()
        },
        // A second bug inside an operator with a known finding (F2): the finding's rule must not hide it.
        CombineMutant(name: "delay.repeatsFirst", spec: "delay", bug: "OpenCombine's delay, publishing its first element twice",
                      caughtBy: "delay.matchesModel", minimalEvents: 1) { context in
            let delayed = context.sources[0].delay(for: .seconds(10 * context.parameters[0]), scheduler: context.scheduler)
            return Handwritten(delayed.eraseToAnyPublisher()) { RepeatsFirst() }.eraseToAnyPublisher()
        },
        CombineMutant(name: "receive.on.ignoresDemand", spec: "receive.on",
                      bug: "OpenCombine's receive(on:), asked for everything at once and forwarding it all",
                      caughtBy: "receive.on.obeysContract", minimalEvents: 2) { context in
            let hopped = context.sources[0].receive(on: context.scheduler)
            return Handwritten(hopped.eraseToAnyPublisher()) { IgnoringDemand { $0 } }.eraseToAnyPublisher()
        },
        // Demand the subscriber asks for late, or again after the completion.
        CombineMutant(name: "reduce.sendsWithoutDemand", spec: "reduce",
                      bug: "asks for everything when subscribed and publishes its result at the finish, demanded or not",
                      caughtBy: "reduce.obeysContract", minimalEvents: 1) { context in
            Handwritten(context.sources[0]) { ReduceEagerly() }.eraseToAnyPublisher()
        },
        CombineMutant(name: "count.resendsAfterCompletion", spec: "count",
                      bug: "publishes the count and .finished again at every request after the completion",
                      caughtBy: "count.obeysContract", minimalEvents: 1) { context in
            Handwritten(context.sources[0]) { CountResending() }.eraseToAnyPublisher()
        },
        // Stalls of operators over several sources.
        CombineMutant(name: "append.forgetsLaterRequests", spec: "append",
                      bug: "passes on only the subscriber's first request: later ones are lost",
                      caughtBy: "append.keepsDelivering", minimalEvents: 2) { context in
            Handwritten(context.sources[0].append(context.sources[1]).eraseToAnyPublisher()) { FirstRequestOnly() }.eraseToAnyPublisher()
        },
        CombineMutant(name: "zip.forgetsLaterRequests", spec: "zip",
                      bug: "OpenCombine's zip (with its F9), passing on only the subscriber's first request",
                      caughtBy: "zip.keepsDelivering", minimalEvents: 4) { context in
            let zipped = context.sources[0].zip(context.sources[1]).map { 10 * $0 + $1 }
            return Handwritten(zipped.eraseToAnyPublisher()) { FirstRequestOnly() }.eraseToAnyPublisher()
        },
        // Demand in the model: the output is valid Combine, only the documented behaviour says otherwise.
        CombineMutant(name: "replaceError.dropsReplacementWithoutDemand", spec: "replaceError",
                      bug: "a failure that comes while the subscriber has no demand finishes without the replacement",
                      caughtBy: "replaceError.matchesModelUnderDemand", minimalEvents: 2) { context in
            Handwritten(context.sources[0]) { ReplaceErrorWithoutWaiting(9) }.eraseToAnyPublisher()
        },
    ]
}

// MARK: The broken logics

/// replaceError(with:) that does not wait for demand: without any, it finishes at the failure
/// and the replacement is lost.
final class ReplaceErrorWithoutWaiting: Logic {
    let replacement: Int
    var demand = Subscribers.Demand.none
    init(_ replacement: Int) { self.replacement = replacement }
    override func requested(_ demand: Subscribers.Demand) {
        self.demand += demand
        request(demand)
    }
    override func received(_ value: Int) -> Subscribers.Demand {
        if demand > 0 { demand -= 1 }
        let more = emit(value)
        demand += more
        return more
    }
    override func completed(_ completion: Subscribers.Completion<TestError>) {
        if case .failure = completion, demand > 0 { _ = emit(replacement) }
        finish(.finished)
    }
}

/// Publishes its first element twice.
final class RepeatsFirst: Logic {
    var repeated = false
    override func received(_ value: Int) -> Subscribers.Demand {
        let more = emit(value)
        guard !repeated else { return more }
        repeated = true
        return more + emit(value)
    }
}

/// reduce(0, +) that asks for everything as soon as it is subscribed and publishes its result
/// at the finish whether or not the subscriber has asked for it.
final class ReduceEagerly: Logic {
    var total = 0
    override func started() { request(.unlimited) }
    override func requested(_ demand: Subscribers.Demand) {}
    override func received(_ value: Int) -> Subscribers.Demand {
        total += value
        return .none
    }
    override func completed(_ completion: Subscribers.Completion<TestError>) {
        if case .finished = completion { _ = emit(total) }
        finish(completion)
    }
}

/// count() that keeps its subscriber after finishing and answers every later request with the
/// count and `.finished` again.
final class CountResending: Logic {
    var count = 0
    var demand = Subscribers.Demand.none
    var asked = false
    var finished = false
    var pending = false

    override func requested(_ demand: Subscribers.Demand) {
        if finished { return publish() }
        self.demand += demand
        if pending { return publish() }
        guard !asked else { return }
        asked = true
        request(.unlimited)
    }
    override func received(_ value: Int) -> Subscribers.Demand {
        count += 1
        return .none
    }
    override func completed(_ completion: Subscribers.Completion<TestError>) {
        guard case .finished = completion else { return finish(completion) }
        if demand > 0 { publish() } else { pending = true }
    }
    private func publish() {
        pending = false
        finished = true
        _ = emit(count)
        finishKeepingSubscriber(.finished)
    }
}

/// Passes on the subscriber's first request only.
final class FirstRequestOnly: Logic {
    var asked = false
    override func requested(_ demand: Subscribers.Demand) {
        guard !asked else { return }
        asked = true
        request(demand)
    }
}

/// prefix(n): `extra` more elements than asked; `cancels` false keeps the upstream subscribed.
final class Prefix: Logic {
    let limit: Int
    let cancels: Bool
    var count = 0
    init(_ count: Int, cancels: Bool, extra: Int) {
        self.limit = count + extra
        self.cancels = cancels
    }
    override func received(_ value: Int) -> Subscribers.Demand {
        guard count < limit else { return .none }
        count += 1
        let more = emit(value)
        if count == limit {
            if cancels { cancelUpstream() }
            finish(.finished)
        }
        return more
    }
}

/// filter that forgets to ask for a replacement of what it drops.
final class Filter: Logic {
    let isIncluded: (Int) -> Bool
    init(_ isIncluded: @escaping (Int) -> Bool) { self.isIncluded = isIncluded }
    override func received(_ value: Int) -> Subscribers.Demand {
        isIncluded(value) ? emit(value) : .none
    }
}

/// map that asks for everything at once, whatever the subscriber asked for.
final class IgnoringDemand: Logic {
    let transform: (Int) -> Int
    var asked = false
    init(_ transform: @escaping (Int) -> Int) { self.transform = transform }
    override func requested(_ demand: Subscribers.Demand) {
        guard !asked else { return }
        asked = true
        request(.unlimited)
    }
    override func received(_ value: Int) -> Subscribers.Demand {
        _ = emit(transform(value))
        return .none
    }
}

/// scan(0, +), optionally publishing the seed first.
final class Scan: Logic {
    var total = 0
    var publishedSeed: Bool
    init(publishesSeed: Bool) { publishedSeed = !publishesSeed }
    override func received(_ value: Int) -> Subscribers.Demand {
        if !publishedSeed {
            publishedSeed = true
            _ = emit(total)
        }
        total += value
        return emit(total)
    }
}

/// removeDuplicates against the first element.
final class RemoveDuplicatesWithFirst: Logic {
    var first: Int?
    override func received(_ value: Int) -> Subscribers.Demand {
        if let first {
            return value == first ? .max(1) : emit(value)
        }
        first = value
        return emit(value)
    }
}

/// reduce(0, +) that publishes nothing for an empty upstream.
final class Reduce: Logic {
    var total: Int?
    var asked = false
    override func requested(_ demand: Subscribers.Demand) {
        guard !asked else { return }
        asked = true
        request(.unlimited)
    }
    override func received(_ value: Int) -> Subscribers.Demand {
        total = (total ?? 0) + value
        return .none
    }
    override func completed(_ completion: Subscribers.Completion<TestError>) {
        if case .finished = completion, let total { _ = emit(total) }
        finish(completion)
    }
}

/// collect(n) that drops a partial array at the finish.
final class CollectByCount: Logic {
    let count: Int
    var buffer: [Int] = []
    init(_ count: Int) { self.count = count }
    override func requested(_ demand: Subscribers.Demand) {
        request(demand == .unlimited ? .unlimited : demand * count)
    }
    override func received(_ value: Int) -> Subscribers.Demand {
        buffer.append(value)
        guard buffer.count == count else { return .none }
        let array = buffer
        buffer = []
        let more = emit(array.reduce(1) { $0 &* 10 &+ $1 })
        return more == .unlimited ? .unlimited : more * count
    }
}

/// replaceEmpty(with: 9) that always publishes the replacement.
final class ReplaceEmptyAlways: Logic {
    override func completed(_ completion: Subscribers.Completion<TestError>) {
        if case .finished = completion { _ = emit(9) }
        finish(completion)
    }
}

/// dropFirst(n).
final class DropFirst: Logic {
    var remaining: Int
    init(_ count: Int) { remaining = count }
    override func received(_ value: Int) -> Subscribers.Demand {
        guard remaining == 0 else {
            remaining -= 1
            return .max(1)
        }
        return emit(value)
    }
}

/// map { 10·x + 1 } that passes its completion on twice.
final class CompletesTwice: Logic {
    override func received(_ value: Int) -> Subscribers.Demand { emit(10 * value + 1) }
    override func completed(_ completion: Subscribers.Completion<TestError>) {
        finishKeepingSubscriber(completion)
        finishKeepingSubscriber(completion)
    }
}

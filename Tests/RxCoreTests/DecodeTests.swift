import Foundation
import Testing
import RxCore
import RxTestKit

private struct Point: Decodable, Equatable {
    let x: Int
    let y: Int
}

@Suite struct DecodeTests {
    @Test func decode_decodesEveryElement_failsAtTheFirstThatCannot() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            next(210, Data(#"{"x":1,"y":2}"#.utf8)), next(220, Data("not json".utf8)), next(230, Data(#"{"x":3,"y":4}"#.utf8)),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events.count == 2)
        #expect(res.events.first == next(210, Point(x: 1, y: 2)))
        #expect(res.events.last?.time == 220)
        #expect(res.events.last?.value.error is DecodingError)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func decode_acceptsAnyDataDecoder() {
        struct LengthDecoder: DataDecoder {
            func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
                guard let length = data.count as? Item else { throw TestError(4) }
                return length
            }
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, Data([1, 2, 3])), completed(220)])
        #expect(scheduler.start { xs.decode(type: Int.self, decoder: LengthDecoder()) }.events == [next(210, 3), completed(220)])
    }
}

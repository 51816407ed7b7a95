import AsyncAlgorithms
import AsyncAlgorithmsModels
import RxCheck
import RxCheckAsync
import RxTestKit

extension AsyncCatalog {
    /// An `AsyncChannel` fed by a producer sending source 0's elements at their ticks, then
    /// finishing it (at an error too: this channel cannot fail).
    static var channel: AsyncSpec {
        var spec = AsyncSpec("channel", "AsyncChannel: send each element at its tick, then finish()", shape: producerShape(),
                             model: .sequence { scenario, _ in
                                 ChannelModel.expected(scenario, throwing: false, pace: pace(scenario, operatorParameters: 0))
                             }) { context in
            let channel = AsyncChannel<Int>()
            let events = context.timelines[0].events
            context.spawn {
                for event in events {
                    do { try await context.sleep(until: event.tick) } catch { return }
                    guard case .next(let value) = event.value else {
                        channel.finish()
                        return
                    }
                    await channel.send(value)
                }
            }
            return AsyncOutput(channel)
        }
        spec.shape.errors = false
        return spec
    }

    /// An `AsyncThrowingChannel` fed the same way; an error fails it.
    static var throwingChannel: AsyncSpec {
        AsyncSpec("throwingChannel", "AsyncThrowingChannel: send each element at its tick, then finish() or fail(_:)",
                  shape: producerShape(),
                  model: .sequence { scenario, _ in
                      ChannelModel.expected(scenario, throwing: true, pace: pace(scenario, operatorParameters: 0))
                  }) { context in
            let channel = AsyncThrowingChannel<Int, Error>()
            let events = context.timelines[0].events
            context.spawn {
                for event in events {
                    do { try await context.sleep(until: event.tick) } catch { return }
                    switch event.value {
                    case .next(let value): await channel.send(value)
                    case .error(let id): channel.fail(TestError(id)); return
                    case .completed: channel.finish(); return
                    }
                }
            }
            return AsyncOutput(channel)
        }
    }

    /// One hot timeline: the producer's script at absolute ticks.
    static func producerShape() -> ScenarioShape {
        var shape = shape()
        shape.flavors = .hot
        return shape
    }
}

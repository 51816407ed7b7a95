import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    /// Each window collected with `toArray` as soon as it is emitted: that is `buffer` — the
    /// same timer and count rules — so `buffer`'s model judges it.
    ///
    /// No feedback property: an element fed back while a window is being completed re-enters
    /// the window switch itself — RxSwift then opens a window it never completes, and so does
    /// RxCore — which the contract does not settle.
    static var window: OperatorSpec {
        OperatorSpec("window", "window(timeSpan:count:) opens windows under buffer's rules; collected, they equal buffer",
                     shape: shape(1...1, parameters: [0...6, 1...3]),
                     build: { context in
                         context.sources[0].window(timeSpan: duration(context), count: context.parameters[1],
                                                   scheduler: context.scheduler)
                             .concatMap { $0.toArray().asObservable() }
                             .map(digits)
                     },
                     model: { BufferModel.outcome($0, spanTicks: ticks($0), count: $0.parameters[1]).mapElements(digits) })
            .withoutFeedback(because: "an element fed back while a window completes re-enters the window switch")
    }
}

import RxCore
import RxTestKit
import RxTestKitTesting

/// Loads pages of items from a service.
protocol PageService {
    func page(_ number: Int) -> Single<[String]>
}

/// Loads page 0 at once; "reached bottom" loads the next page when idle; a failed page shows
/// the failed indicator until "retry" loads it again.
final class PagingViewModel {
    struct State: Equatable, CustomStringConvertible {
        var items: [String] = []
        var pagesLoaded = 0
        var isLoading = false
        var failed = false

        var description: String { "\(items.count) items, \(isLoading ? "loading" : failed ? "failed" : "idle")" }
    }

    /// Everything the screen shows.
    let state = BehaviorRelay(value: State())
    private let service: PageService
    private let bag = DisposeBag()

    init(service: PageService, reachedBottom: Observable<Void>, retry: Observable<Void>) {
        self.service = service
        reachedBottom.subscribe(onNext: { [weak self] in
            guard let self, !self.state.value.isLoading, !self.state.value.failed else { return }
            self.loadNextPage()
        }).disposed(by: bag)
        retry.subscribe(onNext: { [weak self] in
            guard let self, self.state.value.failed else { return }
            self.loadNextPage()
        }).disposed(by: bag)
        loadNextPage()
    }

    private func loadNextPage() {
        var loading = state.value
        loading.isLoading = true
        loading.failed = false
        state.accept(loading)
        service.page(loading.pagesLoaded).subscribe(onSuccess: { [weak self] items in
            guard let self else { return }
            var loaded = self.state.value
            loaded.items += items
            loaded.pagesLoaded += 1
            loaded.isLoading = false
            self.state.accept(loaded)
        }, onFailure: { [weak self] _ in
            guard let self else { return }
            var failed = self.state.value
            failed.isLoading = false
            failed.failed = true
            self.state.accept(failed)
        }).disposed(by: bag)
    }
}

/// A page service answering after 25 ticks of a test scheduler. Call k (0-based) fails when
/// `failingCalls` contains k.
final class MockPageService: BaseMock, PageService {
    var failingCalls: Set<Int> = []
    private(set) var calls = 0

    init(scheduler: TestScheduler) {
        super.init(scheduler: scheduler, delay: .seconds(25))
    }

    func page(_ number: Int) -> Single<[String]> {
        defer { calls += 1 }
        let result: SingleResult<[String]> = failingCalls.contains(calls)
            ? .throw(TestError(number))
            : .value((0..<3).map { "p\(number)i\($0)" })
        return mockFunction(returning: result)
    }
}

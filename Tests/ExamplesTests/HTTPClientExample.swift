import Foundation
import Testing
import RxCore
import RxTestKit
import RxTestKitTesting

/// What the app needs from the network.
protocol HTTPClient {
    func get(_ path: String) -> Single<Data>
}

struct Repository: Decodable, Equatable {
    let name: String
    let stars: Int
}

/// The code under test: fetches and decodes repositories.
struct RepositoryAPI {
    let client: HTTPClient

    func repository(named name: String) -> Single<Repository> {
        client.get("/repos/\(name)").map { try JSONDecoder().decode(Repository.self, from: $0) }
    }

    func popular() -> Observable<Repository> {
        client.get("/popular").asObservable()
            .map { try JSONDecoder().decode([Repository].self, from: $0) }
            .flatMap { Observable.from($0) }
            .filter { $0.stars >= 100 }
    }
}

/// The mock: answers on a background queue, like a real HTTP client.
final class MockHTTPClient: BaseMock, HTTPClient {
    var getResult: SingleResult<String>?
    private(set) var requestedPaths: [String] = []

    func get(_ path: String) -> Single<Data> {
        requestedPaths.append(path)
        return mockFunction(returning: getResult).map { Data($0.utf8) }
    }
}

@Suite struct HTTPClientExampleTests {
    @Test func repository_decodesTheAnswer() {
        let client = MockHTTPClient()
        client.getResult = .value(#"{"name": "rxcheck", "stars": 42}"#)
        let api = RepositoryAPI(client: client)
        #expect(api.repository(named: "rxcheck").waitForSuccess() == Repository(name: "rxcheck", stars: 42))
        #expect(client.requestedPaths == ["/repos/rxcheck"])
    }

    @Test func popular_keepsOnlyPopularRepositories() {
        let client = MockHTTPClient()
        client.getResult = .value(#"[{"name": "a", "stars": 500}, {"name": "b", "stars": 3}, {"name": "c", "stars": 100}]"#)
        let names = RepositoryAPI(client: client).popular().waitForCompletion().map(\.name)
        #expect(names == ["a", "c"])
    }

    @Test func networkError_reachesTheCaller() {
        let client = MockHTTPClient()
        client.getResult = .throw(URLError(.notConnectedToInternet))
        let error = RepositoryAPI(client: client).repository(named: "x").waitForError()
        #expect((error as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func malformedAnswer_isADecodingError() {
        let client = MockHTTPClient()
        client.getResult = .value(#"{"name": 1}"#)
        #expect(RepositoryAPI(client: client).repository(named: "x").waitForError() is DecodingError)
    }

    /// The mistake the asynchronous mock exists to catch: asserting without waiting. The
    /// answer has not arrived when the assertion runs, so this naive test fails.
    /// (A one-second delay, so even a busy machine cannot answer before the assertion.)
    @Test func aTestThatDoesNotWait_fails() {
        let client = MockHTTPClient(delay: .seconds(1))
        client.getResult = .value(#"{"name": "rxcheck", "stars": 42}"#)
        let received = Received()
        let subscription = RepositoryAPI(client: client).repository(named: "rxcheck")
            .subscribe(onSuccess: { received.set($0) })
        withKnownIssue("the answer arrives later, on the mock's queue") {
            #expect(received.get() == Repository(name: "rxcheck", stars: 42))
        }
        subscription.dispose()
    }

    @Test func forgettingToSetTheResult_failsWhereTheMockWasCreated() {
        let line = #line + 1
        let client = MockHTTPClient()
        withKnownIssue {
            _ = RepositoryAPI(client: client).repository(named: "x").waitForError()
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("unexpected call to get(_:)")
        }
    }
}

private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Repository?
    func set(_ value: Repository) { lock.lock(); self.value = value; lock.unlock() }
    func get() -> Repository? { lock.lock(); defer { lock.unlock() }; return value }
}

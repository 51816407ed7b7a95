import Foundation

extension ObservableType {
    /// Passes everything through unchanged and prints, for every subscription,
    /// `<time>: <identifier> -> subscribed`, `-> Event next(1)` (and the terminal), and
    /// `-> isDisposed`, as RxSwift does. The identifier defaults to `File.swift:line (function)`;
    /// `trimOutput` shortens an event text over 40 characters to its first and last 20.
    /// The time is the wall clock, to the millisecond.
    ///
    /// Completes and errors: with the source, after printing the terminal; `debug` itself never
    /// fails.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false,
                      file: String = #file, line: UInt = #line, function: String = #function) -> Observable<Element> {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function,
                     timestamp: { formatter.string(from: Date()) }, log: { print($0) })
    }

    /// `debug` writing through `log`, with times from `timestamp`: pass
    /// `{ "\(scheduler.clock)" }` to print a test scheduler's virtual time, and collect the
    /// lines instead of printing them.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false,
                      file: String = #file, line: UInt = #line, function: String = #function,
                      timestamp: @escaping () -> String, log: @escaping (String) -> Void) -> Observable<Element> {
        let source = asObservable()
        let name = identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        let write = { (content: String) in log("\(timestamp()): \(name) -> \(content)") }
        return Producer { observer in
            write("subscribed")
            let sink = DebugSink(observer: observer) { write("isDisposed") }
            sink.subscription.setDisposable(source.subscribe(AnyObserver { event in
                let text = "\(event)"
                let shown = trimOutput && text.count > 40 ? "\(text.prefix(20))...\(text.suffix(20))" : text
                write("Event \(shown)")
                sink.forward(event)
            }))
            return sink
        }
    }
}

private final class DebugSink<Element>: Sink<Element> {
    let subscription = SingleAssignmentDisposable()
    private let onDispose: () -> Void

    init(observer: AnyObserver<Element>, onDispose: @escaping () -> Void) {
        self.onDispose = onDispose
        super.init(observer: observer)
    }

    override func disposeUpstream() {
        onDispose()
        subscription.dispose()
    }
}

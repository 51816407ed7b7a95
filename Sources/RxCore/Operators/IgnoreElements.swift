extension ObservableType {
    /// Drops every element; forwards the terminal.
    public func ignoreElements() -> Observable<Never> {
        asCompletable().asObservable()
    }
}

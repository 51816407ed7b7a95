extension ObservableType {
    /// Drops every element; forwards the terminal.
    ///
    /// Completes and errors: with the source, at its tick.
    public func ignoreElements() -> Observable<Never> {
        asCompletable().asObservable()
    }
}

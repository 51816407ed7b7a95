// The release this build of RxCheck is: what `--version` prints, and the newest heading of
// CHANGELOG.md (a test keeps the two the same).

/// RxCheck's version, as `rxcheck --version` prints it and CHANGELOG.md names it.
public enum RxCheckRelease {
    /// The release, in semantic-versioning form (`MAJOR.MINOR.PATCH`).
    public static let current = "0.3.0"
}

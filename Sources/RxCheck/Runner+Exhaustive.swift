import Foundation

/// What `Runner.exhaust` found in a small scope.
public struct ExhaustiveReport<Case> {
    /// The property's name.
    public var property: String
    /// The scope enumerated.
    public var scope: SmallScope
    /// Cases checked, the failing one included.
    public var casesRun = 0
    /// Cases the property discarded.
    public var discarded = 0
    /// The first failing case in enumeration order (a smallest one: the scope is enumerated
    /// from the fewest events up), its position in that order, and the failure; nil when none.
    public var failure: (index: Int, value: Case, failure: Failure)?
    /// Wall-clock seconds (not part of any deterministic output).
    public var seconds = 0.0

    /// Whether every case of the scope satisfied the property.
    public var passed: Bool { failure == nil }
}

extension Runner {
    /// Checks `property` on every case of `scope`, in the property's fixed enumeration order,
    /// and stops at the first failure; nil when the property's cases cannot be enumerated.
    /// The first failure needs no shrinking to be small: every case with fewer events came
    /// before it and passed.
    public static func exhaust<Case>(_ property: Property<Case>, scope: SmallScope) -> ExhaustiveReport<Case>? {
        guard let enumerate = property.enumerateSmallScope else { return nil }
        let started = Date()
        var report = ExhaustiveReport<Case>(property: property.name, scope: scope)
        enumerate(scope) { value in
            let verdict = Failure.$detailed.withValue(false) { property.check(value) }
            report.casesRun += 1
            switch verdict {
            case .pass: return true
            case .discard:
                report.discarded += 1
                return true
            case .fail:
                // Checked again with the failure spelled out, as the shrinker does for its last case.
                guard case .fail(let failure) = property.check(value) else { return true }
                report.failure = (report.casesRun - 1, value, failure)
                return false
            }
        }
        report.seconds = Date().timeIntervalSince(started)
        return report
    }
}

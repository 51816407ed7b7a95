// In this package only: `import RxSwift` is RxCheck's RxCore, whose API mirrors RxSwift's, so the
// bridge's sources build here unchanged. (SwiftPM's module aliases would do the same, but on
// Swift 6.3 they do not apply to a product's own module.)
@_exported import RxCore

// In this package only: `import RxTest` is RxCheck's RxTestKit, whose API mirrors RxTest's.
@_exported import RxTestKit

import OpenCombine
import RxCheck
import RxTestKit
public struct CombineMutant { public static var all: [CombineMutant] { [] } ; public var properties: [Property<Scenario>] { [] } }

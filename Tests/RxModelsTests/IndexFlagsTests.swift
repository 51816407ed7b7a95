import Testing
@testable import RxModels

/// The index set models mark subscriptions and sources in: bits below 64, an array beyond, and
/// the same answers on either side of that line.
@Suite struct IndexFlagsTests {
    @Test func marks_onBothSidesOfTheBits() {
        var flags = IndexFlags()
        for index in [0, 5, 63, 64, 65, 130] { flags.insert(index) }
        for index in -2..<140 {
            #expect(flags.contains(index) == [0, 5, 63, 64, 65, 130].contains(index), "index \(index)")
        }
    }

    @Test(arguments: [1, 2, 63, 64, 65, 70])
    func containsAll_belowACount_withOrWithoutAnException(count: Int) {
        var flags = IndexFlags()
        #expect(flags.containsAll(below: 0))
        for index in 0..<count - 1 { flags.insert(index) }
        #expect(!flags.containsAll(below: count))
        #expect(flags.containsAll(below: count, except: count - 1))
        #expect(count == 1 || !flags.containsAll(below: count, except: 0))
        flags.insert(count - 1)
        #expect(flags.containsAll(below: count))
        #expect(flags.containsAll(below: count, except: count / 2))
        #expect(!flags.containsAll(below: count + 1))
    }
}

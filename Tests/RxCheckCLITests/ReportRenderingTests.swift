import Foundation
import Testing
import RxCheck
@testable import RxCheckCLI

@Suite struct ReportRenderingTests {
    /// An interrupted run: zip ran cases, amb ran none. amb must not count as passed.
    private let report = NightlyReport(
        seeds: ["0000000000000001"], shards: ["1/1"], interrupted: true, seconds: 2,
        properties: [NightlyReport.PropertyTotals(name: "zip.matchesModel", group: "zip", jobs: 1, cases: 200),
                     NightlyReport.PropertyTotals(name: "amb.matchesModel", group: "amb")],
        failures: [])

    @Test func junit_propertyThatRanNoCase_isSkippedNotPassed() {
        let junit = report.junit()
        #expect(junit.contains("<testsuites name=\"rxcheck\" tests=\"2\" failures=\"0\" skipped=\"1\""))
        #expect(junit.contains("<testcase classname=\"amb\" name=\"amb.matchesModel\"><skipped message=\"not run: the run was interrupted before any case of it\"/></testcase>"))
        #expect(junit.contains("<testcase classname=\"zip\" name=\"zip.matchesModel\"><system-out>200 cases</system-out></testcase>"))
    }

    @Test func html_propertyThatRanNoCase_isShownAsNotRun() {
        let html = report.html()
        #expect(html.contains("<tr class=\"skipped\"><td>amb.matchesModel</td><td>0</td><td>0</td><td>not run</td></tr>"))
        #expect(html.contains("<tr class=\"ok\"><td>zip.matchesModel</td>"))
    }
}

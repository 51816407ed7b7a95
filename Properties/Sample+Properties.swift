import RxCheck
import RxCore
import RxModels
import RxTestKit

extension Catalog {
    static var sample: OperatorSpec {
        OperatorSpec("sample", "source.sample(sampler)", shape: shape(2...2),
                     build: { $0.sources[0].sample($0.sources[1]) },
                     model: { SampleModel.outcome($0, defaultValue: nil) })
            .covering(10, .sameTickAcrossSources)
    }

    static var sampleDefault: OperatorSpec {
        OperatorSpec("sample(defaultValue:)", "source.sample(sampler, defaultValue: 9)", shape: shape(2...2),
                     build: { $0.sources[0].sample($0.sources[1], defaultValue: 9) },
                     model: { SampleModel.outcome($0, defaultValue: 9) })
    }
}

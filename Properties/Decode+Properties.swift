import Foundation
import RxCheck
import RxCore
import RxModels
import RxTestKit

/// Reads data as a decimal integer; anything else is an error of identity 7.
private struct DecimalDecoder: DataDecoder {
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
        guard let value = Int(String(decoding: data, as: UTF8.self)) as? Item else { throw TestError(7) }
        return value
    }
}

extension Catalog {
    /// Elements are encoded as their decimal text, except 4, which becomes undecodable.
    static var decode: OperatorSpec {
        OperatorSpec("decode(type:decoder:)", "decode(type:decoder:) decodes each element; the first failure ends the output",
                     shape: shape(1...1, .mixedWithSynchronous),
                     build: { context in
                         context.sources[0]
                             .map { Data(($0 == 4 ? "four" : "\($0)").utf8) }
                             .decode(type: Int.self, decoder: DecimalDecoder())
                     },
                     model: { DecodeModel.outcome($0) { value in
                         if value == 4 { throw TestError(7) }
                         return value
                     } })
    }
}

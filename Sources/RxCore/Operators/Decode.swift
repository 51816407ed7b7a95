import Foundation

/// Something that turns `Data` into a `Decodable` value: `JSONDecoder` and
/// `PropertyListDecoder`, or a decoder of your own.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, throwing when it cannot.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes every element with `decoder`; the first element that fails to decode fails the
    /// output with the decoder's error, at its tick.
    ///
    /// Completes: with the source. Errors: with the source's error, or the decoder's (then the
    /// source is disposed).
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}

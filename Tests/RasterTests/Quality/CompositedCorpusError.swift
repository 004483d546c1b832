/// A corpus file the tests cannot use, naming the field and value.
enum CompositedCorpusError: Error, CustomStringConvertible {
    case badValue(String, String)
    case unsupported(String)
    case badImageFile(String)

    var description: String {
        switch self {
        case .badValue(let field, let value): "cases.json: \(field): cannot use \(value)"
        case .unsupported(let what): "cases.json: \(what) is not supported by the corpus renderer"
        case .badImageFile(let name): "\(name): not a P6 PPM / P7 RGB_ALPHA PAM this reader understands"
        }
    }
}

/// A file name or argument, given as bytes, as it appears in a one-line message.
///
/// Names that are UTF-8 text without control characters appear as they are. Any other name is
/// written in the shell's `$'…'` quoting (`$'caf\xe9.json'`, `$'a\nb.json'`), which keeps the
/// message on one line, shows every byte, and can be pasted back into bash or zsh.
enum DisplayName {
    static func of(_ bytes: [UInt8]) -> String {
        if let text = UTF8Text.decode(bytes), !text.unicodeScalars.contains(where: needsEscape) {
            return text
        }
        var out = "$'"
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0 // of the next scalar in `bytes`: the parser reports how much it used
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                position += encoded.count
                let scalar = Unicode.UTF8.decode(encoded)
                switch scalar {
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                case _ where needsEscape(scalar):
                    out += scalar.value < 0x80 ? "\\x" + hex(scalar.value, width: 2) : "\\u" + hex(scalar.value, width: 4)
                default: out.unicodeScalars.append(scalar)
                }
            case .error(let length):
                for byte in bytes[position..<position + length] { out += "\\x" + hex(UInt32(byte), width: 2) }
                position += length
            case .emptyInput:
                return out + "'"
            }
        }
    }

    /// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators, which
    /// would break the line or hide text.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The operands of `rowdiff diff` as the bytes the shell passed.
///
/// ArgumentParser hands the command Swift strings, in which every byte that is not UTF-8 has been
/// replaced by U+FFFD: `caf\xE9.json` would open `caf�.json`, and `--id-key $'\xff'` would match
/// the JSON key "\uFFFD". File names are bytes on POSIX, so the command takes them, and the id
/// key, from the process's own argument vector instead.
struct DiffOperands: Sendable, Equatable {
    /// The old side: a path, or `-` for standard input.
    var old: [UInt8]
    /// The new side: a path, or `-` for standard input.
    var new: [UInt8]
    /// The `--id-key` value.
    var idKey: [UInt8]

    static let standardInput: [UInt8] = [UInt8(ascii: "-")]

    /// The operands of `parsed`, with each one's bytes taken from `arguments` (the argument
    /// vector without the program name) when they are what ArgumentParser read there.
    ///
    /// The vector is walked with the grammar of `rowdiff diff` (`--id-key K`, `--id-key=K`,
    /// `--format F`, flags, `--`, positionals). A value whose bytes do not decode to what
    /// ArgumentParser parsed — a grammar this walk does not know — keeps the parsed string's
    /// UTF-8, so the result is never worse than the strings.
    /// - Complexity: O(total argument bytes).
    static func resolve(_ parsed: DiffCommand, arguments: [[UInt8]]) -> DiffOperands {
        var positionals: [[UInt8]] = []
        var idKey: [UInt8]?
        if let start = arguments.firstIndex(of: Array("diff".utf8)) {
            var index = start + 1
            var optionsEnded = false
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if optionsEnded || argument == standardInput || argument.first != UInt8(ascii: "-") {
                    positionals.append(argument)
                } else if argument == Array("--".utf8) {
                    optionsEnded = true
                } else if argument == Array("--id-key".utf8) {
                    if index < arguments.count {
                        idKey = arguments[index]
                        index += 1
                    }
                } else if argument == Array("--format".utf8) {
                    index += 1
                } else if argument.starts(with: "--id-key=".utf8) {
                    idKey = Array(argument.dropFirst("--id-key=".utf8.count))
                }
            }
        }
        func checked(_ raw: [UInt8]?, _ parsed: String) -> [UInt8] {
            guard let raw, String(decoding: raw, as: UTF8.self) == parsed else { return Array(parsed.utf8) }
            return raw
        }
        return DiffOperands(
            old: checked(positionals.count == 2 ? positionals[0] : nil, parsed.old),
            new: checked(positionals.count == 2 ? positionals[1] : nil, parsed.new),
            idKey: checked(idKey, parsed.idKey))
    }

    /// The process's arguments as bytes, without the program name.
    static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
        }
    }
}

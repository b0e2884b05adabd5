import Foundation

// Integers: the value itself is an exact fingerprint (no two values share one, under any seed);
// the C core mixes it before indexing its table.
extension Int: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(bitPattern: Int64(self)) ^ seed }
}
extension Int8: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(bitPattern: Int64(self)) ^ seed }
}
extension Int16: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(bitPattern: Int64(self)) ^ seed }
}
extension Int32: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(bitPattern: Int64(self)) ^ seed }
}
extension Int64: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(bitPattern: self) ^ seed }
}
extension UInt: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(self) ^ seed }
}
extension UInt8: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(self) ^ seed }
}
extension UInt16: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(self) ^ seed }
}
extension UInt32: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { UInt64(self) ^ seed }
}
extension UInt64: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { self ^ seed }
}
extension Bool: Fingerprintable {
    @inlinable public func fingerprint(seed: UInt64) -> UInt64 { (self ? 1 : 0) ^ seed }
}

extension UUID: Fingerprintable {
    /// XXH3 of the sixteen bytes, as `Fingerprint.of(bytes:seed:)` gives it (computed in Swift
    /// where that gives the same value, see `UUIDFingerprints`).
    public func fingerprint(seed: UInt64) -> UInt64 {
        if UUIDFingerprints.matchesCore { return UUIDFingerprints.of(self, seed: seed) }
        return withUnsafeBytes(of: uuid) { Fingerprint.of(bytes: $0, seed: seed) }
    }

    /// The whole array in one pass: in Swift where that gives the core's values, otherwise one C
    /// call (a UUID is 16 contiguous bytes).
    @usableFromInline
    package static func batchFingerprints(
        of values: UnsafeBufferPointer<UUID>, seed: UInt64, into output: UnsafeMutableBufferPointer<UInt64>
    ) {
        if UUIDFingerprints.matchesCore {
            // A UUID is a row whose identity is itself.
            UUIDFingerprints.write(values, 0..<values.count, seed: seed, mask: .max, into: output)
            return
        }
        CoreBridge.fingerprintBatch(
            UnsafeRawBufferPointer(values), keySize: MemoryLayout<UUID>.stride,
            count: values.count, seed: seed, into: output)
    }
}

extension String: Fingerprintable {
    /// Strings compare by canonical equivalence ("é" precomposed equals "e" + combining accent),
    /// so non-ASCII text is hashed in its NFC form. ASCII text is already in NFC, and no non-ASCII
    /// string is equivalent to it except through NFC (the Kelvin sign becomes "K"), so both paths agree.
    public func fingerprint(seed: UInt64) -> UInt64 {
        // Native strings (small or not) expose their UTF-8 in place; bridged ones get a copy.
        let ascii =
            utf8.withContiguousStorageIfAvailable { bytes in
                Self.isASCII(bytes) ? CoreBridge.fingerprint(UnsafeRawBufferPointer(bytes), seed: seed) : nil
            }
            ?? {
                var copy = self
                return copy.withUTF8 { Self.isASCII($0) ? CoreBridge.fingerprint(UnsafeRawBufferPointer($0), seed: seed) : nil }
            }()
        if let ascii { return ascii }
        var normalized = precomposedStringWithCanonicalMapping
        return normalized.withUTF8 { CoreBridge.fingerprint(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// Whether every byte is below 0x80: eight bytes at a time (most keys are a word or two long,
    /// and a byte-at-a-time loop was a fifth of a short key's fingerprint), then the tail.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return true }
        let base = bytes.baseAddress!
        let raw = UnsafeRawPointer(base)
        var accumulated: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            accumulated |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            accumulated |= UInt64(base[offset])
            offset += 1
        }
        return accumulated & 0x8080_8080_8080_8080 == 0
    }
}

extension Substring: Fingerprintable {
    public func fingerprint(seed: UInt64) -> UInt64 { String(self).fingerprint(seed: seed) }
}

extension Character: Fingerprintable {
    public func fingerprint(seed: UInt64) -> UInt64 { String(self).fingerprint(seed: seed) }
}

extension Data: Fingerprintable {
    public func fingerprint(seed: UInt64) -> UInt64 {
        withUnsafeBytes { Fingerprint.of(bytes: $0, seed: seed) }
    }
}

extension Array: Fingerprintable where Element == UInt8 {
    public func fingerprint(seed: UInt64) -> UInt64 {
        withUnsafeBytes { Fingerprint.of(bytes: $0, seed: seed) }
    }
}

extension Optional: Fingerprintable where Wrapped: Fingerprintable {
    public func fingerprint(seed: UInt64) -> UInt64 {
        switch self {
        case .none: return Fingerprint.combine(seed, 0x6E6F6E65)
        case .some(let wrapped): return Fingerprint.combine(wrapped.fingerprint(seed: seed), 0x736F6D65)
        }
    }
}

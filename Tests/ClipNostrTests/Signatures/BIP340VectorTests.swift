import ClipNostr
import Testing

/// The verification vectors of BIP-340 (`bip-0340/test-vectors.csv`, indices 0–14), run through
/// the libsecp256k1 backend.
@Suite struct BIP340VectorTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let index: Int
        let publicKey: String
        let message: String
        let signature: String
        let expected: Bool
        var testDescription: String { "vector \(index)" }
    }

    static let vectors: [Vector] = [
        Vector(index: 0, publicKey: "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9",
               message: "0000000000000000000000000000000000000000000000000000000000000000",
               signature: "067E337AD551B2276EC705E43F0920926A9CE08AC68159F9D258C9BBA412781C9F059FCDF4824F13B3D7C1305316F956704BB3FEA2C26142E18ACD90A90C947E",
               expected: true),
        Vector(index: 1, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "0E12B8C520948A776753A96F21ABD7FDC2D7D0C0DDC90851BE17B04E75EF86A47EF0DA46C4DC4D0D1BCB8668C2CE16C54C7C23A6716EDE303AF86774917CF928",
               expected: true),
        Vector(index: 2, publicKey: "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
               message: "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C",
               signature: "FC012F9FB8FE00A358F51EF93DCE0DC0C895F6E9A87C6C4905BC820B0C3677616B8737D14E703AF8E16E22E5B8F26227D41E5128F82D86F747244CC289C74D1D",
               expected: true),
        Vector(index: 3, publicKey: "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517",
               message: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
               signature: "FC132D4E426DFF535AEC0FA7083AC5118BC1D5FFFD848ABD8290C23F271CA0DD11AEDCEA3F55DA9BD677FE29C9DDA0CF878BCE43FDE0E313D69D1AF7A5AE8369",
               expected: true),
        Vector(index: 4, publicKey: "D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9",
               message: "4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703",
               signature: "00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C630EC50E5363E227ACAC6F542CE1C0B186657E0E0D1A6FFE283A33438DE4738419",
               expected: true),
        Vector(index: 5, publicKey: "EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "7036D6BFE1837AE919631039A2CF652A295DFAC9A8BBB0806014B2F48DD7C807941607B563ABBA414287F374A332BA3636DE009EE1EF551A17796B72B68B8A24",
               expected: false),
        Vector(index: 6, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F995A579DA959FA739FCE39E8BD16FECB5CDCF97060B2C73CDE60E87ABCA1AA5D9",
               expected: false),
        Vector(index: 7, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "F8704654F4687B7365ED32E796DE92761390A3BCC495179BFE073817B7ED32824E76B987F7C1F9A751EF5C343F7645D3CFFC7D570B9A7192EBF1898E1344E3BF",
               expected: false),
        Vector(index: 8, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "7036D6BFE1837AE919631039A2CF652A295DFAC9A8BBB0806014B2F48DD7C8076BE9F84A9C5445BEBD780C8B5CCD45C883D0DC47CD594B21A858F31A19AAB71D",
               expected: false),
        Vector(index: 9, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "00000000000000000000000000000000000000000000000000000000000000009915EE59F07F9DBBAEDC31BFCC9B34AD49DE669CD24773BCED77DDA36D073EC8",
               expected: false),
        Vector(index: 10, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "0000000000000000000000000000000000000000000000000000000000000001C7EC918B2B9CF34071BB54BED7EB4BB6BAB148E9A7E36E6B228F95DFA08B43EC",
               expected: false),
        Vector(index: 11, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "4A298DACAE57395A15D0795DDBFD1DCB564DA82B0F269BC70A74F8220429BA1D941607B563ABBA414287F374A332BA3636DE009EE1EF551A17796B72B68B8A24",
               expected: false),
        Vector(index: 12, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F941607B563ABBA414287F374A332BA3636DE009EE1EF551A17796B72B68B8A24",
               expected: false),
        Vector(index: 13, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "7036D6BFE1837AE919631039A2CF652A295DFAC9A8BBB0806014B2F48DD7C807FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
               expected: false),
        Vector(index: 14, publicKey: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "7036D6BFE1837AE919631039A2CF652A295DFAC9A8BBB0806014B2F48DD7C807941607B563ABBA414287F374A332BA3636DE009EE1EF551A17796B72B68B8A24",
               expected: false),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            result.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return result
    }

    @Test(arguments: vectors)
    func libsecp256k1AgreesWithTheVector(_ vector: Vector) {
        let check = Secp256k1SignatureVerifier().verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        #expect((check == .valid) == vector.expected, "got \(check)")
    }

    @Test func keysOffTheCurveAreReportedAsSuch() {
        // Vectors 5 (not on the curve) and 14 (x exceeds the field size).
        for vector in [Self.vectors[5], Self.vectors[14]] {
            let check = Secp256k1SignatureVerifier().verifySchnorrSignature(
                Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
            )
            #expect(check == .invalidPublicKey, "vector \(vector.index): \(check)")
        }
    }

    @Test func wrongLengthsAreMalformedNotACrash() {
        let verifier = Secp256k1SignatureVerifier()
        #expect(verifier.verifySchnorrSignature([], message: [], publicKey: []) == .malformedInput)
        #expect(verifier.verifySchnorrSignature([UInt8](repeating: 1, count: 63), message: [UInt8](repeating: 0, count: 32),
                                                publicKey: [UInt8](repeating: 0, count: 32)) == .malformedInput)
    }

    @Test func theUnavailableVerifierRejectsEvenValidSignatures() {
        let vector = Self.vectors[1]
        let check = UnavailableSignatureVerifier().verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        guard case .unavailable = check else {
            Issue.record("expected .unavailable, got \(check)")
            return
        }
    }
}

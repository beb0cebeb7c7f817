import ClipNostr
import Testing

/// The verification vectors of the final BIP-340 (`bip-0340/test-vectors.csv`: indices 0–14 with
/// 32-byte messages, 15–18 with messages of 0, 1, 17 and 100 bytes), run through both backends.
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
               signature: "E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0",
               expected: true),
        Vector(index: 1, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A",
               expected: true),
        Vector(index: 2, publicKey: "DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8",
               message: "7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C",
               signature: "5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1BAB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7",
               expected: true),
        Vector(index: 3, publicKey: "25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517",
               message: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
               signature: "7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3",
               expected: true),
        Vector(index: 4, publicKey: "D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9",
               message: "4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703",
               signature: "00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C6376AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4",
               expected: true),
        Vector(index: 5, publicKey: "EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
               expected: false),
        Vector(index: 6, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A14602975563CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2",
               expected: false),
        Vector(index: 7, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD",
               expected: false),
        Vector(index: 8, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6",
               expected: false),
        Vector(index: 9, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "0000000000000000000000000000000000000000000000000000000000000000123DDA8328AF9C23A94C1FEECFD123BA4FB73476F0D594DCB65C6425BD186051",
               expected: false),
        Vector(index: 10, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "00000000000000000000000000000000000000000000000000000000000000017615FBAF5AE28864013C099742DEADB4DBA87F11AC6754F93780D5A1837CF197",
               expected: false),
        Vector(index: 11, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "4A298DACAE57395A15D0795DDBFD1DCB564DA82B0F269BC70A74F8220429BA1D69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
               expected: false),
        Vector(index: 12, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
               expected: false),
        Vector(index: 13, publicKey: "DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141",
               expected: false),
        Vector(index: 14, publicKey: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30",
               message: "243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89",
               signature: "6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B",
               expected: false),
        Vector(index: 15, publicKey: "778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117",
               message: "",
               signature: "71535DB165ECD9FBBC046E5FFAEA61186BB6AD436732FCCC25291A55895464CF6069CE26BF03466228F19A3A62DB8A649F2D560FAC652827D1AF0574E427AB63",
               expected: true),
        Vector(index: 16, publicKey: "778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117",
               message: "11",
               signature: "08A20A0AFEF64124649232E0693C583AB1B9934AE63B4C3511F3AE1134C6A303EA3173BFEA6683BD101FA5AA5DBC1996FE7CACFC5A577D33EC14564CEC2BACBF",
               expected: true),
        Vector(index: 17, publicKey: "778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117",
               message: "0102030405060708090A0B0C0D0E0F1011",
               signature: "5130F39A4059B43BC7CAC09A19ECE52B5D8699D1A71E3C52DA9AFDB6B50AC370C4A482B77BF960F8681540E25B6771ECE1E5A37FD80E5A51897C5566A97EA5A5",
               expected: true),
        Vector(index: 18, publicKey: "778CAA53B4393AC467774D09497A87224BF9FAB6F6E68B23086497324D6FD117",
               message: String(repeating: "99", count: 100),
               signature: "403B12B0D8555A344175EA7EC746566303321E5DBFA8BE6F091635163ECA79A8585ED3E3170807E7C03B720FC54C7B23897FCBA0E9D0B4A06894CFD249F22367",
               expected: true),
    ]

    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            result.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return result
    }

    @Test(arguments: vectors, SignatureBackend.allCases)
    func theBackendAgreesWithTheVector(_ vector: Vector, backend: SignatureBackend) throws {
        let check = try backend.makeVerifier().verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        #expect((check == .valid) == vector.expected, "got \(check)")
        if !vector.expected {
            // A key off the curve is reported as such (vectors 5 and 14); anything else is a bad signature.
            #expect(check == ([5, 14].contains(vector.index) ? .invalidPublicKey : .invalidSignature), "got \(check)")
        }
    }

    @Test func theVariableLengthVectorsReallyHaveOtherLengths() {
        #expect(Self.vectors[15...18].map { Self.bytes($0.message).count } == [0, 1, 17, 100])
    }

    @Test(arguments: SignatureBackend.allCases)
    func keysOffTheCurveAreReportedAsSuch(_ backend: SignatureBackend) throws {
        // Vectors 5 (not on the curve) and 14 (x exceeds the field size).
        for vector in [Self.vectors[5], Self.vectors[14]] {
            let check = try backend.makeVerifier().verifySchnorrSignature(
                Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
            )
            #expect(check == .invalidPublicKey, "vector \(vector.index): \(check)")
        }
    }

    @Test(arguments: SignatureBackend.allCases)
    func wrongLengthsAreMalformedNotACrash(_ backend: SignatureBackend) throws {
        let verifier = try backend.makeVerifier()
        let vector = Self.vectors[1]
        let signature = Self.bytes(vector.signature), message = Self.bytes(vector.message), key = Self.bytes(vector.publicKey)
        #expect(verifier.verifySchnorrSignature([], message: [], publicKey: []) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(Array(signature.dropLast()), message: message, publicKey: key) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(signature + [0], message: message, publicKey: key) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: Array(key.dropLast())) == .malformedInput)
        #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: key + [0]) == .malformedInput)
        // The message's length is free, so a shortened message is a wrong signature, not malformed input.
        #expect(verifier.verifySchnorrSignature(signature, message: Array(message.dropLast()), publicKey: key) == .invalidSignature)
        #expect(verifier.verifySchnorrSignature(signature, message: message, publicKey: key) == .valid)
    }

    @Test func everyPlatformDefaultsToARealVerifier() {
        let vector = Self.vectors[17]
        let check = SignatureVerifiers.platformDefault.verifySchnorrSignature(
            Self.bytes(vector.signature), message: Self.bytes(vector.message), publicKey: Self.bytes(vector.publicKey)
        )
        #expect(check == .valid)
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

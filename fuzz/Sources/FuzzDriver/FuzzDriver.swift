#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer's driver: parses libFuzzer's command line and calls the test function with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argumentCount: UnsafeMutablePointer<CInt>,
    _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with this process's arguments and exits with its status.
///
/// A fuzz target's `main` calls this with a C function that checks one input and returns 0; a
/// failed check traps, which libFuzzer reports as a crash and saves as `crash-…`. Building with
/// `-sanitize=fuzzer` links libFuzzer; other builds of a fuzz target do not link.
public func runFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var count = CommandLine.argc
    var arguments = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&count, &arguments, testOneInput))
}

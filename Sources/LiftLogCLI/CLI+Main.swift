import LiftLogKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CLI {
    /// Runs the process's command line against the real terminal and returns the exit status.
    public static func main() -> Int32 {
        let environment = ProcessEnvironment.process
        let streams = StandardStreams()
        var io = ProcessIO(
            writeOutput: { streams.writeOutput($0) },
            writeError: { streams.writeError($0) },
            readLine: { Swift.readLine() },
            outputIsTerminal: isatty(1) == 1,
            inputIsTerminal: isatty(0) == 1)
        io.flushOutput = { streams.flush() }
        io.writeOutputBytes = { streams.writeOutput(bytes: $0) }
        let status = run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment, io: io)
        streams.flush()
        return status
    }
}

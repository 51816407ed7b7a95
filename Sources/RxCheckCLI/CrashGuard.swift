#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RxCheck
import RxTestKit

/// Locates a crash or a runaway in the commands that run cases in their own process (`check`,
/// `replay`, `reproduce`; `nightly` has worker processes instead).
///
/// Before each case the command tells the guard where it is. A trap, a bad access or a stack
/// overflow then prints "✗ crashed (SIGILL) in <where>" and the replay line instead of a bare
/// backtrace, and a check that runs past the time limit prints "✗ ran past N s in <where>" — both on
/// stdout, which is line-buffered so nothing printed before is lost in a pipe. The process
/// then exits 1, or, when the command gave a resume command line, execs it to go on after the
/// case (how `replay` continues past a crashed entry). The handler only uses what is safe in a
/// signal handler: `write`, `alarm`, `execv`, `_exit`, and text prepared in advance.
enum CrashGuard {
    /// The text printed on a crash, in parts around the case index: `[before, between, after]`.
    nonisolated(unsafe) private static var parts: [UnsafeMutableBufferPointer<UInt8>] = []
    nonisolated(unsafe) private static var caseIndex = -1
    nonisolated(unsafe) private static var seconds: UInt32 = 0
    /// The command line that goes on after a crash (nil: exit 1), as C strings.
    nonisolated(unsafe) private static var resume: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) private static var digits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 24)
    /// The report is assembled here, then written with one call per stream.
    nonisolated(unsafe) private static var message = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 8_192)
    nonisolated(unsafe) private static var length = 0
    nonisolated(unsafe) private static var installed = false

    static let crashSignals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Installs the handlers; `timeout` is the most seconds one check may run (0: no limit).
    static func install(timeout: Int) {
        seconds = UInt32(clamping: timeout)
        setvbuf(stdout, nil, _IOLBF, 0)
        guard !installed else { return }
        installed = true
        // A stack overflow has no stack left to run the handler on: give it its own.
        let size = 1 << 16
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in crashSignals + [SIGALRM] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handle
            #else
            action.__sigaction_handler.sa_handler = handle
            #endif
            action.sa_flags = SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
            sigaddset(&mask, signal)
        }
        // A process exec'd from the handler starts with the crash signal still blocked.
        sigprocmask(SIG_UNBLOCK, &mask, nil)
    }

    /// From now on a crash is reported as happening in `place` (`zip.matchesModel, seed 5eed…`).
    /// With `replay` (a command line with `{case}` where the case index goes), the report names
    /// the case and ends with that line; with `resume`, the handler execs that command line
    /// instead of exiting.
    static func enter(_ place: String, replay: String? = nil, resume: [String]? = nil) {
        var texts = [place, "", "\n"]
        if let replay {
            let pieces = replay.components(separatedBy: "{case}")
            texts = [place + ", case ", "\n  reproduce: " + pieces[0], pieces.dropFirst().joined(separator: "{case}") + "\n"]
        }
        let old = parts
        parts = texts.map { text in
            let bytes = Array(text.utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            return buffer
        }
        for buffer in old { buffer.deallocate() }
        caseIndex = replay == nil ? -1 : 0
        setResume(resume)
    }

    /// Runs `property`'s cases with the guard on: a crash or a runaway names the property, the
    /// seed and the case, and ends with the property's replay line for that case.
    static func run(_ property: Property<Scenario>, options: RunOptions, guided: Bool = false) -> RunReport<Scenario> {
        let seed = SeedFormat.format(options.seed)
        enter("\(property.name), seed \(seed)", replay: property.replayTemplate.replacingOccurrences(of: "{seed}", with: seed))
        defer { leave() }
        var guarded = options
        guarded.willRunCase = { CrashGuard.enterCase($0) }
        let checked = property.callingBeforeEachCheck(rearm)
        return guided ? GuidedSearch.run(checked, options: guarded) : Runner.run(checked, options: guarded)
    }

    /// The case now running (every check of it rearms the time limit).
    static func enterCase(_ index: Int) {
        caseIndex = index
    }

    /// Restarts the time limit: called before every check.
    static func rearm() {
        if seconds > 0 { alarm(seconds) }
    }

    /// Nothing is running: a crash now is the tool's own, not a case's.
    static func leave() {
        alarm(0)
        for buffer in parts { buffer.deallocate() }
        parts = []
        setResume(nil)
    }

    private static func setResume(_ words: [String]?) {
        if let old = resume {
            var index = 0
            while let word = old[index] { free(word); index += 1 }
            old.deallocate()
        }
        resume = nil
        guard let words else { return }
        let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: words.count + 1)
        for (index, word) in words.enumerated() { vector[index] = strdup(word) }
        vector[words.count] = nil
        resume = vector
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        guard !parts.isEmpty else {
            // Not inside a case: let the signal do what it would have done.
            Foundation.signal(signal, SIG_DFL)
            raise(signal)
            return
        }
        if signal == SIGALRM {
            emit("✗ ran past ")
            emitNumber(Int(seconds))
            emit(" s (a runaway; --timeout sets the limit) in ")
        } else {
            emit("✗ crashed (")
            emit(name(of: signal))
            emit(") in ")
        }
        emit(parts[0])
        if caseIndex >= 0 { emitNumber(caseIndex) }
        emit(parts[1])
        if caseIndex >= 0 { emitNumber(caseIndex) }
        emit(parts[2])
        flush()
        if let resume, let path = resume[0] {
            execv(path, resume)
        }
        _exit(1)
    }

    private static func name(of signal: Int32) -> StaticString {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGSEGV: return "SIGSEGV, a bad access or a stack overflow"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        default: return "a signal"
        }
    }

    private static func emit(_ text: StaticString) {
        emit(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func emit(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        emit(UnsafeBufferPointer(buffer))
    }

    private static func emit(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer where length < message.count {
            message[length] = byte
            length += 1
        }
    }

    /// Writes the report to stdout, and to stderr too when that is somewhere else (a run
    /// redirected to a file still shows the crash on screen).
    private static func flush() {
        guard let base = message.baseAddress, length > 0 else { return }
        _ = write(STDOUT_FILENO, base, length)
        var out = stat()
        var errors = stat()
        let same = fstat(STDOUT_FILENO, &out) == 0 && fstat(STDERR_FILENO, &errors) == 0
            && out.st_dev == errors.st_dev && out.st_ino == errors.st_ino
        if !same { _ = write(STDERR_FILENO, base, length) }
        length = 0
    }

    private static func emitNumber(_ value: Int) {
        var number = value
        var count = 0
        repeat {
            digits[digits.count - 1 - count] = UInt8(ascii: "0") + UInt8(number % 10)
            number /= 10
            count += 1
        } while number > 0 && count < digits.count
        emit(UnsafeBufferPointer(rebasing: digits[(digits.count - count)...]))
    }
}

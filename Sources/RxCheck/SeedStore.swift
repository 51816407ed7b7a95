import Foundation
import RxCore
import RxTestKit

/// The `Seeds/` folder: one `<property>.seeds` file per property.
public struct SeedStore: Sendable {
    /// The folder.
    public let directory: URL

    /// The store in `directory` (made when the first entry is saved).
    public init(directory: URL) { self.directory = directory }

    /// The file for `property` (characters unsafe in file names become `_`).
    public func file(for property: String) -> URL {
        let safe = String(property.map { $0.isLetter || $0.isNumber || "._-()".contains($0) ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".seeds")
    }

    /// Every seed file, sorted by name.
    public func files() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let listed: [URL]
        do {
            listed = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        } catch {
            throw SeedFileError(file: directory.path, line: 0, message: "cannot list the folder: \(FilePaths.reason(error))")
        }
        return listed
            .filter { $0.pathExtension == "seeds" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Every entry of one file; errors name the file and line.
    public func entries(in file: URL) throws -> [SeedEntry] {
        try SeedEntry.parse(contents(of: file), file: file.path)
    }

    private func contents(of file: URL) throws -> String {
        if FilePaths.isFolder(file.path) == true {
            throw SeedFileError(file: file.path, line: 0, message: "is a folder, not a seed file")
        }
        do {
            return try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw SeedFileError(file: file.path, line: 0, message: "cannot read the file: \(FilePaths.reason(error))")
        }
    }

    /// Why an entry could not be saved here, or nil when it could: checked before a run that
    /// saves, so a bad folder is an error at once rather than a lost entry after the run.
    public func problemSaving() -> String? {
        // `save` creates a missing folder, so then its parent must take new files.
        let folder = FilePaths.isFolder(directory.path) == nil ? directory.deletingLastPathComponent() : directory
        return FilePaths.problemCreating(in: folder.path)
    }

    /// Appends `entry` unless the same shrunk case is already stored for its property.
    /// Writes a temporary file and renames it over the old one, so a crash never leaves a
    /// half-written file. Returns false when the entry was already there.
    ///
    /// Writers take an exclusive lock on the folder for the read, append and rename, so
    /// processes (nightly shards sharing `--seeds`) and threads saving at once never drop an
    /// entry.
    @discardableResult
    public func save(_ entry: SeedEntry) throws -> Bool {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SeedFileError(file: directory.path, line: 0, message: "cannot create the folder: \(FilePaths.reason(error))")
        }
        return try whileLocked { try appendLocked(entry) }
    }

    /// Runs `body` holding an exclusive `flock` on the folder itself (no lock file is left).
    private func whileLocked<T>(_ body: () throws -> T) throws -> T {
        let descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw SeedFileError(file: directory.path, line: 0, message: "cannot open the folder: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw SeedFileError(file: directory.path, line: 0, message: "cannot lock the folder: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func appendLocked(_ entry: SeedEntry) throws -> Bool {
        let url = file(for: entry.property)
        var existing: [SeedEntry] = []
        var text = "# RxCheck regression seeds for \(entry.property); `swift test` replays every entry first.\n"
        if FileManager.default.fileExists(atPath: url.path) {
            text = try contents(of: url)
            existing = try SeedEntry.parse(text, file: url.path)
        }
        if existing.contains(where: { $0.property == entry.property && $0.scenario == entry.scenario }) { return false }
        if !text.hasSuffix("\n") { text += "\n" }
        text += "\n" + entry.text() + "\n"
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            throw SeedFileError(file: temporary.path, line: 0, message: "cannot write the file: \(FilePaths.reason(error))")
        }
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw SeedFileError(file: url.path, line: 0, message: "cannot replace the file: \(String(cString: strerror(code)))")
        }
        return true
    }
}

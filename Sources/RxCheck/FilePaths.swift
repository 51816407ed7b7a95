import Foundation

/// Plain-language file problems, for error lines that name a path: the operating system's
/// reason ("Permission denied", "Is a directory"), never Foundation's domain and code.
public enum FilePaths {
    /// The reason a file operation failed, as `strerror` words where the error carries them.
    public static func reason(_ error: Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain, let code = Int32(exactly: error.code) { return String(cString: strerror(code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let code = Int32(exactly: underlying.code) {
            return String(cString: strerror(code))
        }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return String(cString: strerror(ENOENT))
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return String(cString: strerror(EACCES))
        case NSFileWriteOutOfSpaceError: return String(cString: strerror(ENOSPC))
        case NSFileReadInapplicableStringEncodingError, NSFileReadCorruptFileError: return "not UTF-8 text"
        default: return "the file could not be read or written"
        }
    }

    /// Whether `path` is a folder: nil when nothing is there.
    public static func isFolder(_ path: String) -> Bool? {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? isDirectory.boolValue : nil
    }

    /// Why `path` cannot be written as a file, or nil when it can: checked before a long run,
    /// so a report path that names a folder or an unwritable place is an error at once rather
    /// than a lost report at the end. Creates nothing that outlives the check.
    public static func problemWriting(_ path: String) -> String? {
        switch isFolder(path) {
        case true?: return "is a folder, not a file"
        case false? where access(path, W_OK) != 0: return String(cString: strerror(errno))
        default: break
        }
        let folder = (path as NSString).deletingLastPathComponent
        return problemCreating(in: folder.isEmpty ? "." : folder)
    }

    /// Why no new file can be created in `folder`, or nil when one can (a probe file is made and
    /// removed at once).
    public static func problemCreating(in folder: String) -> String? {
        guard let isFolder = isFolder(folder) else { return "folder \(folder) does not exist" }
        guard isFolder else { return "\(folder) is not a folder" }
        let probe = (folder as NSString).appendingPathComponent(".rxcheck-probe.\(getpid())")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return "cannot create files in \(folder): \(String(cString: strerror(errno)))" }
        close(descriptor)
        unlink(probe)
        return nil
    }
}

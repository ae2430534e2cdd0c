import DurableFiles
import FileErrors
import FoundationEssentials
import Glibc

/// Reads the `*.html` files of a template directory, refusing anything that could make
/// the library read outside it.
///
/// Entries whose name starts with `.` (dotfiles and dot-directories such as `.git`) are
/// never loaded. A symbolic link is followed only if it resolves to a file inside the
/// directory; one that points outside, or to a directory, fails loading, because it is
/// either a mistake or an attempt to expose another file.
enum TemplateDirectory {
    static let maximumFileSize = 4 << 20
    static let maximumDepth = 32

    static func load(_ directory: String) throws(TemplateError) -> [TemplateSource] {
        var shown = directory
        while shown.count > 1, shown.hasSuffix("/") { shown.removeLast() }
        let root = URL(fileURLWithPath: directory, isDirectory: true).resolvingSymlinksInPath().path
        guard FileDescriptorIO.fileType(root) == S_IFDIR else {
            throw failure(shown, "template directory does not exist or is not a directory")
        }
        var walker = Walker(root: root, shownRoot: shown)
        try walker.walk(relative: "", depth: 0)
        return walker.sources
    }

    fileprivate static func failure(_ path: String, _ message: String) -> TemplateError {
        TemplateError(kind: .io, template: path, file: path, message: message)
    }
}

/// The recursive part of ``TemplateDirectory/load(_:)``.
private struct Walker {
    let root: String
    let shownRoot: String
    var sources: [TemplateSource] = []

    mutating func walk(relative: String, depth: Int) throws(TemplateError) {
        let directory = relative.isEmpty ? root : root + "/" + relative
        guard depth <= TemplateDirectory.maximumDepth else {
            throw TemplateDirectory.failure(shown(relative), "directories nested too deep")
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw TemplateDirectory.failure(shown(relative), "cannot list directory: \(error.fileErrorDescription)")
        }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = relative.isEmpty ? entry : relative + "/" + entry
            try visit(path, depth: depth)
        }
    }

    private func shown(_ relative: String) -> String {
        relative.isEmpty ? shownRoot : shownRoot + "/" + relative
    }

    private mutating func visit(_ relative: String, depth: Int) throws(TemplateError) {
        let absolute = root + "/" + relative
        let type: FileAttributeType?
        do {
            // attributesOfItem does not follow symbolic links, so links are seen as links.
            type = try FileManager.default.attributesOfItem(atPath: absolute)[.type] as? FileAttributeType
        } catch {
            throw TemplateDirectory.failure(shown(relative), "cannot read: \(error.fileErrorDescription)")
        }
        switch type {
        case .typeDirectory?:
            try walk(relative: relative, depth: depth + 1)
        case .typeSymbolicLink?:
            let target = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
            guard target.hasPrefix(root + "/") else {
                throw TemplateDirectory.failure(shown(relative), "symbolic link points outside the template directory")
            }
            guard let kind = FileDescriptorIO.fileType(target) else {
                throw TemplateDirectory.failure(shown(relative), "broken symbolic link")
            }
            guard kind != S_IFDIR else {
                throw TemplateDirectory.failure(shown(relative), "symbolic links to directories are not followed")
            }
            if relative.hasSuffix(".html") { try load(relative, from: target) }
        case .typeRegular?:
            if relative.hasSuffix(".html") { try load(relative, from: absolute) }
        default:
            break
        }
    }

    private mutating func load(_ relative: String, from path: String) throws(TemplateError) {
        let file = shown(relative)
        let name = String(relative.dropLast(".html".count))
        guard TemplateName.isValid(name) else {
            throw TemplateDirectory.failure(file, "file name is not a valid template name (letters, digits, '-', '_', '.')")
        }
        let data: [UInt8]
        do {
            data = try FileDescriptorIO.read(path, limit: TemplateDirectory.maximumFileSize + 1)
        } catch {
            throw TemplateDirectory.failure(file, "cannot read file: \(error.fileErrorDescription)")
        }
        guard data.count <= TemplateDirectory.maximumFileSize else {
            throw TemplateDirectory.failure(file, "file is larger than \(TemplateDirectory.maximumFileSize) bytes")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw TemplateDirectory.failure(file, "file is not valid UTF-8")
        }
        sources.append(TemplateSource(name: name, file: file, text: text))
    }
}

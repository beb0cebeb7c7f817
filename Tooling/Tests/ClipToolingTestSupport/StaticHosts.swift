import ClipLoopback
import ClipTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real web server serving a folder written by `clipkit site build` on a free loopback port,
/// configured only by the files that build wrote (`.htaccess`, `Caddyfile`), as a static host
/// would be. Stop it with ``stop()``.
package protocol StaticHost: AnyObject, Sendable {
    /// The port the server listens on.
    var port: Int { get }
    /// Stops the server and waits for it to exit.
    func stop()
}

extension StaticHost {
    /// `http://127.0.0.1:PORT`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }
}

/// Debian's Apache (`apache2`) with the generated `.htaccess`: the test's own `httpd.conf` in a
/// temporary server root loads mod_mime, mod_headers, mod_rewrite, mod_dir and mod_authz_core
/// explicitly and allows the site folder `AllowOverride FileInfo` with `Options FollowSymLinks`,
/// as shared hosting commonly does. No system service is touched.
///
/// Apache starts as a daemon (`apache2 -f httpd.conf`, which returns once the server is up) and
/// stops with SIGTERM to the process its `PidFile` names, as `apachectl -k stop` does. The
/// launcher is spawned and reaped here with `posix_spawn` and `waitpid`, not Foundation's
/// `Process`: on Linux, `Process` was seen never to notice that an `apache2` it started had
/// exited (the process stayed a zombie, unreaped), so `waitUntilExit` never returned.
package final class ApacheStaticHost: StaticHost, @unchecked Sendable {
    package let port: Int
    private let root: URL

    /// Starts Apache on `siteFolder` (already written), with its configuration and logs in `run`.
    package init(serving siteFolder: URL, in run: TemporaryDirectory) async throws {
        let executable = try TestEnvironment.systemTool("apache2")
        let modules = URL(fileURLWithPath: "/usr/lib/apache2/modules")
        let needed = ["mpm_event", "authz_core", "mime", "headers", "rewrite", "dir"]
        for module in needed where !FileManager.default.fileExists(atPath: modules.appendingPathComponent("mod_\(module).so").path) {
            throw StaticHostFailure(description: "Apache's mod_\(module) is missing from \(modules.path); run scripts/setup, which installs Debian's apache2")
        }
        try StaticHostFolders.makeReadable(siteFolder, up: run.url)
        root = run.file("apache")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        // Apache's children drop root for www-data; without root they keep the test's user.
        let user = getuid() == 0 ? "User www-data\nGroup www-data\n" : ""
        let configuration = """
        ServerRoot "\(root.path)"
        Listen 127.0.0.1:\(port)
        PidFile "\(root.path)/httpd.pid"
        ErrorLog "\(root.path)/error.log"
        LogLevel warn
        \(needed.map { "LoadModule \($0)_module \(modules.path)/mod_\($0).so" }.joined(separator: "\n"))
        \(user)ServerName 127.0.0.1
        DocumentRoot "\(siteFolder.path)"
        TypesConfig /etc/mime.types
        DirectoryIndex index.html
        <Directory />
          AllowOverride None
          Require all denied
        </Directory>
        <Directory "\(siteFolder.path)">
          Options FollowSymLinks
          AllowOverride FileInfo
          Require all granted
        </Directory>

        """
        let file = root.appendingPathComponent("httpd.conf")
        try Data(configuration.utf8).write(to: file)
        let status = StaticHostFolders.spawnAndWait(executable.path, arguments: ["-f", file.path])
        guard status == 0, await LoopbackPort.waitUntilListening(port, timeout: 15) else {
            stop()
            throw StaticHostFailure(description: "apache2 did not listen on \(port) (exit \(status)): \(errorLog)")
        }
    }

    /// Apache's error log, for failure messages.
    package var errorLog: String {
        (try? String(contentsOf: root.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Stops Apache: SIGTERM to its parent process (which stops its children), then waits until
    /// it is gone (or left as a zombie for init to reap) and the port is closed; SIGKILL after 10 s.
    ///
    /// Apache writes its `PidFile` once it has started, which on a loaded machine can be after the
    /// start was given up on; so the file is awaited for up to 10 s before there is taken to be
    /// nothing to stop.
    package func stop() {
        var found: Int32?
        for _ in 0..<1000 {
            if let text = try? String(contentsOf: root.appendingPathComponent("httpd.pid"), encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 {
                found = pid
                break
            }
            usleep(10_000)
        }
        guard let pid = found else { return }
        kill(pid, SIGTERM)
        for _ in 0..<1000 {
            if !StaticHostFolders.isAlive(pid), !LoopbackPort.isListening(port) { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
    }
}

/// Debian's Caddy (`caddy`) running the generated `Caddyfile` unchanged: the test's own Caddyfile
/// sets the global options a test needs (no admin endpoint, no automatic HTTPS) and imports the
/// generated one, whose address and root come from `CLIPKIT_SITE_ADDRESS` and `CLIPKIT_SITE_ROOT`.
package final class CaddyStaticHost: StaticHost, @unchecked Sendable {
    package let port: Int
    private let process: ChildProcess

    /// Starts Caddy with `caddyfile` (the generated file, inside `siteFolder` or beside it).
    package init(serving siteFolder: URL, caddyfile: URL, in run: TemporaryDirectory) async throws {
        let executable = try TestEnvironment.systemTool("caddy")
        let root = run.file("caddy")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        let wrapper = """
        {
        \tadmin off
        \tauto_https off
        }
        import \(caddyfile.path)

        """
        let file = root.appendingPathComponent("Caddyfile.test")
        try Data(wrapper.utf8).write(to: file)
        process = try ChildProcess(
            executable, arguments: ["run", "--config", file.path, "--adapter", "caddyfile"],
            environment: [
                "CLIPKIT_SITE_ADDRESS": "http://127.0.0.1:\(port)", "CLIPKIT_SITE_ROOT": siteFolder.path,
                "HOME": root.path, "XDG_DATA_HOME": root.path, "XDG_CONFIG_HOME": root.path,
            ]
        )
        guard await LoopbackPort.waitUntilListening(port, timeout: 15) else {
            stop()
            throw StaticHostFailure(description: "caddy did not listen on \(port): \(process.standardError.suffix(2000))")
        }
    }

    /// Caddy's log (standard error), for failure messages.
    package var log: String { process.standardError }

    /// Stops Caddy with SIGTERM (it shuts down gracefully).
    package func stop() {
        StaticHostFolders.terminate(process)
    }
}

/// Why a static host did not start.
package struct StaticHostFailure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}

enum StaticHostFolders {
    /// Lets a server's unprivileged workers read `folder`: it and every folder up to `top`.
    static func makeReadable(_ folder: URL, up top: URL) throws {
        var current = folder.standardizedFileURL
        let limit = top.standardizedFileURL.path
        let manager = FileManager.default
        if let walker = manager.enumerator(at: current, includingPropertiesForKeys: nil) {
            for case let item as URL in walker {
                var isFolder: ObjCBool = false
                _ = manager.fileExists(atPath: item.path, isDirectory: &isFolder)
                try manager.setAttributes([.posixPermissions: isFolder.boolValue ? 0o755 : 0o644], ofItemAtPath: item.path)
            }
        }
        while current.path.hasPrefix(limit) {
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: current.path)
            if current.path == limit { break }
            current = current.deletingLastPathComponent()
        }
    }

    /// Runs `executable` with `arguments` (signals at their defaults, none blocked) and waits for
    /// it to exit; its exit status, or -1 when it could not be started or waited for.
    static func spawnAndWait(_ executable: String, arguments: [String]) -> Int32 {
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, nil, &attributes, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, 0)
            if result == pid { break }
            if result == -1, errno == EINTR { continue }
            // Reaped by someone else: it ran, and the listening port tells whether it worked.
            return isAlive(pid) ? -1 : 0
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Whether `pid` runs and is not a zombie.
    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    static func terminate(_ process: ChildProcess) {
        process.send(signal: SIGTERM)
        for _ in 0..<500 where process.isRunning { usleep(10_000) }
        process.stop()
    }
}

/// nginx serving a folder the way GitHub Pages does — files as they are, `404.html` with status
/// 404 for anything else, no rewrites — with the link-domain benchmark's configuration.
package final class GitHubPagesLikeHost: StaticHost, @unchecked Sendable {
    package let port: Int
    private let process: ChildProcess

    /// Starts nginx on `siteFolder` (already written), with its configuration in `run`.
    package init(serving siteFolder: URL, in run: TemporaryDirectory) async throws {
        let executable = try TestEnvironment.systemTool("nginx")
        try StaticHostFolders.makeReadable(siteFolder, up: run.url)
        let root = run.file("nginx")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        port = try LoopbackPort.free()
        let configuration = try String(contentsOf: TestEnvironment.file("bench/link-domain/nginx.conf.template"), encoding: .utf8)
            .replacingOccurrences(of: "@RUN@", with: root.path)
            .replacingOccurrences(of: "@PORT@", with: String(port))
            .replacingOccurrences(of: "@SITE@", with: siteFolder.path)
        let file = root.appendingPathComponent("nginx.conf")
        try Data(configuration.utf8).write(to: file)
        process = try ChildProcess(executable, arguments: ["-c", file.path, "-p", root.path])
        guard await LoopbackPort.waitUntilListening(port, timeout: 10) else {
            stop()
            throw StaticHostFailure(description: "nginx did not listen on \(port): \(process.standardError)")
        }
    }

    /// Stops nginx with SIGTERM, so its master stops its workers.
    package func stop() {
        StaticHostFolders.terminate(process)
    }
}

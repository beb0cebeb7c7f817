#!/usr/bin/env python3
"""Type-checks ClipKit's Apple-only code on Linux, as iOS would compile it.

What it does, in order:

1. Compiles the Apple SDK stub modules in Tests/AppleSDKStubs (declarations only, see the README
   there) into .build-apple-check/stubs.
2. Copies the sources of every module that ships inside a clip, an app or an extension into
   .build-apple-check/src and rewrites the *conditions* of their `#if`/`#elseif` lines, token by
   token, to what they are on iOS: `os(iOS)` true and every other `os(...)` false; `canImport` true
   for the Apple frameworks and false for Glibc, Musl, FoundationNetworking and CSecp256k1. Swift has
   no flag that sets `os(...)`, hence the copies. Nothing else in the copies changes, so line
   numbers match the originals and diagnostics are reported against the original paths.
3. Compiles those modules in dependency order, all of a module's files together (Swift 6 mode, the
   package's upcoming features), through SIL so that the region-based isolation (`sending`) and
   data-race diagnostics run, then each example target and each folder of the documentation's code
   listings against them. Third-party modules (swift-crypto) come from the normal Linux build in
   .build/debug/Modules. With `--symbol-graphs DIR` it also writes the package modules' symbol
   graphs, as iOS sees them, for `scripts/docs`.
4. Holds the methods of every type that conforms to an Objective-C protocol whose requirements are
   optional (`WKNavigationDelegate`, `UNUserNotificationCenterDelegate`) to those requirements: the
   stubs list them in `<Protocol>OptionalRequirements`, without default implementations, and a method
   with a requirement's base name must match one of them in full — name, labels and types — or iOS
   never calls it. Swift on Linux cannot declare `@objc optional` requirements, so it cannot warn
   that a method "nearly matches" one; the check does, from the compiler's AST and a conformance
   probe per method.
5. Compiles the targets that import WebKit again against the stubs as older SDKs declare them
   (`CLIPKIT_STUBS_OLDER_SDK`: WebKit's delegate protocols not main-actor isolated), so their
   witnesses are valid with either; and those that import StoreKit as Mac Catalyst builds them
   (`targetEnvironment(macCatalyst)` true, `CLIPKIT_STUBS_MAC_CATALYST`: no SwiftUI App Store overlay).
6. Scans every compiled file for API newer than the target's minimum deployment that is used
   without an `if #available`/`guard #available` or an enclosing `@available` (availability.py).

Errors in any file fail the check; warnings are printed for the Apple-only files, and a use of
deprecated API there fails it too (the stubs carry the deprecations Apple's SDK has, so what warns
in Xcode warns here).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import apple_availability  # noqa: E402  (sibling module)

STUB_ROOT = ROOT / "Tests" / "AppleSDKStubs"
# The stub modules, each after the ones it imports.
STUB_MODULES = [
    "AppleFoundationShim", "Darwin", "os", "Combine", "UserNotifications", "Intents", "UIKit", "SwiftUI",
    "StoreKit", "WebKit", "CoreLocation", "AppClip", "Security", "AuthenticationServices",
]
SHIM = "AppleFoundationShim"
# Variants of stub modules, each compiled with its conditions into stubs/<variant>/, and the targets
# that import one of them compiled again against it.
STUB_VARIANTS = {
    "older-sdk": {"modules": ["WebKit"], "defines": ["CLIPKIT_STUBS_OLDER_SDK"],
                  "about": "WebKit's delegate protocols not main-actor isolated, as in older SDKs"},
    # Mac Catalyst runs iOS code, and `os(iOS)` holds there, but StoreKit has no App Store overlay:
    # the copies are rewritten with `targetEnvironment(macCatalyst)` true, against a StoreKit without it.
    "mac-catalyst": {"modules": ["StoreKit"], "defines": ["CLIPKIT_STUBS_MAC_CATALYST"],
                     "about": "Mac Catalyst, where SwiftUI has no App Store overlay modifier",
                     "conditions": {"targetEnvironment(macCatalyst)": "true"}},
}
# `public protocol <Name>OptionalRequirements: <Name> {` … `}` in a stub: the Objective-C protocol's
# optional requirements, one a line.
OPTIONAL_REQUIREMENTS = re.compile(r"^public protocol (\w+)OptionalRequirements: (\w+) \{\n(.*?)^\}", re.M | re.S)

# Modules that exist on iOS (real frameworks, or stubs of them); `canImport` of these is true.
APPLE_MODULES = set(STUB_MODULES) - {SHIM} | {"Foundation", "Dispatch", "Security", "CryptoKit"}
# Modules that do not exist on iOS; `canImport` of these is false.
NOT_ON_IOS = {"Glibc", "Musl", "Android", "WinSDK", "Bionic", "FoundationNetworking", "CSecp256k1"}

APPLE_ONLY_PATTERN = re.compile(
    r"canImport\((SwiftUI|UIKit|StoreKit|WebKit|UserNotifications|AppClip|Security|AuthenticationServices)\)|canImport\(Darwin\)|os\(iOS\)"
)


@dataclass
class Target:
    """One compilation: a package module or an example target."""

    name: str
    sources: list[Path]
    imports: list[str]
    package: bool
    minimums: dict[str, str]
    label: str = ""
    extra_sources: list[Path] = field(default_factory=list)
    # A `clipkit.json` whose Swift, as the manifest plugin generates it, compiles with the sources.
    manifest: Path | None = None


def package_minimums() -> dict[str, str]:
    """The package's `platforms:` (iOS and macOS) from Package.swift."""
    text = (ROOT / "Package.swift").read_text()
    found = {}
    for platform, version in re.findall(r"\.(iOS|macOS)\(\.v(\d+(?:_\d+)*)\)", text):
        found[platform] = version.replace("_", ".")
    if "iOS" not in found:
        raise SystemExit("check-apple-glue: Package.swift declares no iOS platform; cannot tell the minimum")
    return found


def clip_minimum(example: str) -> str:
    """An example clip's `clip.minimumIOS` from its clipkit.json."""
    manifest = json.loads((ROOT / "Examples" / example / "clipkit.json").read_text())
    try:
        return str(manifest["clip"]["minimumIOS"])
    except KeyError:
        raise SystemExit(f"check-apple-glue: Examples/{example}/clipkit.json has no clip.minimumIOS")


def swift_files(folder: Path) -> list[Path]:
    """The module's Swift files; a documentation catalog's code listings are not part of it (SwiftPM
    does not compile them either)."""
    return sorted(path for path in folder.rglob("*.swift")
                  if not any(part.endswith(".docc") for part in path.relative_to(folder).parts))


# The documentation's Swift code listings (`<Module>.docc/Listings/<folder>/`): each folder is one
# target of an app — a clip, a full app, an extension, or code that runs anywhere — compiled against
# the package modules with its minimum iOS, like the examples. A tutorial shows a file as it grows: a
# file named `Name-NN.swift` is step NN of `Name.swift`, and compiles in its place, with the folder's
# other files. A folder with a `clipkit.json` is a target that adopts the manifest plugin: the Swift
# the plugin generates from that manifest (by the generator the plugin runs, `clipkit-generate-swift`,
# from the same build as the modules) compiles with the folder's files. Every folder of Swift
# listings under a catalog's Listings/ must be listed here.
LISTINGS = {
    "Sources/ClipKit/ClipKit.docc/Listings/BrewClip": "15.0",
    "Sources/ClipKit/ClipKit.docc/Listings/BrewApp": "15.0",
    "Sources/ClipKit/ClipKit.docc/Listings/Runtime": "15.0",
    "Sources/ClipKitUI/ClipKitUI.docc/Listings/Headless": "15.0",
    "Sources/ClipNostr/ClipNostr.docc/Listings/Verify": "15.0",
    "Sources/ClipNostrUI/ClipNostrUI.docc/Listings/Headless": "16.0",
    "Sources/ClipWebBridge/ClipWebBridge.docc/Listings/Bridge": "15.0",
    "Sources/ClipWebBridgeUI/ClipWebBridgeUI.docc/Listings/WebApp": "15.0",
    "Sources/ClipWebBridgeUI/ClipWebBridgeUI.docc/Listings/Headless": "15.0",
    "Sources/ClipNotifications/ClipNotifications.docc/Listings/Extension": "15.0",
    "Sources/ClipNotifications/ClipNotifications.docc/Listings/Headless": "15.0",
    "Sources/ClipKitGeneration/ClipKitGeneration.docc/Listings/RoadFlareClip": "16.0",
    "Sources/ClipManifestReader/ClipManifestReader.docc/Listings/Read": "15.0",
    "Sources/ClipCodes/ClipCodes.docc/Listings/MakeCodes": "15.0",
}
# Listing folders whose code takes the configuration the plugin generates from a manifest listed
# elsewhere in the catalog (the tutorial shows clipkit.json once, in BrewProject), or an example's.
LISTING_MANIFESTS = {
    "Sources/ClipKit/ClipKit.docc/Listings/BrewClip": "Sources/ClipKit/ClipKit.docc/Listings/BrewProject/clipkit.json",
    "Sources/ClipKit/ClipKit.docc/Listings/BrewApp": "Sources/ClipKit/ClipKit.docc/Listings/BrewProject/clipkit.json",
    "Sources/ClipWebBridgeUI/ClipWebBridgeUI.docc/Listings/WebApp": "Examples/bluesky/clipkit.json",
    # The end-to-end listing reads the coffee shop's manifest at run time and names its route by the
    # constant the plugin generates (`.table`), so a misspelt name fails this check.
    "Sources/ClipKitUI/ClipKitUI.docc/Listings/Headless": "Examples/coffee-shop/clipkit.json",
}
STEP = re.compile(r"^(?P<base>.+)-(?P<step>\d\d)\.swift$")


def listing_folders() -> list[Path]:
    """Every folder of Swift code listings in the package's documentation catalogs."""
    found = set()
    for catalog in list(ROOT.glob("Sources/*/*.docc")) + list(ROOT.glob("Examples/*/*/*.docc")):
        found.update(path for path in (catalog / "Listings").glob("*") if path.is_dir() and any(path.glob("*.swift")))
    return sorted(found)


def listing_targets() -> list[Target]:
    """One target per listing folder with its final files, and one per tutorial step file."""
    unknown = [str(folder.relative_to(ROOT)) for folder in listing_folders() if str(folder.relative_to(ROOT)) not in LISTINGS]
    if unknown:
        raise SystemExit(f"check-apple-glue: the listing folders {unknown} are not in LISTINGS (scripts/check_apple_glue.py); "
                         "add each with its minimum iOS")
    result = []
    for folder, minimum in LISTINGS.items():
        path = ROOT / folder
        if not path.is_dir():
            raise SystemExit(f"check-apple-glue: LISTINGS names {folder}, which does not exist")
        files = sorted(path.glob("*.swift"))
        finals = [file for file in files if not STEP.match(file.name)]
        name = "Listing" + "".join(part for part in re.split(r"[^A-Za-z0-9]", folder.split("/")[1] + "_" + path.name) if part)
        mins = {"iOS": minimum}
        manifest = path / "clipkit.json" if (path / "clipkit.json").exists() else None
        if folder in LISTING_MANIFESTS:
            manifest = ROOT / LISTING_MANIFESTS[folder]
        result.append(Target(name, finals, [], False, mins, label=folder, manifest=manifest))
        for file in files:
            step = STEP.match(file.name)
            if not step:
                continue
            replaced = path / f"{step.group('base')}.swift"
            if replaced not in finals:
                raise SystemExit(f"check-apple-glue: {file.relative_to(ROOT)} is a step of {replaced.name}, which is missing")
            sources = [other for other in finals if other != replaced] + [file]
            label = f"{folder}/{file.name}"
            result.append(Target(f"{name}{re.sub(r'[^A-Za-z0-9]', '', step.group('base'))}{step.group('step')}",
                                 sorted(sources), [], False, mins, label=label, manifest=manifest))
    return result


def targets() -> list[Target]:
    """The shipped modules in dependency order, then the example targets."""
    minimums = package_minimums()
    ios_only = {"iOS": minimums["iOS"]}
    # (module, its folder, the modules it imports): what ships in clips, apps and extensions, and the
    # reference apps' presets, which only their own clip links.
    modules = [
        ("ClipKit", "Sources/ClipKit", []),
        ("ClipManifestReader", "Sources/ClipManifestReader", ["ClipKit"]),
        ("ClipWebBridge", "Sources/ClipWebBridge", ["ClipKit"]),
        ("ClipNostr", "Sources/ClipNostr", ["ClipKit"]),
        ("ClipNotifications", "Sources/ClipNotifications", []),
        ("ClipKitUI", "Sources/ClipKitUI", ["ClipKit"]),
        ("ClipNostrUI", "Sources/ClipNostrUI", ["ClipKitUI", "ClipKit", "ClipNostr"]),
        ("ClipWebBridgeUI", "Sources/ClipWebBridgeUI", ["ClipKitUI", "ClipKit", "ClipWebBridge"]),
        ("ClipServices", "Sources/ClipServices", ["ClipKit"]),
        ("BlueskyKit", "Examples/bluesky/BlueskyKit", ["ClipKit", "ClipKitUI", "ClipWebBridge", "ClipWebBridgeUI"]),
        # The manifest plugin's library runs on the build machine, not in a clip; it is compiled here
        # too because it is a library product of the package, which the Swift Package Index builds
        # (and documents) for iOS.
        ("ClipKitGeneration", "Sources/ClipKitGeneration", ["ClipKit", "ClipManifestReader"]),
        # Codes made on the device (a point-of-sale app printing a table's code); links nothing.
        ("ClipCodes", "Sources/ClipCodes", []),
    ]
    result = [Target(name, swift_files(ROOT / folder), deps, True, minimums, label=folder) for name, folder, deps in modules]
    examples = [
        ("RoadFlareClip", "roadflare/Clip", {"iOS": clip_minimum("roadflare")}),
        ("RoadFlareApp", "roadflare/App", ios_only),
        ("BlueskyClip", "bluesky/Clip", {"iOS": clip_minimum("bluesky")}),
        ("BlueskyNotificationService", "bluesky/NotificationService", ios_only),
        ("CoffeeShopClip", "coffee-shop/Clip", {"iOS": clip_minimum("coffee-shop")}),
        ("CoffeeShopApp", "coffee-shop/App", ios_only),
        ("FoodTruckClip", "food-truck/Clip", {"iOS": clip_minimum("food-truck")}),
        ("FoodTruckApp", "food-truck/App", ios_only),
    ]
    for name, folder, mins in examples:
        manifest = ROOT / "Examples" / folder.split("/")[0] / "clipkit.json"
        result.append(Target(name, swift_files(ROOT / "Examples" / folder), [], False, mins, label=f"Examples/{folder}",
                             manifest=manifest if folder.endswith(("/Clip", "/App")) else None))
    return result + listing_targets()



# MARK: - Rewriting the conditions

CONDITION_LINE = re.compile(r"^(\s*#(?:if|elseif)\b)(.*)$")
CALL = re.compile(r"\b(os|canImport)\(\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\)")


def rewrite_condition(condition: str) -> str:
    def replace(match: re.Match[str]) -> str:
        kind, argument = match.group(1), match.group(2)
        if kind == "os":
            return "true" if argument == "iOS" else "false"
        if argument in NOT_ON_IOS:
            return "false"
        if argument in APPLE_MODULES:
            return "true"
        return match.group(0)      # a Swift module: whether it is importable decides, as on iOS

    return CALL.sub(replace, condition)


def rewrite(text: str, conditions: dict[str, str] | None = None) -> str:
    """`text` with the conditions of its `#if`/`#elseif` lines as iOS evaluates them (and as
    `conditions` set them: `targetEnvironment(macCatalyst)` true for Mac Catalyst); same lines."""
    out = []
    for line in text.split("\n"):
        match = CONDITION_LINE.match(line)
        if match:
            # Keep a trailing comment untouched.
            head, rest = match.group(1), match.group(2)
            code, sep, comment = rest.partition("//")
            code = rewrite_condition(code)
            for condition, value in (conditions or {}).items():
                code = re.sub(re.escape(condition).replace(r"\(", r"\(\s*").replace(r"\)", r"\s*\)"), value, code)
            line = head + code + sep + comment
        out.append(line)
    return "\n".join(out)


# MARK: - Compiling

@dataclass
class Diagnostic:
    path: str
    line: int
    column: int
    severity: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}"


DIAGNOSTIC = re.compile(r"^(?P<path>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note): (?P<msg>.*)$")


class Checker:
    def __init__(self, scratch: Path, modules_dir: Path, verbose: bool, symbol_graphs: Path | None = None):
        self.scratch = scratch
        self.symbol_graphs = symbol_graphs
        self.stubs = scratch / "stubs"
        self.src = scratch / "src"
        self.out = scratch / "modules"
        self.modules_dir = modules_dir
        self.verbose = verbose
        self.copy_to_original: dict[str, str] = {}
        self.generated: dict[Path, Path] = {}
        self.timings: list[tuple[str, float]] = []
        self.capture: list[str] | None = None
        # The stub variant the next compilations use (None: the current SDK's stubs).
        self.variant: str | None = None
        self.optional_requirements = optional_requirements()

    def emit(self, line: str, stream=sys.stdout) -> None:
        """Prints `line`, or keeps it when a control run captures the output."""
        if self.capture is not None:
            self.capture.append(line)
        else:
            print(line, file=stream, flush=True)

    # Stubs are rebuilt only when their sources change.
    def build_stubs(self) -> None:
        digest = hashlib.sha256()
        for path in sorted(STUB_ROOT.rglob("*.swift")):
            digest.update(str(path.relative_to(STUB_ROOT)).encode())
            digest.update(path.read_bytes())
        digest.update(subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout.encode())
        digest.update(repr(STUB_VARIANTS).encode())
        stamp = self.stubs / "stamp"
        if stamp.exists() and stamp.read_text() == digest.hexdigest():
            return
        shutil.rmtree(self.stubs, ignore_errors=True)
        self.stubs.mkdir(parents=True)
        for module in STUB_MODULES:
            files = sorted((STUB_ROOT / module).glob("*.swift"))
            command = [
                "swiftc", "-emit-module", "-module-name", module, "-parse-as-library", "-swift-version", "6",
                "-I", str(self.stubs), "-emit-module-path", str(self.stubs / f"{module}.swiftmodule"),
                "-diagnostic-style", "llvm", *map(str, files),
            ]
            started = time.monotonic()
            result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            self.timings.append((f"stub {module}", time.monotonic() - started))
            if result.returncode != 0:
                sys.stderr.write(result.stdout + result.stderr)
                raise SystemExit(f"check-apple-glue: the stub module {module} does not compile (Tests/AppleSDKStubs/{module})")
        for variant, spec in STUB_VARIANTS.items():
            folder = self.stubs / variant
            folder.mkdir(parents=True)
            for module in spec["modules"]:
                files = sorted((STUB_ROOT / module).glob("*.swift"))
                command = [
                    "swiftc", "-emit-module", "-module-name", module, "-parse-as-library", "-swift-version", "6",
                    *[flag for define in spec["defines"] for flag in ("-D", define)],
                    "-I", str(self.stubs), "-emit-module-path", str(folder / f"{module}.swiftmodule"),
                    "-diagnostic-style", "llvm", *map(str, files),
                ]
                result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
                if result.returncode != 0:
                    sys.stderr.write(result.stdout + result.stderr)
                    raise SystemExit(f"check-apple-glue: the stub module {module} ({variant}) does not compile")
        stamp.write_text(digest.hexdigest())

    def copy_sources(self, target: Target, plant: dict[str, str] | None, variant: str | None = None) -> list[Path]:
        destination = self.src / (target.name if variant is None else f"{target.name}-{variant}")
        conditions = STUB_VARIANTS[variant].get("conditions") if variant else None
        shutil.rmtree(destination, ignore_errors=True)
        copies = []
        for path in target.sources + target.extra_sources:
            relative = path.relative_to(ROOT)
            copy = destination / relative
            copy.parent.mkdir(parents=True, exist_ok=True)
            text = path.read_text()
            if plant and str(relative) in plant:
                text = plant[str(relative)]
            copy.write_text(rewrite(text, conditions))
            copies.append(copy)
            self.copy_to_original[str(copy)] = str(relative)
        if target.manifest is not None:
            copies.append(self.generate(target, destination))
        return copies

    def generate(self, target: Target, destination: Path) -> Path:
        """Writes the Swift the manifest plugin generates from `target.manifest`, rewritten like the
        sources; diagnostics in it name the manifest."""
        generator = self.modules_dir.parent / "clipkit-generate-swift"
        if not generator.exists():
            raise SystemExit(f"check-apple-glue: {generator} is missing; build it first "
                             "(`swift build --product clipkit-generate-swift`, part of `swift build`)")
        manifest = target.manifest.relative_to(ROOT)
        # One run per manifest: a tutorial's steps and the examples' clip and app share theirs.
        generated = self.generated.get(manifest)
        if generated is None:
            generated = self.scratch / "generated" / f"{len(self.generated)}" / "ClipKitGenerated.swift"
            generated.parent.mkdir(parents=True, exist_ok=True)
            # The plugin's configuration beside the manifest, as the plugin passes it.
            configuration = target.manifest.parent / "clipkit-plugin.json"
            options = ["--configuration", str(configuration.relative_to(ROOT))] if configuration.exists() else []
            result = subprocess.run([str(generator), "--manifest", str(manifest), "--output", str(generated)] + options,
                                    capture_output=True, text=True, cwd=ROOT)
            if result.returncode != 0:
                sys.stderr.write(result.stdout + result.stderr)
                raise SystemExit(f"check-apple-glue: the manifest plugin's generator refused {manifest}")
            self.generated[manifest] = generated
        copy = destination / "ClipKitGenerated.swift"
        copy.write_text(rewrite(generated.read_text()))
        self.copy_to_original[str(copy)] = f"{manifest} (the Swift the manifest plugin generates)"
        return copy

    def map_path(self, path: str) -> str:
        return self.copy_to_original.get(str(Path(path).resolve()) if not path.startswith("/") else path, path)

    def search_paths(self) -> list[str]:
        flags = ["-I", str(self.stubs), "-I", str(self.out), "-I", str(self.modules_dir)]
        if self.variant is not None:
            flags = ["-I", str(self.stubs / self.variant)] + flags
        # C modules that swift-crypto's Swift modules import (module maps SwiftPM generated).
        build_dir = self.modules_dir.parent
        for modulemap in sorted(build_dir.glob("*.build/module.modulemap")):
            flags += ["-Xcc", f"-fmodule-map-file={modulemap}"]
        return flags

    def common_flags(self, target: Target) -> list[str]:
        flags = [
            "-module-name", target.name, "-swift-version", "6", "-parse-as-library",
            "-enable-upcoming-feature", "ExistentialAny", "-Onone", "-diagnostic-style", "llvm",
            "-Xfrontend", "-import-module", "-Xfrontend", SHIM, *self.search_paths(),
        ]
        if target.package:
            flags += ["-package-name", "clipkit"]
        return flags

    def compile(self, target: Target, copies: list[Path]) -> tuple[int, list[Diagnostic], str]:
        self.out.mkdir(parents=True, exist_ok=True)
        # A variant's compilation must not replace the modules later targets import.
        out = self.out if self.variant is None else self.scratch / f"modules-{self.variant}"
        out.mkdir(parents=True, exist_ok=True)
        command = [
            # The SIL goes to a file: as root, the compiler's atomic write would replace /dev/null
            # with a regular file.
            "swiftc", "-wmo", "-emit-sil", "-o", str(out / f"{target.name}.sil"),
            "-emit-module", "-emit-module-path", str(out / f"{target.name}.swiftmodule"),
            *self.common_flags(target), *map(str, copies),
        ]
        graphs = None
        if self.symbol_graphs is not None and target.package and self.capture is None and self.variant is None:
            graphs = self.symbol_graphs / target.name
            shutil.rmtree(graphs, ignore_errors=True)
            graphs.mkdir(parents=True)
            # Members a type gets from other modules' protocol extensions (the stubs' SwiftUI
            # modifiers on every view) are left out, like `swift package dump-symbol-graph
            # --skip-synthesized-members`.
            command += ["-emit-symbol-graph", "-emit-symbol-graph-dir", str(graphs), "-emit-extension-block-symbols",
                        "-symbol-graph-minimum-access-level", "public", "-symbol-graph-skip-synthesized-members"]
        if self.verbose:
            print(" ".join(command), file=sys.stderr)
        started = time.monotonic()
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        self.timings.append((target.name, time.monotonic() - started))
        diagnostics, other = self.parse(result.stdout + result.stderr)
        if graphs is not None and result.returncode == 0:
            self.point_graphs_at_originals(graphs)
        return result.returncode, diagnostics, other

    def point_graphs_at_originals(self, graphs: Path) -> None:
        """Rewrites the symbol graphs' source locations from the rewritten copies to the original
        files (same lines), so that documentation warnings name the files to edit."""
        for path in graphs.glob("*.symbols.json"):
            graph = json.loads(path.read_text())
            for symbol in graph.get("symbols", []):
                location = symbol.get("location")
                if location and location.get("uri", "").startswith("file://"):
                    copy = location["uri"][len("file://"):]
                    if copy in self.copy_to_original:
                        location["uri"] = "file://" + str(ROOT / self.copy_to_original[copy])
                comment = symbol.get("docComment")
                if comment and comment.get("uri", "").startswith("file://"):
                    copy = comment["uri"][len("file://"):]
                    if copy in self.copy_to_original:
                        comment["uri"] = "file://" + str(ROOT / self.copy_to_original[copy])
            path.write_text(json.dumps(graph))

    def parse(self, output: str) -> tuple[list[Diagnostic], str]:
        diagnostics, other = [], []
        for line in output.splitlines():
            match = DIAGNOSTIC.match(line)
            if match:
                path = match.group("path")
                original = self.copy_to_original.get(path, path)
                diagnostics.append(Diagnostic(original, int(match.group("line")), int(match.group("col")),
                                              match.group("sev"), match.group("msg")))
            elif line.strip() and not line.startswith("error: emit-module command failed"):
                other.append(line)
        return diagnostics, "\n".join(other)


# MARK: - Objective-C optional requirements

@dataclass
class Requirement:
    protocol: str
    module: str
    name: str              # the full name, `webView(_:didFinish:)`
    declaration: str       # the requirement as the stub declares it


def split_top_level(text: str) -> list[str]:
    """`text` split at the commas outside parentheses, brackets and angle brackets."""
    parts, depth, current = [], 0, ""
    for character in text:
        if character in "([<":
            depth += 1
        elif character in ")]>":
            depth -= 1
        if character == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    if current.strip():
        parts.append(current)
    return parts


def full_name(declaration: str) -> str:
    """The full name of a `func` declaration: `webView(_:didFinish:)`."""
    match = re.match(r"\s*func\s+(\w+)\s*\((.*)\)", declaration)
    if not match:
        raise SystemExit(f"check-apple-glue: cannot read the requirement `{declaration.strip()}`")
    labels = [part.split(":")[0].split()[0] for part in split_top_level(match.group(2))]
    return f"{match.group(1)}({''.join(label + ':' for label in labels)})"


def optional_requirements() -> dict[str, list[Requirement]]:
    """Each Objective-C protocol with optional requirements in the stubs, and those requirements."""
    found: dict[str, list[Requirement]] = {}
    for module in STUB_MODULES:
        for path in sorted((STUB_ROOT / module).glob("*.swift")):
            for match in OPTIONAL_REQUIREMENTS.finditer(path.read_text()):
                if match.group(1) != match.group(2):
                    raise SystemExit(f"check-apple-glue: {path.relative_to(ROOT)}: {match.group(1)}OptionalRequirements must refine {match.group(1)}")
                lines = [line.strip() for line in match.group(3).splitlines() if line.strip().startswith("func ")]
                found[match.group(1)] = [Requirement(match.group(1), module, full_name(line), line) for line in lines]
    return found


def method_name(node: dict) -> str | None:
    name = node.get("name")
    if not isinstance(name, dict):
        return None
    base = name.get("base_name", {}).get("name")
    args = name.get("args")
    if base is None or args is None:
        return None
    return f"{base}({''.join((label or '_') + ':' for label in args)})"


def optional_requirement_check(checker: "Checker", target: Target, copies: list[Path]) -> list[Diagnostic]:
    """Methods of the target's types that are named like an Objective-C optional requirement of a
    protocol the type conforms to (same base name) but match none of them in full: iOS would never call
    them. A method whose full name matches is checked for its types by a probe: a protocol with that
    one requirement, which the type must satisfy."""
    protocols = checker.optional_requirements
    texts = {copy: copy.read_text() for copy in copies}
    if not any(name in text for text in texts.values() for name in protocols):
        return []
    usrs = {f"s:{len(requirements[0].module)}{requirements[0].module}{len(name)}{name}P": name
            for name, requirements in protocols.items() if requirements}
    command = ["swiftc", "-dump-ast", "-dump-ast-format", "json", *checker.common_flags(target), *map(str, copies)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        raise SystemExit(f"check-apple-glue: -dump-ast failed for {target.name}:\n{result.stderr[-4000:]}")
    # Per type (its mangled name): the optional-requirement protocols it conforms to, and its methods.
    conforms: dict[str, set[str]] = {}
    methods: dict[str, list[tuple[str, str, int]]] = {}
    decoder = json.JSONDecoder()
    output = result.stderr + result.stdout
    index = output.find('{"_kind":"source_file"')
    while index >= 0:
        source, end = decoder.raw_decode(output, index)
        filename = source["filename"] if source["filename"].startswith("/") else str((ROOT / source["filename"]).resolve())
        stack: list[object] = [source]
        while stack:
            node = stack.pop()
            if isinstance(node, list):
                stack.extend(node)
                continue
            if not isinstance(node, dict):
                continue
            kind = node.get("_kind")
            if kind in ("class_decl", "extension_decl"):
                mangled = node.get("interface_type", "") if kind == "class_decl" else node.get("extended_type", "")
                if mangled.endswith("mD"):
                    mangled = mangled[:-2] + "D"
                inherits = node.get("inherits")
                for conformance in inherits.get("conformances", []) if isinstance(inherits, dict) else []:
                    if conformance.get("protocol") in usrs:
                        conforms.setdefault(mangled, set()).add(usrs[conformance["protocol"]])
                for member in node.get("members", []):
                    if isinstance(member, dict) and member.get("_kind") == "func_decl" and not member.get("implicit"):
                        name = method_name(member)
                        if name:
                            methods.setdefault(mangled, []).append((name, filename, member.get("range", {}).get("start", 0)))
            for value in node.values():
                if isinstance(value, (dict, list)):
                    stack.append(value)
        index = output.find('{"_kind":"source_file"', end)

    def where(filename: str, offset: int) -> tuple[str, int, int]:
        data = Path(filename).read_bytes()[:offset]
        line = data.count(b"\n") + 1
        return checker.copy_to_original.get(filename, filename), line, offset - (data.rfind(b"\n") + 1) + 1

    findings: list[Diagnostic] = []
    probes: list[tuple[str, Requirement, tuple[str, int, int], str]] = []
    for mangled, names in conforms.items():
        requirements = [requirement for protocol in sorted(names) for requirement in protocols[protocol]]
        bases = {requirement.name.split("(")[0] for requirement in requirements}
        for name, filename, offset in methods.get(mangled, []):
            if name.split("(")[0] not in bases:
                continue
            same = [requirement for requirement in requirements if requirement.name == name]
            location = where(filename, offset)
            if not same:
                candidates = [r.name for r in requirements if r.name.split("(")[0] == name.split("(")[0]]
                findings.append(Diagnostic(*location, "error",
                    f"'{name}' matches no optional requirement of {', '.join(sorted(names))} "
                    f"({', '.join(candidates)}); iOS never calls it"))
                continue
            probes.append((mangled, same[0], location, name))
    if probes:
        demangled = subprocess.run(["swift", "demangle", "--compact", *[mangled for mangled, *_ in probes]],
                                   capture_output=True, text=True, check=True).stdout.split("\n")
        probe = checker.scratch / "probes" / (checker.variant or "current-sdk") / target.name / "OptionalRequirementProbes.swift"
        probe.parent.mkdir(parents=True, exist_ok=True)
        lines = sorted({f"import {requirement.module}" for _, requirement, _, _ in probes})
        probe_lines: dict[int, int] = {}
        for number, ((_, requirement, _, _), type_name) in enumerate(zip(probes, demangled)):
            lines.append(f"protocol OptionalRequirementProbe{number}: {requirement.protocol} {{ {requirement.declaration} }}")
            lines.append(f"extension {type_name}: OptionalRequirementProbe{number} {{}}")
            probe_lines[len(lines) - 1] = number
            probe_lines[len(lines)] = number
        probe.write_text("\n".join(lines) + "\n")
        command = ["swiftc", "-typecheck", *checker.common_flags(target), *map(str, copies), str(probe)]
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        failed: dict[int, list[str]] = {}
        latest = 0
        for line in (result.stdout + result.stderr).splitlines():
            match = DIAGNOSTIC.match(line)
            if match and Path(match.group("path")).resolve() == probe.resolve() and match.group("sev") == "error":
                number = probe_lines.get(int(match.group("line")))
                if number is not None:
                    failed.setdefault(number, []).append(match.group("msg"))
                    latest = number
            elif match and match.group("sev") == "note" and "candidate" in match.group("msg") and failed:
                # The compiler's note on the method says how it differs from the requirement.
                failed[latest].append(re.sub(r"\s*\[#\w+\]$", "", match.group("msg")))
        for number, messages in sorted(failed.items()):
            _, requirement, location, name = probes[number]
            sdk = f" with {STUB_VARIANTS[checker.variant]['about']}" if checker.variant else ""
            findings.append(Diagnostic(*location, "error",
                f"'{name}' does not witness {requirement.protocol}'s optional requirement `{requirement.declaration}`{sdk}: "
                f"{'; '.join(dict.fromkeys(messages))}; iOS calls a delegate's method only when it witnesses the requirement"))
    return findings


def is_apple_only(path: str) -> bool:
    """Whether a file is Apple-only code: an example's sources (iOS targets, whole), or a file with an
    Apple-only condition."""
    full = ROOT / path
    if not full.exists():
        return False
    if (ROOT / "Examples") in full.resolve().parents or any(part.endswith(".docc") for part in Path(path).parts):
        return True
    return bool(APPLE_ONLY_PATTERN.search(full.read_text()))


def default_modules_dir() -> Path:
    """The debug build's Modules folder: `.build/debug` is a link to the host triple's folder."""
    linked = ROOT / ".build" / "debug" / "Modules"
    if linked.exists():
        return linked
    found = sorted(ROOT.glob(".build/*/debug/Modules"))
    return found[0] if found else linked


def check(checker: Checker, selected: list[Target], plant: dict[str, str] | None, availability: bool) -> bool:
    """Compiles `selected` in order and scans them; true when everything passed."""
    compiled: list[tuple[Target, list[Path]]] = []
    # The AST dump of a target runs beside the compilation of the next one (two cores).
    dumps = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    pending = []
    failed = False
    for target in selected:
        copies = checker.copy_sources(target, plant)
        status, diagnostics, other = checker.compile(target, copies)
        errors = [d for d in diagnostics if d.severity == "error"]
        shown = [d for d in diagnostics if d.severity == "error" or (d.severity == "warning" and is_apple_only(d.path))]
        where = target.label or f"Sources/{target.name}"
        checker.emit(f"==> {where}: {len(target.sources)} files, {len(errors)} errors", stream=sys.stderr)
        for diagnostic in diagnostics:
            if diagnostic in shown or (diagnostic.severity == "note" and shown):
                checker.emit(f"  {diagnostic}")
        if status != 0:
            failed = True
            if not errors and other:
                checker.emit(other)
            break               # later targets import this one
        if deprecated_uses(shown):
            failed = True
        compiled.append((target, copies))
        drift = optional_requirement_check(checker, target, copies)
        for diagnostic in drift:
            checker.emit(f"  {diagnostic}")
        if drift:
            failed = True
        if availability:
            pending.append((target, dumps.submit(apple_availability.dump_facts, checker, target, copies)))
    if not failed:
        failed = not check_variants(checker, compiled, plant)
    if not failed and availability:
        if apple_availability.scan(checker, compiled, [(target, future.result()) for target, future in pending]):
            failed = True
    dumps.shutdown(cancel_futures=True)
    return not failed


def deprecated_uses(shown: list[Diagnostic]) -> list[Diagnostic]:
    """The shown warnings that are uses of deprecated API: each fails the check, as Xcode warns of it."""
    return [d for d in shown if d.severity == "warning" and re.search(r"\bis deprecated\b|\bwas deprecated in\b", d.message)]


def check_variants(checker: Checker, compiled: list[tuple[Target, list[Path]]], plant: dict[str, str] | None) -> bool:
    """Compiles again, against each stub variant, the targets whose files import one of its modules."""
    passed = True
    for variant, spec in STUB_VARIANTS.items():
        imports = re.compile(r"^\s*import (" + "|".join(map(re.escape, spec["modules"])) + r")\b", re.M)
        for target, copies in compiled:
            if not any(imports.search(copy.read_text()) for copy in copies):
                continue
            if spec.get("conditions"):
                copies = checker.copy_sources(target, plant, variant)
            checker.variant = variant
            try:
                status, diagnostics, other = checker.compile(target, copies)
            finally:
                checker.variant = None
            errors = [d for d in diagnostics if d.severity == "error"]
            where = target.label or f"Sources/{target.name}"
            checker.emit(f"==> {where} ({variant}: {spec['about']}): {len(errors)} errors", stream=sys.stderr)
            shown = [d for d in diagnostics if d.severity == "error" or (d.severity == "warning" and is_apple_only(d.path))]
            for diagnostic in diagnostics:
                if diagnostic in shown or (diagnostic.severity == "note" and shown):
                    checker.emit(f"  {diagnostic}")
            if status != 0:
                passed = False
                if not errors and other:
                    checker.emit(other)
                continue
            checker.variant = variant
            try:
                drift = optional_requirement_check(checker, target, copies)
            finally:
                checker.variant = None
            for diagnostic in drift:
                checker.emit(f"  {diagnostic}")
            if drift:
                passed = False
    return passed


FIXTURES = ROOT / "Tests" / "Fixtures" / "AppleCheck"


def control(checker: Checker, all_targets: list[Target]) -> bool:
    """The negative control: each fixture, planted into its target file, must make the check fail with
    the fixture's expected diagnostic on a planted line, and never on a `// guarded` line."""
    by_file = {str(path.relative_to(ROOT)): target for target in all_targets for path in target.sources}
    def current(target: Target) -> bool:
        module = checker.out / f"{target.name}.swiftmodule"
        return module.exists() and all(source.stat().st_mtime <= module.stat().st_mtime for source in target.sources)

    # A module older than one of its sources (an edit since the last normal run) is compiled again,
    # so that no fixture is judged against a stale module.
    if not all(current(target) for target in all_targets if target.package):
        checker.emit("==> control: compiling the package modules first", stream=sys.stderr)
        if not check(checker, [t for t in all_targets if t.package], None, availability=False):
            checker.emit("check-apple-glue: the package modules do not compile; the control cannot run", stream=sys.stderr)
            return False
    passed = True
    for fixture in sorted(FIXTURES.glob("*.swift")):
        text = fixture.read_text()
        header = dict(re.findall(r"^// (target|expect): (.*)$", text, flags=re.MULTILINE))
        if "target" not in header or "expect" not in header or header["target"] not in by_file:
            checker.emit(f"check-apple-glue: {fixture.relative_to(ROOT)} needs `// target: <a compiled file>` and `// expect: <text>`")
            passed = False
            continue
        original = (ROOT / header["target"]).read_text()
        planted_text = original.rstrip("\n") + "\n\n" + text
        offset = original.rstrip("\n").count("\n") + 2
        lines = planted_text.split("\n")
        planted = {n + 1 for n, line in enumerate(lines) if line.rstrip().endswith("// planted")}
        guarded = {n + 1 for n, line in enumerate(lines) if line.rstrip().endswith("// guarded")}
        assert all(n > offset for n in planted | guarded)
        output: list[str] = []
        checker.capture = output
        ok = check(checker, [by_file[header["target"]]], {header["target"]: planted_text}, availability=True)
        checker.capture = None
        hits = [line for line in output
                if header["expect"] in line and re.search(rf"{re.escape(header['target'])}:(\d+):", line)
                and int(re.search(rf"{re.escape(header['target'])}:(\d+):", line).group(1)) in planted]
        wrong = [line for line in output for n in guarded if f"{header['target']}:{n}:" in line]
        verdict = not ok and hits and not wrong
        checker.emit(f"==> control {fixture.stem}: {'failed as expected' if verdict else 'WRONG'}", stream=sys.stderr)
        if verdict and checker.verbose:
            for line in hits:
                checker.emit(f"  {line.strip()}")
        if not verdict:
            passed = False
            reason = ("the check passed" if ok else
                      f"no `{header['expect']}` on a planted line of {header['target']}" if not hits else
                      f"a guarded line was reported: {wrong[0]}")
            checker.emit(f"  {reason}; its output was:")
            for line in output:
                checker.emit(f"    {line}")
    # The next normal run must not see planted copies' modules.
    for target in {by_file[t].name for t in by_file if not by_file[t].package}:
        (checker.out / f"{target}.swiftmodule").unlink(missing_ok=True)
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scratch", default=str(ROOT / ".build-apple-check"))
    parser.add_argument("--modules", help="the Linux build's module folder, for swift-crypto (default: .build/debug/Modules)")
    parser.add_argument("--control", action="store_true",
                        help="run the negative control: plant each Tests/Fixtures/AppleCheck case and expect the check to fail")
    parser.add_argument("--no-availability", action="store_true", help="skip the availability scan")
    parser.add_argument("--symbol-graphs", metavar="DIR",
                        help="also write each package module's symbol graphs, as iOS sees them, to DIR/<module>/ (for scripts/docs)")
    parser.add_argument("--verbose", action="store_true", help="print the compiler commands and the timings")
    args = parser.parse_args()

    modules_dir = Path(args.modules) if args.modules else default_modules_dir()
    if not (modules_dir / "Crypto.swiftmodule").exists():
        print(f"check-apple-glue: {modules_dir}/Crypto.swiftmodule is missing; run `swift build` first", file=sys.stderr)
        return 2

    started = time.monotonic()
    symbol_graphs = Path(args.symbol_graphs).resolve() if args.symbol_graphs else None
    checker = Checker(Path(args.scratch).resolve(), modules_dir, args.verbose, symbol_graphs)
    checker.build_stubs()
    if args.control:
        passed = control(checker, targets())
    else:
        passed = check(checker, targets(), None, availability=not args.no_availability)
    if checker.verbose:
        for name, seconds in checker.timings:
            print(f"  {name}: {seconds:.1f}s", file=sys.stderr)
    what = "control" if args.control else "check"
    print(f"check-apple-glue: {what} {'passed' if passed else 'FAILED'} in {time.monotonic() - started:.0f}s", file=sys.stderr)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes a Swift package that builds the example clips, apps and extension with Xcode.

    python3 scripts/apple_examples_package.py OUT

The examples' Swift (Examples/<name>/Clip, App, NotificationService) is iOS code with no project of
its own. OUT gets a package with one library target per folder (its Swift files and the example's
clipkit.json, and its clipkit-plugin.json if it has one, as symbolic links), each depending on the ClipKit products its files import, and the
clips and apps adopting ClipKitManifestPlugin, as an app would. An example's own library (Bluesky's
preset, `Examples/bluesky/BlueskyKit`, which is no product of ClipKit) is a target of the example's
package, its folder a symbolic link, and the targets that import it depend on it. One package per
example, so each is built for its clip's minimum iOS (clipkit.json's clip.minimumIOS):

    OUT/<example>/Package.swift

The macOS CI job builds each with `xcodebuild -scheme <Example>Examples -destination
'generic/platform=iOS Simulator'`; on Linux, `swift package dump-package` checks that the
manifests are well formed (scripts/test does).
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {
    # example folder: (scheme prefix, [(target, folder, adopts the plugin)])
    "roadflare": ("RoadFlare", [("RoadFlareClip", "Clip", True), ("RoadFlareApp", "App", True)]),
    "bluesky": ("Bluesky", [("BlueskyClip", "Clip", True), ("BlueskyNotificationService", "NotificationService", False)]),
    "coffee-shop": ("CoffeeShop", [("CoffeeShopClip", "Clip", True), ("CoffeeShopApp", "App", True)]),
    "food-truck": ("FoodTruck", [("FoodTruckClip", "Clip", True), ("FoodTruckApp", "App", True)]),
}
# An example's own libraries, which its targets import: example folder: [(target, folder)].
EXAMPLE_LIBRARIES = {
    "bluesky": [("BlueskyKit", "BlueskyKit")],
}
IMPORT = re.compile(r"^\s*import\s+([A-Za-z_][A-Za-z0-9_]*)\s*$", re.MULTILINE)


def package_products() -> set[str]:
    """The library products the ClipKit package declares."""
    text = (ROOT / "Package.swift").read_text()
    return set(re.findall(r'\.library\(name:\s*"([A-Za-z0-9_]+)"', text))


def imported_products(folder: Path, products: set[str]) -> set[str]:
    names: set[str] = set()
    for source in sorted(folder.rglob("*.swift")):
        if any(part.endswith(".docc") for part in source.relative_to(folder).parts):
            continue
        names.update(name for name in IMPORT.findall(source.read_text()) if name in products)
    return names


def generated_code_products(document: dict) -> set[str]:
    """What the plugin's generated code imports: ClipKit, and ClipNostr for the npub kind."""
    kinds = {kind for route in document.get("routes", []) for kind in route.get("params", {}).values()}
    return {"ClipKit"} | ({"ClipNostr"} if "npub" in kinds else set())


def write_package(example: str, out: Path, products: set[str]) -> None:
    scheme, targets = EXAMPLES[example]
    manifest = ROOT / "Examples" / example / "clipkit.json"
    document = json.loads(manifest.read_text())
    minimum = document["clip"]["minimumIOS"]
    major, _, minor = minimum.partition(".")
    platform = f".iOS(.v{major})" if minor in ("", "0") else f'.iOS("{minimum}")'
    package = out / example
    lines = []
    libraries = {target: folder for target, folder in EXAMPLE_LIBRARIES.get(example, [])}
    for target, folder in libraries.items():
        source_folder = ROOT / "Examples" / example / folder
        (package / "Sources").mkdir(parents=True, exist_ok=True)
        (package / "Sources" / target).symlink_to(source_folder, target_is_directory=True)
        dependencies = ", ".join(f'.product(name: "{name}", package: "ClipKit")'
                                 for name in sorted(imported_products(source_folder, products)))
        lines.append(f'        .target(\n            name: "{target}",\n            dependencies: [{dependencies}]\n        ),')
    for target, folder, adopts_plugin in targets:
        source_folder = ROOT / "Examples" / example / folder
        target_folder = package / "Sources" / target
        target_folder.mkdir(parents=True, exist_ok=True)
        for source in sorted(source_folder.glob("*.swift")):
            (target_folder / source.name).symlink_to(source)
        # The plugin reads clipkit-plugin.json beside clipkit.json in the target's folder, when the
        # example has one (Bluesky's lists the payload type its preset declares itself).
        plugin_files = ["clipkit.json"] + (["clipkit-plugin.json"] if (manifest.parent / "clipkit-plugin.json").exists() else [])
        if adopts_plugin:
            for name in plugin_files:
                (target_folder / name).symlink_to(manifest.parent / name)
        needed = set(imported_products(source_folder, products)) | (generated_code_products(document) if adopts_plugin else set())
        local = sorted(imported_products(source_folder, set(libraries)))
        dependencies = ", ".join([f'"{name}"' for name in local]
                                 + [f'.product(name: "{name}", package: "ClipKit")' for name in sorted(needed)])
        plugin = '\n            plugins: [.plugin(name: "ClipKitManifestPlugin", package: "ClipKit")]' if adopts_plugin else ""
        lines.append(
            f'        .target(\n            name: "{target}",\n            dependencies: [{dependencies}],\n'
            f'            exclude: {json.dumps(plugin_files if adopts_plugin else [])},{plugin}\n        ),'
        )
    library = ", ".join(f'"{target}"' for target, _, _ in targets)
    (package / "Package.swift").write_text(
        "// swift-tools-version: 6.1\n"
        f"// Written by scripts/apple_examples_package.py: Examples/{example} built as an app builds it.\n\n"
        "import PackageDescription\n\n"
        "let package = Package(\n"
        f'    name: "{scheme}Examples",\n'
        f"    platforms: [{platform}],\n"
        f'    products: [.library(name: "{scheme}Examples", targets: [{library}])],\n'
        f'    dependencies: [.package(name: "ClipKit", path: "{ROOT}", traits: [])],\n'
        "    targets: [\n" + "\n".join(lines) + "\n    ],\n"
        "    swiftLanguageModes: [.v6]\n"
        ")\n"
    )


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: apple_examples_package.py OUT", file=sys.stderr)
        return 2
    out = Path(sys.argv[1]).resolve()
    if out.exists() and any(out.iterdir()):
        print(f"apple_examples_package.py: {out} is not empty: give a new folder", file=sys.stderr)
        return 2
    products = package_products()
    for example in EXAMPLES:
        write_package(example, out, products)
        print(out / example)
    return 0


if __name__ == "__main__":
    sys.exit(main())

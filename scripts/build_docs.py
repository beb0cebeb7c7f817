#!/usr/bin/env python3
"""Builds ClipKit's documentation site: one DocC archive per shipped module of both packages, merged
into one static site.

The modules are every library product of the root package (the clip modules and ClipKitGeneration,
the manifest plugin's library), Bluesky's preset BlueskyKit (a target of the root package kept with
its example, no product), and every module of the tooling package in `Tooling/` that has a catalog.
Each must have a documentation catalog, `<Module>.docc`, in its folder. The tooling package exports
two libraries (ClipAASA, ClipNostrWebSocket), whose pages show their public API; its other modules
share their declarations with the `clipkit` command at `package` access, and their pages show those
(the symbol graphs are dumped at `package` level, and the products' graphs filtered back to public),
so their articles — the doctor's checks, serving the link domain — keep their symbol links.

What it does, in order:

1. Symbol graphs of the root package's modules as iOS sees them. Linux compiles none of the SwiftUI,
   UIKit, StoreKit and UserNotifications glue (`ClipSessionView`, `launchDestination`,
   `appStoreOverlay`, `ClipRuntime.fromBundle()`, `ClipNotificationServiceExtension`), so a Linux
   build's symbol graphs would leave out the API a clip and its app call first. The graphs come from
   `scripts/check-apple-glue --symbol-graphs`, which compiles the modules as iOS would against the
   Apple SDK stubs (and, on the way, type-checks the documentation's code listings). Without
   `--symbol-graphs DIR` this script runs that check itself, in its own scratch folder under
   `.build-docs/` (first building swift-crypto and the manifest plugin's generator there, which
   the check needs).
2. Symbol graphs of the tooling modules from a Linux build: they run on developers' machines, in CI
   and on servers, never on iOS. The tooling package is built with its tests where SwiftPM builds it
   by default (`Tooling/.build`, as `scripts/test` builds it, so a tree that already built it
   rebuilds nothing), and `swift package --package-path Tooling dump-symbol-graph` writes the graphs.
3. `docc convert` per module, twice. The first pass gives each module's link index (no checks);
   the second converts each module with `--warnings-as-errors` and every other module's first-pass
   archive as a dependency, so an unresolved symbol link, a documented parameter that does not
   exist or a malformed directive fails the build, and any page can link to any module's symbols
   and articles with a leading slash (``/ClipKit/ClipRuntime``, `<doc:/ClipDoctor/CheckBeforeAppReview>`),
   whichever way the modules depend on each other.
4. `docc merge` into one archive, transformed for static hosting: the site. Any static host serves
   it; `--hosting-base-path` sets the path it is served under (GitHub Pages: the repository's name).

`--control` then plants a broken symbol link in copies of three catalogs — a link inside a clip
module, one to another module, one inside a tooling module — and fails unless DocC refuses each.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import check_apple_glue  # noqa: E402  (sibling module: the module list and the symbol graphs)

SCRATCH = ROOT / ".build-docs"
TOOLING = ROOT / "Tooling"
SITE_NAME = "ClipKit"
# Root-package targets documented although no product: a reference app's preset, kept with its example.
EXAMPLE_PRESETS = ["BlueskyKit"]
# Access levels a tooling library product's pages show; the tooling's other modules show `package` too.
PUBLIC_LEVELS = {"public", "open"}


@dataclass
class Module:
    """One documented module: its name, its catalog, and where its symbol graphs come from."""

    name: str
    catalog: Path
    view: str  # "iOS" (the Apple-view compile, the root package) or "Linux" (the tooling build)


def library_products(package: Path) -> list[str]:
    """The library products a package manifest declares, in order."""
    return re.findall(r'\.library\(\s*name:\s*"([^"]+)"', package.read_text())


def modules() -> list[Module]:
    """Every shipped library module of both packages, each with its catalog."""
    apple_view = {target.name: ROOT / target.label for target in check_apple_glue.targets() if target.package}
    found: list[Module] = []
    for name in library_products(ROOT / "Package.swift") + EXAMPLE_PRESETS:
        if name not in apple_view:
            raise SystemExit(f"docs: the root package's library {name} is not compiled by scripts/check-apple-glue, "
                             "so it has no symbol graphs; add it to the module list there")
        found.append(Module(name, apple_view[name] / f"{name}.docc", "iOS"))
    for folder in sorted((TOOLING / "Sources").iterdir()):
        if (folder / f"{folder.name}.docc").is_dir():
            found.append(Module(folder.name, folder / f"{folder.name}.docc", "Linux"))
    missing = [str(module.catalog.relative_to(ROOT)) for module in found if not module.catalog.is_dir()]
    if missing:
        raise SystemExit(f"docs: these modules have no documentation catalog: {', '.join(missing)}")
    return found


def run(command: list[str], what: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, capture_output=True, text=True, cwd=cwd)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
        raise SystemExit(f"docs: {what} failed")
    return result


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def build_apple_view_graphs(graphs: Path) -> None:
    """Compiles the clip modules as iOS sees them, in `.build-docs/`, and writes their symbol graphs."""
    say("==> swift-crypto and the manifest plugin's generator for the Apple-view compile (swift build --scratch-path .build-docs)")
    run(["swift", "build", "--scratch-path", str(SCRATCH), "--target", "ClipNostr", "--disable-default-traits"],
        "swift build --scratch-path .build-docs --target ClipNostr")
    run(["swift", "build", "--scratch-path", str(SCRATCH), "--product", "clipkit-generate-swift", "--disable-default-traits"],
        "swift build --scratch-path .build-docs --product clipkit-generate-swift")
    say("==> symbol graphs of the clip modules as iOS sees them (scripts/check-apple-glue --symbol-graphs)")
    status = subprocess.run([
        sys.executable, str(ROOT / "scripts" / "check_apple_glue.py"), "--scratch", str(SCRATCH / "apple-check"),
        "--modules", str(SCRATCH / "debug" / "Modules"), "--symbol-graphs", str(graphs),
    ], cwd=ROOT).returncode
    if status != 0:
        raise SystemExit("docs: the Apple-view compile failed; see above")


def build_linux_graphs(found: list[Module], graphs: Path) -> None:
    """Builds the tooling package and writes the symbol graphs of its modules."""
    say("==> the tooling package (swift build --package-path Tooling --build-tests)")
    # dump-symbol-graph extracts the graphs of every target, test targets included, from the build,
    # and fails on a test module that was not built; scripts/test builds the same way, so there this
    # rebuilds nothing.
    run(["swift", "build", "--package-path", str(TOOLING), "--build-tests"], "swift build --package-path Tooling --build-tests")
    say("==> symbol graphs of the tooling modules (swift package --package-path Tooling dump-symbol-graph)")
    options = ["--minimum-access-level", "package", "--skip-synthesized-members", "--emit-extension-block-symbols"]
    result = run(["swift", "package", "--package-path", str(TOOLING), "dump-symbol-graph", *options],
                 "swift package --package-path Tooling dump-symbol-graph")
    written = re.findall(r"Files written to (.+)", result.stdout + result.stderr)
    if not written:
        raise SystemExit("docs: dump-symbol-graph did not say where it wrote the symbol graphs")
    dumped = Path(written[-1].strip())
    products = set(library_products(TOOLING / "Package.swift"))
    for module in found:
        if module.view != "Linux":
            continue
        folder = graphs / module.name
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        # The module's own graph and those of its extensions to other modules' types.
        for graph in [dumped / f"{module.name}.symbols.json", *sorted(dumped.glob(f"{module.name}@*.symbols.json"))]:
            if graph.exists():
                shutil.copy(graph, folder / graph.name)
                if module.name in products:
                    public_only(folder / graph.name)
        if not (folder / f"{module.name}.symbols.json").exists():
            raise SystemExit(f"docs: no symbol graph for {module.name} in {dumped}")


def public_only(graph: Path) -> None:
    """Drops the symbols below public access from a symbol graph, and the relationships naming them."""
    document = json.loads(graph.read_text())
    dropped = {symbol["identifier"]["precise"] for symbol in document["symbols"]
               if symbol.get("accessLevel") not in PUBLIC_LEVELS}
    if not dropped:
        return
    document["symbols"] = [symbol for symbol in document["symbols"] if symbol["identifier"]["precise"] not in dropped]
    document["relationships"] = [
        relationship for relationship in document.get("relationships", [])
        if relationship["source"] not in dropped and relationship["target"] not in dropped
    ]
    graph.write_text(json.dumps(document))


def convert_command(catalog: Path, name: str, graphs: Path, output: Path, dependencies: list[Path], base_path: str,
                    checked: bool = True) -> list[str]:
    command = [
        "docc", "convert", str(catalog), "--additional-symbol-graph-dir", str(graphs / name),
        "--output-path", str(output), "--fallback-display-name", name, "--fallback-bundle-identifier", name,
        "--transform-for-static-hosting", "--enable-experimental-external-link-support",
    ]
    if checked:
        command.append("--warnings-as-errors")
    if base_path:
        command += ["--hosting-base-path", base_path]
    for dependency in dependencies:
        command += ["--dependency", str(dependency)]
    return command


def convert_all(found: list[Module], graphs: Path, base_path: str) -> dict[str, Path]:
    """The link index of every module, then every module converted against the others' indexes."""
    for module in found:
        if not (graphs / module.name / f"{module.name}.symbols.json").exists():
            raise SystemExit(f"docs: no symbol graph for {module.name} in {graphs}")
    index = SCRATCH / "link-index"
    archives = SCRATCH / "archives"
    for folder in (index, archives):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        # Pass 1: what each module's pages are, for the other modules to link to. Links are not
        # checked here; pass 2 checks them.
        jobs = {
            module.name: pool.submit(subprocess.run, convert_command(
                module.catalog, module.name, graphs, index / f"{module.name}.doccarchive", [], base_path, checked=False,
            ), capture_output=True, text=True, cwd=ROOT)
            for module in found
        }
        for name, job in jobs.items():
            result = job.result()
            if result.returncode != 0:
                sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
                raise SystemExit(f"docs: docc convert {name} (link index) failed")
        say(f"==> link index of {len(found)} modules")
        # Pass 2: each module with warnings as errors, against every other module's index.
        jobs = {}
        for module in found:
            dependencies = [index / f"{other.name}.doccarchive" for other in found if other.name != module.name]
            output = archives / f"{module.name}.doccarchive"
            command = convert_command(module.catalog, module.name, graphs, output, dependencies, base_path)
            jobs[module.name] = (output, pool.submit(subprocess.run, command, capture_output=True, text=True, cwd=ROOT))
        built: dict[str, Path] = {}
        failed = []
        for name, (output, job) in jobs.items():
            result = job.result()
            if result.returncode != 0:
                say(f"==> docc convert {name}: FAILED")
                sys.stderr.write(result.stdout + result.stderr)
                failed.append(name)
            else:
                say(f"==> docc convert {name}: no warnings")
                built[name] = output
    if failed:
        raise SystemExit(f"docs: DocC reported problems in {', '.join(failed)} (warnings are errors here)")
    return built


def merge(built: dict[str, Path], site: Path) -> None:
    shutil.rmtree(site, ignore_errors=True)
    site.parent.mkdir(parents=True, exist_ok=True)
    run(["docc", "merge", *map(str, built.values()), "--output-path", str(site),
         "--synthesized-landing-page-name", SITE_NAME, "--synthesized-landing-page-kind", "Package"], "docc merge")
    # The site's root has no page of its own (DocC answers it with "not found"); send visitors to
    # the package's landing page. The link is relative, so it holds under any hosting base path.
    (site / "index.html").write_text(
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>ClipKit documentation</title>\n'
        '<meta http-equiv="refresh" content="0; url=documentation/"></head>\n'
        '<body><p><a href="documentation/">ClipKit documentation</a></p></body></html>\n'
    )


def control(found: list[Module], graphs: Path) -> bool:
    """Plants a broken symbol link in copies of three catalogs; DocC must refuse each."""
    by_name = {module.name: module for module in found}
    index = SCRATCH / "link-index"
    cases = [
        ("ClipKit", "``NoSuchSymbol``", "NoSuchSymbol"),                       # a link inside a clip module
        ("ClipKitUI", "``/ClipKit/NoSuchSymbol``", "NoSuchSymbol"),            # a link to another module
        ("ClipDoctor", "``NoSuchSymbol``", "NoSuchSymbol"),                    # a link inside a tooling module
    ]
    passed = True
    with tempfile.TemporaryDirectory(prefix="clipkit-docs-control") as folder:
        for name, link, expected in cases:
            module = by_name[name]
            copy = Path(folder) / module.catalog.name
            shutil.copytree(module.catalog, copy)
            landing = copy / f"{name}.md"
            landing.write_text(landing.read_text().rstrip("\n") + f"\n\nPlanted by the control: {link}.\n")
            dependencies = [index / f"{other.name}.doccarchive" for other in found if other.name != name]
            command = convert_command(copy, name, graphs, Path(folder) / f"{name}.doccarchive", dependencies, "")
            result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            output = result.stdout + result.stderr
            caught = result.returncode != 0 and expected in output and f"{name}.md" in output
            say(f"==> control {name}: {link} {'failed the build as expected' if caught else 'was NOT caught'}")
            if not caught:
                passed = False
                sys.stderr.write(output[-4000:])
            shutil.rmtree(copy)
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--symbol-graphs", metavar="DIR",
                        help="use the clip modules' symbol graphs that `scripts/check-apple-glue --symbol-graphs DIR` "
                             "wrote (default: build them)")
    parser.add_argument("--hosting-base-path", default="", metavar="PATH",
                        help="the path the site is served under, for instance the repository's name on GitHub Pages")
    parser.add_argument("--output", default=str(SCRATCH / "site"), metavar="DIR", help="where the site goes (default: .build-docs/site)")
    parser.add_argument("--control", action="store_true",
                        help="also plant broken symbol links in copies of three catalogs and fail unless DocC reports each")
    args = parser.parse_args()

    if shutil.which("docc") is None:
        say("docs: `docc` is not on PATH; it comes with the Swift toolchain, next to `swift`")
        return 2
    started = time.monotonic()
    found = modules()
    graphs = SCRATCH / "symbol-graphs"
    if args.symbol_graphs:
        apple_graphs = Path(args.symbol_graphs).resolve()
    else:
        apple_graphs = graphs
        build_apple_view_graphs(apple_graphs)
    if apple_graphs != graphs:
        # One folder of graphs per module, whichever build wrote them.
        for module in found:
            if module.view == "iOS":
                shutil.rmtree(graphs / module.name, ignore_errors=True)
                shutil.copytree(apple_graphs / module.name, graphs / module.name)
    build_linux_graphs(found, graphs)
    graphs_done = time.monotonic()
    base_path = args.hosting_base_path.strip("/")
    built = convert_all(found, graphs, base_path)
    site = Path(args.output).resolve()
    merge(built, site)
    done = time.monotonic()
    where = f"/{base_path}/documentation/" if base_path else "/documentation/"
    say(f"docs: {len(built)} modules ({sum(m.view == 'iOS' for m in found)} as iOS sees them, "
        f"{sum(m.view == 'Linux' for m in found)} from the Linux build) in {site} "
        f"(symbol graphs {graphs_done - started:.0f}s, DocC {done - graphs_done:.0f}s); "
        f"serve the folder at {'/' + base_path + '/' if base_path else '/'} and open {where}")
    if args.control:
        if not control(found, graphs):
            say("docs: control FAILED: a broken symbol link did not fail the build")
            return 1
        say(f"docs: control passed in {time.monotonic() - done:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

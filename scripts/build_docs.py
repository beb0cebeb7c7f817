#!/usr/bin/env python3
"""Builds ClipKit's documentation site: one DocC archive per shipped module, merged into one static site.

What it does, in order:

1. Symbol graphs of every module of the root package, as iOS sees them. Linux compiles none of the
   SwiftUI, UIKit, StoreKit and UserNotifications glue (`ClipSessionView`, `launchDestination`,
   `appStoreOverlay`, `ClipRuntime.fromBundle()`, `ClipNotificationServiceExtension`), so a Linux
   build's symbol graphs would leave out the API a clip and its app call first. The graphs come from
   `scripts/check-apple-glue --symbol-graphs`, which compiles the modules as iOS would against the
   Apple SDK stubs (and, on the way, type-checks the documentation's code listings). Without
   `--symbol-graphs DIR` this script runs that check itself, in its own scratch folder under
   `.build-docs/` (first building swift-crypto there, which the check needs for ClipNostr).
2. `docc convert` per module, in dependency order, with `--warnings-as-errors`: an unresolved symbol
   link, a documented parameter that does not exist or a malformed directive fails the build. Each
   archive is built with DocC's external link support and given the archives of the modules it
   imports, so a page can link to another module's symbol with a leading slash
   (``/ClipKit/ClipRuntime``).
3. `docc merge` into one archive, transformed for static hosting: the site. Any static host serves
   it; `--hosting-base-path` sets the path it is served under (GitHub Pages: the repository's name).

`--control` then plants a broken symbol link in a copy of two catalogs — one local, one to another
module — and fails unless DocC refuses each.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

import check_apple_glue  # noqa: E402  (sibling module: the module list and the symbol graphs)

SCRATCH = ROOT / ".build-docs"
SITE_NAME = "ClipKit"


def modules() -> list[tuple[str, Path, list[str]]]:
    """The root package's modules in dependency order: name, catalog, the modules it imports."""
    found = []
    for target in check_apple_glue.targets():
        if not target.package:
            continue
        catalog = ROOT / target.label / f"{target.name}.docc"
        if not catalog.is_dir():
            raise SystemExit(f"docs: {target.label} has no documentation catalog ({catalog.relative_to(ROOT)})")
        found.append((target.name, catalog, target.imports))
    return found


def closure(name: str, imports: dict[str, list[str]]) -> list[str]:
    """Every module `name` imports, directly or not, in dependency order."""
    seen: list[str] = []

    def visit(module: str) -> None:
        for dependency in imports[module]:
            if dependency not in seen:
                visit(dependency)
                seen.append(dependency)

    visit(name)
    return seen


def run(command: list[str], what: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
        raise SystemExit(f"docs: {what} failed")
    return result


def build_symbol_graphs(graphs: Path) -> None:
    """Compiles the modules as iOS sees them, in `.build-docs/`, and writes their symbol graphs."""
    print("==> swift-crypto for the Apple-view compile (swift build --scratch-path .build-docs)", file=sys.stderr, flush=True)
    run(["swift", "build", "--scratch-path", str(SCRATCH), "--target", "ClipNostr", "--disable-default-traits"],
        "swift build --scratch-path .build-docs")
    print("==> symbol graphs as iOS sees the modules (scripts/check-apple-glue --symbol-graphs)", file=sys.stderr, flush=True)
    status = subprocess.run([
        sys.executable, str(ROOT / "scripts" / "check_apple_glue.py"), "--scratch", str(SCRATCH / "apple-check"),
        "--modules", str(SCRATCH / "debug" / "Modules"), "--symbol-graphs", str(graphs),
    ], cwd=ROOT).returncode
    if status != 0:
        raise SystemExit("docs: the Apple-view compile failed; see above")


def convert_command(catalog: Path, name: str, graphs: Path, output: Path, dependencies: list[Path], base_path: str) -> list[str]:
    command = [
        "docc", "convert", str(catalog), "--additional-symbol-graph-dir", str(graphs / name),
        "--output-path", str(output), "--fallback-display-name", name, "--fallback-bundle-identifier", name,
        "--transform-for-static-hosting", "--enable-experimental-external-link-support", "--warnings-as-errors",
    ]
    if base_path:
        command += ["--hosting-base-path", base_path]
    for dependency in dependencies:
        command += ["--dependency", str(dependency)]
    return command


def convert_all(found: list[tuple[str, Path, list[str]]], graphs: Path, archives: Path, base_path: str) -> dict[str, Path]:
    """Converts every module, two at a time where the dependency order allows."""
    imports = {name: deps for name, _, deps in found}
    built: dict[str, Path] = {}
    pending = list(found)
    shutil.rmtree(archives, ignore_errors=True)
    archives.mkdir(parents=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        while pending:
            ready = [entry for entry in pending if all(dep in built for dep in entry[2])]
            pending = [entry for entry in pending if entry not in ready]
            jobs = {}
            for name, catalog, _ in ready:
                if not (graphs / name / f"{name}.symbols.json").exists():
                    raise SystemExit(f"docs: no symbol graph for {name} in {graphs}")
                output = archives / f"{name}.doccarchive"
                command = convert_command(catalog, name, graphs, output, [built[d] for d in closure(name, imports)], base_path)
                jobs[name] = (output, pool.submit(subprocess.run, command, capture_output=True, text=True, cwd=ROOT))
            failed = []
            for name, (output, job) in jobs.items():
                result = job.result()
                if result.returncode != 0:
                    print(f"==> docc convert {name}: FAILED", file=sys.stderr)
                    sys.stderr.write(result.stdout + result.stderr)
                    failed.append(name)
                else:
                    print(f"==> docc convert {name}: no warnings", file=sys.stderr, flush=True)
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


def control(found: list[tuple[str, Path, list[str]]], graphs: Path, built: dict[str, Path]) -> bool:
    """Plants a broken symbol link in copies of two catalogs; DocC must refuse each."""
    by_name = {name: (catalog, deps) for name, catalog, deps in found}
    imports = {name: deps for name, _, deps in found}
    cases = [
        ("ClipKit", "``NoSuchSymbol``", "NoSuchSymbol"),                       # a link inside the module
        ("ClipKitUI", "``/ClipKit/NoSuchSymbol``", "NoSuchSymbol"),            # a link to another module
    ]
    passed = True
    with tempfile.TemporaryDirectory(prefix="clipkit-docs-control") as folder:
        for name, link, expected in cases:
            catalog, _ = by_name[name]
            copy = Path(folder) / catalog.name
            shutil.copytree(catalog, copy)
            landing = copy / f"{name}.md"
            landing.write_text(landing.read_text().rstrip("\n") + f"\n\nPlanted by the control: {link}.\n")
            command = convert_command(copy, name, graphs, Path(folder) / f"{name}.doccarchive",
                                      [built[d] for d in closure(name, imports)], "")
            result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            output = result.stdout + result.stderr
            caught = result.returncode != 0 and expected in output and f"{name}.md" in output
            print(f"==> control {name}: {link} {'failed the build as expected' if caught else 'was NOT caught'}", file=sys.stderr)
            if not caught:
                passed = False
                sys.stderr.write(output[-4000:])
            shutil.rmtree(copy)
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--symbol-graphs", metavar="DIR",
                        help="use the symbol graphs `scripts/check-apple-glue --symbol-graphs DIR` wrote (default: build them)")
    parser.add_argument("--hosting-base-path", default="", metavar="PATH",
                        help="the path the site is served under, for instance the repository's name on GitHub Pages")
    parser.add_argument("--output", default=str(SCRATCH / "site"), metavar="DIR", help="where the site goes (default: .build-docs/site)")
    parser.add_argument("--control", action="store_true",
                        help="also plant broken symbol links in copies of two catalogs and fail unless DocC reports each")
    args = parser.parse_args()

    if shutil.which("docc") is None:
        print("docs: `docc` is not on PATH; it comes with the Swift toolchain, next to `swift`", file=sys.stderr)
        return 2
    started = time.monotonic()
    found = modules()
    if args.symbol_graphs:
        graphs = Path(args.symbol_graphs).resolve()
    else:
        graphs = SCRATCH / "symbol-graphs"
        build_symbol_graphs(graphs)
    graphs_done = time.monotonic()
    base_path = args.hosting_base_path.strip("/")
    built = convert_all(found, graphs, SCRATCH / "archives", base_path)
    site = Path(args.output).resolve()
    merge(built, site)
    done = time.monotonic()
    where = f"/{base_path}/documentation/" if base_path else "/documentation/"
    print(f"docs: {len(built)} modules in {site} (symbol graphs {graphs_done - started:.0f}s, DocC {done - graphs_done:.0f}s); "
          f"serve the folder at {'/' + base_path + '/' if base_path else '/'} and open {where}", file=sys.stderr)
    if args.control:
        if not control(found, graphs, built):
            print("docs: control FAILED: a broken symbol link did not fail the build", file=sys.stderr)
            return 1
        print(f"docs: control passed in {time.monotonic() - done:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

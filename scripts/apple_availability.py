"""The availability scan of scripts/check-apple-glue.

Finds references to API that is newer than a target's minimum deployment (iOS, and macOS for the
package's modules) and that no `if #available`, `guard #available` or enclosing `@available` covers.

It works on what the compiler resolved, not on names:
- the references come from the compiler's JSON AST (`-dump-ast -dump-ast-format json`): the USR of
  every referenced declaration and the mangled type of every expression and declaration, with byte
  offsets, plus the `@available` attributes and `#available` conditions that guard ranges of code;
- the introduction versions come from symbol graphs (`swift-symbolgraph-extract`) of the Apple SDK
  stubs and of the Swift and Foundation modules of the toolchain, which keep Apple's `introduced`
  versions on Linux (`ContinuousClock`: iOS 16.0), from the `@available` attributes of ClipKit's own
  declarations, and from Tests/AppleSDKStubs/FoundationAvailability.tsv for Foundation API that
  Linux's Foundation declares without them.

Accepted findings, each with its reason, go in scripts/apple-availability-allowlist.txt.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "Tests" / "AppleSDKStubs" / "FoundationAvailability.tsv"
ALLOWLIST = ROOT / "scripts" / "apple-availability-allowlist.txt"
TOOLCHAIN_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "FoundationEssentials", "FoundationInternationalization",
    "Foundation", "FoundationNetworking", "Dispatch",
]
DOMAINS = ("iOS", "macOS")
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol"}

Version = tuple[int, ...]


def parse_version(text: str) -> Version:
    parts = tuple(int(part) for part in text.split("."))
    while len(parts) > 1 and parts[-1] == 0:
        parts = parts[:-1]
    return parts


def show(version: Version) -> str:
    return ".".join(map(str, version if len(version) > 1 else version + (0,)))


@dataclass
class Symbol:
    name: str
    introduced: dict[str, Version]


# MARK: - Symbol graphs

def symbol_table(checker) -> dict[str, Symbol]:
    """USR -> name and introduction versions, from the symbol graphs (cached in the scratch folder)."""
    folder = checker.scratch / "symbols"
    stamp_text = (checker.stubs / "stamp").read_text() + (TABLE.read_text() if TABLE.exists() else "")
    stamp = hashlib.sha256(stamp_text.encode()).hexdigest()
    cache = folder / "availability.json"
    if cache.exists():
        cached = json.loads(cache.read_text())
        if cached.get("stamp") == stamp:
            return {usr: Symbol(entry[0], {d: tuple(v) for d, v in entry[1].items()}) for usr, entry in cached["symbols"].items()}
    started = time.monotonic()
    graphs = folder / "graphs"
    subprocess.run(["rm", "-rf", str(graphs)], check=True)
    graphs.mkdir(parents=True)
    from check_apple_glue import STUB_MODULES

    for module in TOOLCHAIN_MODULES + STUB_MODULES:
        command = [
            "swift-symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
            "-I", str(checker.stubs), "-output-dir", str(graphs), "-minimum-access-level", "public",
        ]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stderr)
            raise SystemExit(f"check-apple-glue: swift-symbolgraph-extract failed for {module}")

    symbols: dict[str, Symbol] = {}
    parents: dict[str, str] = {}
    paths: dict[str, str] = {}
    for path in sorted(graphs.glob("*.symbols.json")):
        graph = json.loads(path.read_text())
        for entry in graph["symbols"]:
            usr = entry["identifier"]["precise"]
            introduced = {}
            for item in entry.get("availability", []):
                if item.get("domain") in DOMAINS and "introduced" in item and not item.get("isUnconditionallyUnavailable"):
                    v = item["introduced"]
                    introduced[item["domain"]] = parse_version(f"{v['major']}.{v.get('minor', 0)}.{v.get('patch', 0)}")
            title = ".".join(entry.get("pathComponents", [entry["names"]["title"]]))
            paths[f"{graph['module']['name']}|{title}"] = usr
            paths.setdefault(f"*|{title}", usr)
            known = symbols.get(usr)
            if known is None or (introduced and not known.introduced):
                symbols[usr] = Symbol(title, introduced)
            if entry["kind"]["identifier"] in TYPE_KINDS:
                symbols[usr].name = title
        for relation in graph.get("relationships", []):
            if relation["kind"] == "memberOf":
                parents[relation["source"]] = relation["target"]

    # Members without their own versions have their type's (or extension's) versions.
    def inherited(usr: str, domain: str, depth: int = 0) -> Version | None:
        symbol = symbols.get(usr)
        if symbol is None or depth > 10:
            return None
        if domain in symbol.introduced:
            return symbol.introduced[domain]
        parent = parents.get(usr)
        return inherited(parent, domain, depth + 1) if parent else None

    for usr, symbol in symbols.items():
        for domain in DOMAINS:
            if domain not in symbol.introduced:
                version = inherited(usr, domain)
                if version:
                    symbol.introduced[domain] = version

    for line_number, module, title, ios, macos, _source in read_table():
        usr = paths.get(f"{module}|{title}")
        if usr is None:
            raise SystemExit(f"check-apple-glue: {TABLE.relative_to(ROOT)}:{line_number}: no symbol {module} {title} on this "
                             "toolchain; fix or remove the entry")
        symbols[usr] = Symbol(title, {"iOS": parse_version(ios), "macOS": parse_version(macos)})

    # Only what can matter is kept: something introduced after iOS 13 or macOS 10.15.
    kept = {usr: s for usr, s in symbols.items()
            if s.introduced.get("iOS", (0,)) > (13,) or s.introduced.get("macOS", (0,)) > (10, 15)}
    cache.write_text(json.dumps({"stamp": stamp, "symbols": {u: [s.name, s.introduced] for u, s in kept.items()}}))
    checker.timings.append(("symbol graphs", time.monotonic() - started))
    return kept


def read_table() -> list[tuple[int, str, str, str, str, str]]:
    rows = []
    if not TABLE.exists():
        return rows
    for number, line in enumerate(TABLE.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 5:
            raise SystemExit(f"check-apple-glue: {TABLE.relative_to(ROOT)}:{number}: expected 5 tab-separated fields "
                             "(module, symbol, iOS, macOS, source)")
        rows.append((number, *fields))
    return rows


# MARK: - The AST

@dataclass
class FileFacts:
    """What the scan needs from one file's AST."""

    path: str                                     # the original, repository-relative path
    text: bytes
    references: list[tuple[int, str]]            # (offset, USR)
    types: dict[str, list[int]]                   # mangled type -> offsets
    guards: list[tuple[int, int, str, Version]]   # (start, end, domain, version)
    declared: dict[str, tuple[str, dict[str, Version]]]  # USR -> (name, versions) of @available declarations


TYPE_KEYS = ("type", "interface_type", "result", "type_usr", "extended_type")


def availability_of(attrs: list) -> dict[str, Version]:
    found = {}
    for attr in attrs or []:
        if isinstance(attr, dict) and attr.get("_kind") == "available_attr" and attr.get("domain") in DOMAINS \
                and attr.get("introduced"):
            found[attr["domain"]] = parse_version(attr["introduced"])
    return found


def query_versions(conditions: list, kind: str) -> dict[str, Version]:
    found = {}
    for condition in conditions or []:
        if isinstance(condition, dict) and condition.get("_kind") == kind:
            for query in condition.get("queries", []):
                if query.get("domain") in DOMAINS and query.get("version"):
                    found[query["domain"]] = parse_version(query["version"])
    return found


def extract(source_file: dict, path: str, text: bytes) -> FileFacts:
    facts = FileFacts(path, text, [], {}, [], {})
    # Each entry: a node, the offset of the nearest enclosing range, and whether the node that holds
    # it is compiler-made (a `for await` loop's `next(isolation:)` call, a synthesized initializer).
    stack: list[tuple[object, int, bool]] = [(source_file, 0, False)]
    while stack:
        node, position, in_implicit = stack.pop()
        if isinstance(node, list):
            stack.extend((item, position, in_implicit) for item in node)
            continue
        if not isinstance(node, dict):
            continue
        span = node.get("range")
        if isinstance(span, dict) and "start" in span:
            position = span["start"]
        kind = node.get("_kind")
        versions = availability_of(node.get("attrs"))
        if versions and isinstance(span, dict):
            for domain, version in versions.items():
                facts.guards.append((span["start"], span.get("end", span["start"]), domain, version))
            if node.get("usr"):
                name = node.get("name", {}).get("base_name", {}).get("name", node["usr"]) if isinstance(node.get("name"), dict) else node["usr"]
                facts.declared[node["usr"]] = (name, versions)
        if kind in ("if_stmt", "while_stmt"):
            then = node.get("then_stmt") or node.get("body")
            for domain, version in query_versions(node.get("conditions"), "#available").items():
                if isinstance(then, dict) and "range" in then:
                    facts.guards.append((then["range"]["start"], then["range"]["end"], domain, version))
            otherwise = node.get("else_stmt")
            for domain, version in query_versions(node.get("conditions"), "#unavailable").items():
                if isinstance(otherwise, dict) and "range" in otherwise:
                    facts.guards.append((otherwise["range"]["start"], otherwise["range"]["end"], domain, version))
        if kind == "brace_stmt" and isinstance(span, dict):
            for element in node.get("elements", []):
                if isinstance(element, dict) and element.get("_kind") == "guard_stmt" and "range" in element:
                    for domain, version in query_versions(element.get("conditions"), "#available").items():
                        facts.guards.append((element["range"]["end"], span["end"], domain, version))
        usr = node.get("decl_usr")
        # The compiler picks the declarations it calls on its own (such as `next(isolation:)`) by the
        # deployment target; only what the source names is checked.
        if usr and not in_implicit:
            facts.references.append((position, usr))
        implicit = bool(node.get("implicit"))
        for key in TYPE_KEYS:
            value = node.get(key)
            if isinstance(value, str) and value.startswith("$s"):
                facts.types.setdefault(value, []).append(position)
        for key, value in node.items():
            if isinstance(value, (dict, list)):
                stack.append((value, position, implicit))
    return facts


def dump_facts(checker, target, copies: list[Path]) -> list[FileFacts]:
    """The facts of every file of `target`, from one `-dump-ast` run."""
    command = ["swiftc", "-dump-ast", "-dump-ast-format", "json", *checker.common_flags(target), *map(str, copies)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.stderr.write(result.stderr[-4000:])
        raise SystemExit(f"check-apple-glue: -dump-ast failed for {target.name}")
    decoder = json.JSONDecoder()
    output = result.stderr + result.stdout
    facts = []
    index = output.find('{"_kind":"source_file"')
    while index >= 0:
        node, end = decoder.raw_decode(output, index)
        filename = str((ROOT / node["filename"]).resolve()) if not node["filename"].startswith("/") else node["filename"]
        original = checker.copy_to_original.get(filename, node["filename"])
        facts.append(extract(node, original, Path(filename).read_bytes()))
        index = output.find('{"_kind":"source_file"', end)
    return facts


# MARK: - The scan

@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    column: int
    name: str
    domain: str
    needed: Version
    minimum: Version

    def __str__(self) -> str:
        return (f"{self.path}:{self.line}:{self.column}: error: '{self.name}' is only available in {self.domain} "
                f"{show(self.needed)} or newer, and this target supports {self.domain} {show(self.minimum)}; guard the use "
                f"with `if #available({self.domain} {show(self.needed)}, *)` or mark the declaration "
                f"`@available({self.domain} {show(self.needed)}, *)`")


def line_and_column(text: bytes, offset: int, line_starts: list[int]) -> tuple[int, int]:
    line = bisect.bisect_right(line_starts, offset)
    return line, offset - line_starts[line - 1] + 1


def read_allowlist() -> set[tuple[str, str]]:
    allowed = set()
    if not ALLOWLIST.exists():
        return allowed
    for number, line in enumerate(ALLOWLIST.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        entry, _, reason = line.partition("#")
        fields = entry.split()
        if len(fields) != 2 or not reason.strip():
            raise SystemExit(f"check-apple-glue: {ALLOWLIST.relative_to(ROOT)}:{number}: expected "
                             "`<path or *> <symbol name> # <reason>`")
        allowed.add((fields[0], fields[1]))
    return allowed


def scan(checker, compiled, facts_by_target=None) -> list[Finding]:
    """Reports and returns the unguarded uses of too-new API in the compiled targets."""
    started = time.monotonic()
    symbols = symbol_table(checker)
    if facts_by_target is None:
        facts_by_target = [(target, dump_facts(checker, target, copies)) for target, copies in compiled]
    for _target, facts in facts_by_target:
        for file in facts:
            for usr, (name, versions) in file.declared.items():
                symbols[usr] = Symbol(name, versions)

    # Type USRs as they appear inside mangled type names: "s:s8DurationV" -> "s8DurationV".
    fragments = {usr[2:]: usr for usr in symbols if usr.startswith("s:") and re.search(r"[VCOP]$", usr)}
    fragment_pattern = re.compile("|".join(sorted(map(re.escape, fragments), key=len, reverse=True))) if fragments else None

    allowed = read_allowlist()
    findings: set[Finding] = set()
    for target, facts in facts_by_target:
        minimums = {domain: parse_version(version) for domain, version in target.minimums.items()}
        for file in facts:
            line_starts = [0] + [i + 1 for i, byte in enumerate(file.text) if byte == 0x0A]
            uses = [(offset, usr) for offset, usr in file.references if usr in symbols]
            if fragment_pattern:
                for mangled, offsets in file.types.items():
                    for match in fragment_pattern.finditer(mangled[2:]):
                        uses.extend((offset, fragments[match.group(0)]) for offset in offsets)
            for offset, usr in uses:
                symbol = symbols[usr]
                for domain, minimum in minimums.items():
                    needed = symbol.introduced.get(domain)
                    if needed is None or needed <= minimum:
                        continue
                    if any(start <= offset <= end and d == domain and version >= needed
                           for start, end, d, version in file.guards):
                        continue
                    if (file.path, symbol.name) in allowed or ("*", symbol.name) in allowed:
                        continue
                    line, column = line_and_column(file.text, offset, line_starts)
                    findings.add(Finding(file.path, line, column, symbol.name, domain, needed, minimum))
    ordered = sorted(findings, key=lambda f: (f.path, f.line, f.column, f.name))
    # One line per use: a reference and its type often land on the same spot.
    seen = set()
    unique = []
    for finding in ordered:
        key = (finding.path, finding.line, finding.name, finding.domain)
        if key not in seen:
            seen.add(key)
            unique.append(finding)
    checker.emit(f"==> availability scan: {len(unique)} unguarded uses of newer API")
    for finding in unique:
        checker.emit(f"  {finding}")
    checker.timings.append(("availability scan", time.monotonic() - started))
    return unique

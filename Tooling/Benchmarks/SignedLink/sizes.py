"""How long share links get with the driver's signed profile in the fragment, against what QR codes
and NFC tags hold.

Signs a few RoadFlare-style kind-0 profiles with nostr-sdk (through the test fixtures), adds the
demo's sample driver, makes each link with `clipkit link make EVENT --json`, and prints a Markdown
table: link length, the smallest QR code version that holds it in byte mode at error correction L
and M, and whether it fits the user memory of NTAG213/215/216 as one NDEF URI record. The typical
profile is also linked with the author's relay list (kind 10002) of 1, 2 and 4 write relays after it.

    .venv/bin/python Tooling/Benchmarks/SignedLink/sizes.py --clipkit PATH
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "python", "relay_fixtures.py")
MANIFEST = os.path.join(ROOT, "Examples", "roadflare", "clipkit.json")

# QR code capacity in byte mode (8-bit), versions 1-40, error correction L and M (ISO/IEC 18004 table 7).
QR_BYTES_L = [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
              929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953]
QR_BYTES_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
              711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331]
# NTAG user memory in bytes (NXP NTAG213/215/216 data sheet).
NTAG = [("NTAG213", 144), ("NTAG215", 504), ("NTAG216", 888)]

# The realistic profile of bench/NostrVerify/main.swift (profileContent), driver 1.
TYPICAL = {"name": "driver1", "display_name": "Driver 1 \U0001F697", "picture": "https://roadflare.app/avatars/1.png",
           "about": "Night shifts downtown.\nNo smoking.", "nip05": "driver1@roadflare.app", "lud16": "driver1@wallet.example",
           "car_make": "Toyota", "car_model": "Prius", "car_color": "blue"}


def qr_version(length, capacities):
    for version, capacity in enumerate(capacities, start=1):
        if length <= capacity:
            return version
    return None


def ndef_bytes(url):
    """Bytes an NDEF message with one URI record takes on a Type 2 tag, TLV and terminator included."""
    payload = 1 + len(url.encode()) - len("https://")      # URI identifier code 0x04 stands for https://
    short = payload <= 255
    record = 1 + 1 + (1 if short else 4) + 1 + payload       # header, type length, payload length, type "U", payload
    tlv = 2 if record < 255 else 4
    return tlv + record + 1                                  # + terminator TLV


def sign(key, content):
    spec = {"key": key, "kind": 0, "content": json.dumps(content, ensure_ascii=False, separators=(",", ":")), "createdAt": 1767225600}
    result = subprocess.run([sys.executable, FIXTURES, "sign"], input=json.dumps(spec) + "\n", capture_output=True, text=True, check=True)
    return json.loads(result.stdout.splitlines()[0])["event"]


def sign_relay_list(key, write_relays):
    """The author's kind-10002 relay list naming `write_relays`, signed like the profiles."""
    spec = {"key": key, "kind": 10002, "content": "", "createdAt": 1767225600,
            "tags": [["r", url] for url in write_relays]}
    result = subprocess.run([sys.executable, FIXTURES, "sign"], input=json.dumps(spec) + "\n", capture_output=True, text=True, check=True)
    return json.loads(result.stdout.splitlines()[0])["event"]


def make_link(clipkit, source, relay_list=None):
    extra = ["--relay-list", relay_list] if relay_list else []
    result = subprocess.run([clipkit, "link", "make", source, "--manifest", MANIFEST, "--json"] + extra, capture_output=True, text=True)
    if result.returncode != 0:
        return json.loads(result.stdout) if result.stdout.strip() else {"url": None, "reason": result.stderr.strip()}
    return json.loads(result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clipkit", required=True)
    options = parser.parse_args()

    long_about = dict(TYPICAL, about=("Night shifts downtown, airport runs on weekends. Quiet car, phone chargers for "
                                      "every phone, child seat on request. No smoking, no pets. ") * 4)
    variants = [
        ("minimal: name only", {"name": "ana"}),
        ("typical: bench profileContent", TYPICAL),
        ("long about (~500 B)", long_about),
        ("long about (~1 KiB)", dict(long_about, about=long_about["about"] * 2)),
    ]
    folder = tempfile.mkdtemp(prefix="clipkit-link-sizes-")
    rows = []
    events = [(name, sign("link-size-%d" % index, content)) for index, (name, content) in enumerate(variants)]
    with open(os.path.join(ROOT, "Examples", "roadflare", "demo", "sample-driver.json")) as handle:
        events.insert(2, ("demo sample driver", json.load(handle)))
    first = events[0][1]
    plain = make_link(options.clipkit, first["pubkey"])
    rows.append(("plain link (no profile)", 0, plain))
    for name, event in events:
        path = os.path.join(folder, "event.json")
        with open(path, "w") as handle:
            json.dump(event, handle, ensure_ascii=False)
        rows.append((name, len(event["content"].encode()), make_link(options.clipkit, path)))

    # The typical profile again, with the author's relay list (kind 10002) after it in the fragment.
    typical_index = next(index for index, (name, _) in enumerate(variants) if name.startswith("typical"))
    typical_name, typical = events[typical_index if typical_index < 2 else typical_index + 1]
    typical_path = os.path.join(folder, "typical.json")
    with open(typical_path, "w") as handle:
        json.dump(typical, handle, ensure_ascii=False)
    for relays in (["wss://relay.roadflare.app"], ["wss://relay.roadflare.app", "wss://nos.lol"],
                   ["wss://relay.roadflare.app", "wss://nos.lol", "wss://relay.damus.io", "wss://relay.primal.net"]):
        list_path = os.path.join(folder, "relay-list.json")
        with open(list_path, "w") as handle:
            json.dump(sign_relay_list("link-size-%d" % typical_index, relays), handle)
        rows.append(("%s + relay list, %d write relay%s" % (typical_name, len(relays), "" if len(relays) == 1 else "s"),
                     len(typical["content"].encode()), make_link(options.clipkit, typical_path, list_path)))

    print("| link | content bytes | link characters | QR version, byte mode, L | QR version, M | NDEF bytes | NTAG213 (144 B) | NTAG215 (504 B) | NTAG216 (888 B) |")
    print("|---|---:|---:|---:|---:|---:|:-:|:-:|:-:|")
    for name, content, link in rows:
        url = link.get("url")
        if not url:
            print("| %s | %d | not made: %s | | | | | | |" % (name, content, link.get("reason", "")))
            continue
        length = len(url)
        ndef = ndef_bytes(url)
        fits = ["yes" if ndef <= capacity else "no" for _, capacity in NTAG]
        print("| %s | %d | %d | %s | %s | %d | %s |" % (
            name, content, length, qr_version(length, QR_BYTES_L) or "none", qr_version(length, QR_BYTES_M) or "none", ndef, " | ".join(fits)))


if __name__ == "__main__":
    main()

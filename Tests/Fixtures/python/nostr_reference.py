"""Reference side of ClipNostr's cross-implementation tests, driven by nostr-sdk (rust-nostr).

Modes (each prints one JSON object per line on standard output):

  events           sign a corpus of events with hard content and tags; each line is
                   {"label", "id", "contentHex", "tagsHex", "event": <event JSON exactly as nostr-sdk writes it>}
  verify           read one event JSON per line on standard input; print
                   {"parsed", "validID", "validSignature"} (or {"parsed": false, "error"})
  nip19-make N     make N keys with npub and nprofile strings; print {"pubkey", "npub", "nprofile", "relays"}
  nip19-read       read one NIP-19 string per line on standard input; print
                   {"type", "pubkey", "relays"} (or {"error"}); an nevent adds "id" and "kind"
                   (pubkey is its author, either may be null), an naddr "identifier" and "kind"
  nip19-make-pointers N
                   make N nevent and N naddr strings; print {"type": "nevent", "nevent", "id",
                   "author", "kind", "relays"} and {"type": "naddr", "naddr", "identifier",
                   "pubkey", "kind", "relays"} (relays as nostr-sdk reads its own string back)
"""

import hashlib
import json
import sys

import nostr_sdk as nostr


def keys_for(label):
    """A fixed key per label, so runs are repeatable (signatures still use fresh randomness)."""
    secret = hashlib.sha256(("clipkit-corpus:" + label).encode("utf-8")).hexdigest()
    return nostr.Keys(nostr.SecretKey.parse(secret))


def control_characters():
    return "".join(chr(code) for code in range(0x20)) + "\x7f"


def long_content():
    unit = "Fahrer 司机 🚗 \"q\" \\ / \n\t\u2028 é "
    text = ""
    while len(text.encode("utf-8")) < 64 * 1024:
        text += unit
    return text


def corpus():
    """(label, kind, content, tags, created_at) for every case."""
    hard = {
        "empty": "",
        "ascii": "hello nostr",
        "url": "https://roadflare.app/share/d/npub1xyz?ref=a&b=c#frag </script>",
        "quotes-backslashes": 'He said "hi" \\ back\\\\slash \\" \\\\n not-a-newline \\u0041',
        "slashes": "/ // \\/ a/b/c",
        "all-controls": control_characters(),
        "emoji": "🚗💨 👩‍👩‍👧‍👦 🏳️‍🌈 🇯🇵 1️⃣",
        "cjk": "司机 运输 日本語のテキスト 한국어 텍스트",
        "rtl": "سائق مرحبا עברית \u202eevil\u202c \u200f",
        "line-separators": "a\u2028b\u2029c",
        "combining": "e\u0301 a\u0308 Z\u0324\u0354\u0367\u0311\u0313 \u0915\u094d\u0937",
        "non-bmp": "𝄞 𐍈 \U0001F9D1\u200d\U0001F680",
        "bom-noncharacters": "\ufeff start \ufffe \uffff \ufdd0 end",
        "nul-in-middle": "before\x00after",
        "json-looking": json.dumps({"name": "Ana", "car_make": "Toyota", "car_color": "blue"}),
        "whitespace-only": " \t\n\r ",
        "long-64k": long_content(),
    }
    cases = []
    for label, content in hard.items():
        cases.append((label, 1, content, [], 1700000000))
    for code in list(range(0x20)) + [0x7F]:
        cases.append(("control-%02x" % code, 1, "x" + chr(code) + "y", [], 1700000001))
    for label, content in hard.items():
        if label == "long-64k":
            continue
        cases.append(("tags-" + label, 1, "tagged", [["clipkit-test", content], ["t", "a", content, "b"]], 1700000002))
    cases.append(("kind-0-profile", 0, json.dumps({"name": "ana", "display_name": "Ana 🚗", "car_make": "Toyota"}), [], 1700000003))
    cases.append(("kind-65535", 65535, "max kind", [], 1700000004))
    cases.append(("kind-30023", 30023, "long-form", [["d", "slug"]], 1700000005))
    cases.append(("created-at-zero", 1, "epoch", [], 0))
    cases.append(("created-at-far", 1, "far future", [], 9999999999))
    cases.append(("many-tags", 1, "many", [["clipkit-test", str(index)] for index in range(300)], 1700000006))
    return cases


def make_events():
    for label, kind, content, tags, created_at in corpus():
        keys = keys_for(label)
        builder = nostr.EventBuilder(nostr.Kind(kind), content)
        builder = builder.tags([nostr.Tag.parse(tag) for tag in tags])
        builder = builder.custom_created_at(nostr.Timestamp.from_secs(created_at))
        event = builder.finalize(keys)
        if not event.verify():
            raise SystemExit("nostr-sdk produced an event it does not verify: " + label)
        tags_hex = [[value.encode("utf-8").hex() for value in tag.to_vec()] for tag in event.tags()]
        line = '{"label":%s,"id":"%s","contentHex":"%s","tagsHex":%s,"event":%s}' % (
            json.dumps(label), event.id().to_hex(), event.content().encode("utf-8").hex(),
            json.dumps(tags_hex), event.as_json())
        print(line)


def verify_events():
    for line in sys.stdin.read().split("\n"):
        if not line:
            continue
        try:
            event = nostr.Event.from_json(line)
        except Exception as error:  # nostr-sdk raises its own error types
            print(json.dumps({"parsed": False, "error": str(error)}))
            continue
        print(json.dumps({"parsed": True, "validID": event.verify_id(), "validSignature": event.verify_signature()}))


RELAY_SETS = [
    [],
    ["wss://relay.example.com"],
    ["wss://relay.example.com", "ws://127.0.0.1:7777"],
    ["wss://nos.lol", "wss://relay.damus.io", "wss://relay.example.org:4443/sub/path"],
]


def make_nip19(count):
    for index in range(count):
        keys = keys_for("nip19-%d" % index)
        relays = RELAY_SETS[index % len(RELAY_SETS)]
        profile = nostr.Nip19Profile(keys.public_key(), [nostr.RelayUrl.parse(url) for url in relays])
        decoded = nostr.Nip19Profile.from_bech32(profile.to_bech32())
        print(json.dumps({
            "pubkey": keys.public_key().to_hex(),
            "npub": keys.public_key().to_bech32(),
            "nprofile": profile.to_bech32(),
            "relays": [str(url) for url in decoded.relays()],
        }))


def read_nip19():
    for line in sys.stdin.read().split("\n"):
        if not line:
            continue
        try:
            entity = nostr.Nip19.from_bech32(line).as_enum()
        except Exception as error:
            print(json.dumps({"error": str(error)}))
            continue
        if entity.is_pubkey():
            print(json.dumps({"type": "npub", "pubkey": entity.npub.to_hex(), "relays": []}))
        elif entity.is_profile():
            profile = entity.nprofile
            print(json.dumps({"type": "nprofile", "pubkey": profile.public_key().to_hex(),
                              "relays": [str(url) for url in profile.relays()]}))
        elif entity.is_event():
            event = entity.event
            author = event.author()
            kind = event.kind()
            print(json.dumps({"type": "nevent", "id": event.event_id().to_hex(),
                              "pubkey": author.to_hex() if author is not None else None,
                              "kind": kind.as_u16() if kind is not None else None,
                              "relays": [str(url) for url in event.relays()]}))
        elif entity.is_addr():
            address = entity.coordinate
            coordinate = address.coordinate()
            print(json.dumps({"type": "naddr", "identifier": coordinate.identifier(),
                              "pubkey": coordinate.public_key().to_hex(), "kind": coordinate.kind().as_u16(),
                              "relays": [str(url) for url in address.relays()]}))
        else:
            print(json.dumps({"type": "other", "pubkey": None, "relays": []}))


IDENTIFIERS = ["", "slug", "Fahrer 司机 🚗", "with spaces and \"quotes\"", "d" * 200]


def make_pointers(count):
    for index in range(count):
        keys = keys_for("nip19-pointer-%d" % index)
        relays = [nostr.RelayUrl.parse(url) for url in RELAY_SETS[index % len(RELAY_SETS)]]
        event_id = hashlib.sha256(("clipkit-nevent:%d" % index).encode("utf-8")).hexdigest()
        # Every other nevent names its author, every third its kind.
        author = keys.public_key() if index % 2 == 0 else None
        kind = nostr.Kind([1, 0, 30023, 65535][index % 4]) if index % 3 == 0 else None
        event = nostr.Nip19Event(nostr.EventId.parse(event_id), author, kind, relays)
        text = event.to_bech32()
        read = nostr.Nip19Event.from_bech32(text)
        print(json.dumps({
            "type": "nevent", "nevent": text, "id": event_id,
            "author": author.to_hex() if author is not None else None,
            "kind": kind.as_u16() if kind is not None else None,
            "relays": [str(url) for url in read.relays()],
        }))
        address_kind = [0, 30023, 10002, 65535][index % 4]
        identifier = IDENTIFIERS[index % len(IDENTIFIERS)]
        coordinate = nostr.Coordinate(nostr.Kind(address_kind), keys.public_key(), identifier)
        address = nostr.Nip19Coordinate(coordinate, relays)
        text = address.to_bech32()
        read = nostr.Nip19Coordinate.from_bech32(text)
        print(json.dumps({
            "type": "naddr", "naddr": text, "identifier": identifier, "pubkey": keys.public_key().to_hex(),
            "kind": address_kind, "relays": [str(url) for url in read.relays()],
        }))


def main(arguments):
    if not arguments:
        raise SystemExit(__doc__)
    mode = arguments[0]
    if mode == "events":
        make_events()
    elif mode == "verify":
        verify_events()
    elif mode == "nip19-make":
        make_nip19(int(arguments[1]) if len(arguments) > 1 else 40)
    elif mode == "nip19-make-pointers":
        make_pointers(int(arguments[1]) if len(arguments) > 1 else 20)
    elif mode == "nip19-read":
        read_nip19()
    else:
        raise SystemExit("unknown mode: " + mode + "\n" + __doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

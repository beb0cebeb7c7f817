"""The reference side of ClipCodes' tests: segno (the reference QR encoder) and ndeflib (an NDEF
parser). Each mode reads JSON lines on standard input and prints one JSON object per line.

  versions   each line {"text", "level"}: segno's version at that level, without raising the level
             (make_qr(text, error=level, boost_error=False)). Prints {"version"}.
  matrix     each line {"text", "level", "version", "mask", "mode"}: segno's symbol in that mode,
             version and mask. Prints {"rows": ["0101…", …]} (1 for dark).
  ndef       each line {"hex"}: the message parsed by ndeflib. Prints {"records": [{"type", "uri"}]}
             or {"error"} when ndeflib refuses it.
"""

import json
import sys

import ndef
import segno


def versions(request):
    symbol = segno.make_qr(request["text"], error=request["level"], boost_error=False)
    return {"version": symbol.version}


def matrix(request):
    symbol = segno.make_qr(request["text"], error=request["level"], version=request["version"],
                           mask=request["mask"], mode=request["mode"], boost_error=False)
    return {"rows": ["".join("1" if module else "0" for module in row) for row in symbol.matrix]}


def parse_ndef(request):
    try:
        records = list(ndef.message_decoder(bytes.fromhex(request["hex"]), errors="strict"))
    except Exception as error:  # ndeflib's DecodeError and friends: the message is refused
        return {"error": str(error)}
    return {"records": [{"type": record.type, "uri": getattr(record, "iri", None)} for record in records]}


MODES = {"versions": versions, "matrix": matrix, "ndef": parse_ndef}


def main():
    mode = MODES[sys.argv[1]]
    out = sys.stdout
    for line in sys.stdin:
        if line.strip():
            out.write(json.dumps(mode(json.loads(line))) + "\n")
    out.flush()


if __name__ == "__main__":
    main()

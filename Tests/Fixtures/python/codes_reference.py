"""The reference side of ClipCodes' tests: segno (the reference QR encoder) and ndeflib (an NDEF
parser). Each mode reads JSON lines on standard input and prints one JSON object per line.

  versions   each line {"text", "level", "full"?}: segno's version at that level, as make_qr picks it
             (its encoder's prepare_data and find_version, without making the symbol, which
             takes segno tens of milliseconds); with "full": true also through
             make_qr(text, error=level, boost_error=False).version, so the two are seen to agree.
             Prints {"version", "made"?}.
  matrix     each line {"text", "level", "version", "mask", "mode"}: segno's symbol in that mode,
             version and mask. Prints {"rows": ["0101…", …]} (1 for dark).
  ndef       each line {"hex"}: the message parsed by ndeflib. Prints {"records": [{"type", "uri"}]}
             or {"error"} when ndeflib refuses it.
"""

import json
import sys

import ndef
import segno
from segno import encoder


def versions(request):
    error = encoder.normalize_errorlevel(request["level"])
    segments = encoder.prepare_data(request["text"], None, None)
    answer = {"version": encoder.find_version(segments, error, eci=False, micro=False)}
    if request.get("full"):
        answer["made"] = segno.make_qr(request["text"], error=request["level"], boost_error=False).version
    return answer


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

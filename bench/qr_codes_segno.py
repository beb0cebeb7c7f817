"""segno's side of bench/qr-codes.sh: the same URLs, the same level, for the same time; prints one
JSON line like qr-codes-bench, codes a second for each measure asked for (all three by default):
symbols (mask chosen, the level raised when free, segno's default), symbols-exact-level (the same
with boost_error=False) and png (symbols with their PNG file at 10 pixels a module, in memory).
Usage: qr_codes_segno.py URLS_FILE SECONDS LEVEL [symbols|symbols-exact-level|png ...]"""
import io
import json
import sys
import time

import segno


def rate(urls, seconds, make):
    made = 0
    start = time.perf_counter()
    while True:
        for url in urls:
            make(url)
            made += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return made / elapsed


def main():
    urls = [line for line in open(sys.argv[1], encoding="utf-8").read().split("\n") if line]
    seconds, level = float(sys.argv[2]), sys.argv[3]
    measures = sys.argv[4:] or ["symbols", "symbols-exact-level", "png"]

    def with_png(url):
        out = io.BytesIO()
        segno.make_qr(url, error=level).save(out, kind="png", scale=10)
        return out

    makers = {
        "symbols": lambda url: segno.make_qr(url, error=level).version,
        "symbols-exact-level": lambda url: segno.make_qr(url, error=level, boost_error=False).version,
        "png": with_png,
    }
    result = {"urls": len(urls)}
    for measure in measures:
        if measure not in makers:
            sys.exit(f"qr_codes_segno: unknown measure {measure}: symbols, symbols-exact-level or png")
        result[measure] = rate(urls, seconds, makers[measure])
    print(json.dumps(result))


if __name__ == "__main__":
    main()

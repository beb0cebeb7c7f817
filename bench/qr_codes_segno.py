"""segno's side of bench/qr-codes.sh: the same URLs, the same level, for the same time; prints one
JSON line like qr-codes-bench. Usage: qr_codes_segno.py URLS_FILE SECONDS LEVEL"""
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
    symbols = rate(urls, seconds, lambda url: segno.make_qr(url, error=level).version)

    def with_png(url):
        out = io.BytesIO()
        segno.make_qr(url, error=level).save(out, kind="png", scale=10)
        return out

    pngs = rate(urls, seconds, with_png)
    print(json.dumps({"symbolsPerSecond": symbols, "pngPerSecond": pngs, "urls": len(urls)}))


if __name__ == "__main__":
    main()

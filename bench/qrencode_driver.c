/*
 * libqrencode's side of bench/qr-codes.sh: makes the QR symbol of every URL of a file, over and
 * over for a fixed time, and prints one JSON line like qr-codes-bench: symbols a second.
 *
 *   qrencode-driver URLS_FILE SECONDS LEVEL [8bit|auto]
 *
 * 8bit: QRcode_encodeString8bit, the whole URL in one byte-mode segment; auto:
 * QRcode_encodeString with QR_MODE_8 as the hint, libqrencode's own split into numeric,
 * alphanumeric and byte segments (the qrencode command's default). Either way the version is the
 * smallest that holds the URL (version 0) and the mask is the one libqrencode's penalty scoring
 * chooses; libqrencode keeps the level asked for (it does not raise it when that costs nothing).
 */
#include <errno.h>
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

static int level_named(const char *name, QRecLevel *level) {
    switch (name[0]) {
    case 'L': case 'l': *level = QR_ECLEVEL_L; return name[1] == '\0';
    case 'M': case 'm': *level = QR_ECLEVEL_M; return name[1] == '\0';
    case 'Q': case 'q': *level = QR_ECLEVEL_Q; return name[1] == '\0';
    case 'H': case 'h': *level = QR_ECLEVEL_H; return name[1] == '\0';
    default: return 0;
    }
}

int main(int argc, char **argv) {
    QRecLevel level;
    if (argc < 4 || !level_named(argv[3], &level)) {
        fprintf(stderr, "usage: qrencode-driver URLS_FILE SECONDS L|M|Q|H [8bit|auto]\n");
        return 2;
    }
    if (argc > 4 && strcmp(argv[4], "8bit") != 0 && strcmp(argv[4], "auto") != 0) {
        fprintf(stderr, "qrencode-driver: the mode is 8bit or auto, not %s\n", argv[4]);
        return 2;
    }
    const int automatic = argc > 4 && strcmp(argv[4], "auto") == 0;
    const double seconds = atof(argv[2]);
    FILE *file = fopen(argv[1], "rb");
    if (file == NULL) {
        fprintf(stderr, "qrencode-driver: cannot open %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    static char text[1 << 20];
    const size_t length = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[length] = '\0';

    char *urls[4096];
    int count = 0;
    for (char *line = strtok(text, "\n"); line != NULL && count < 4096; line = strtok(NULL, "\n")) {
        urls[count++] = line;
    }
    if (count == 0) {
        fprintf(stderr, "qrencode-driver: %s holds no URLs\n", argv[1]);
        return 2;
    }

    long made = 0, checksum = 0;
    const double start = now();
    double elapsed;
    do {
        for (int index = 0; index < count; index++) {
            QRcode *code = automatic ? QRcode_encodeString(urls[index], 0, level, QR_MODE_8, 1)
                                     : QRcode_encodeString8bit(urls[index], 0, level);
            if (code == NULL) {
                fprintf(stderr, "qrencode-driver: libqrencode refused URL %d: %s\n", index + 1, strerror(errno));
                return 1;
            }
            checksum += code->version;
            QRcode_free(code);
            made++;
        }
        elapsed = now() - start;
    } while (elapsed < seconds);
    printf("{\"symbols\": %.3f, \"urls\": %d, \"checksum\": %ld}\n", (double)made / elapsed, count, checksum);
    return 0;
}

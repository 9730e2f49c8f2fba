#!/usr/bin/env bash
# Installs the Debian packages Folio's engines need, only when something is missing.
# Safe to run repeatedly: a machine that already has everything is left untouched.
set -euo pipefail

# command-on-PATH  debian-package
REQUIRED=(
  "qpdf qpdf"
  "pdfinfo poppler-utils"
  "pdftoppm poppler-utils"
  "chromium chromium"
  "fc-list fontconfig"
  "gs ghostscript"
  "tesseract tesseract-ocr"
  "ocrmypdf ocrmypdf"
  "convert-im6.q16 imagemagick"
  "bwrap bubblewrap"
  "openssl openssl"
  "keytool openjdk-17-jre-headless"
  "rsvg-convert librsvg2-bin"
  "jpegtran libjpeg-turbo-progs"
)
# Office suite without a desktop (its UNO bridge lets a warm instance take many jobs),
# MuPDF for Python with the `regex` module (text redaction, server/src/engines/pdf-redact.py),
# pikepdf (qpdf for Python: Advanced Colour's content streams, server/src/engines/pdf-recolour.py),
# Pillow (JPEG and GIF files of extracted images, server/src/engines/pdf-images.py),
# OpenCV (with its contrib modules) and NumPy for Python: photos cut out of scans
# (server/src/engines/scanned-photos.py) and the WeChat QR reader for Auto Split PDF's
# divider codes (server/src/engines/qr-codes.py),
# OCR language data (the OCR tool's English, Chinese Simplified, French, German and
# Portuguese) and unpaper (its Clean option), fonts with the metrics of the usual office fonts, and for stamps
# and watermarks: Pango through Python (shaping and bidi for every script,
# server/src/engines/pango-text.py), fonts for Arabic and Thai (Noto core) and CJK, URW's
# metric twins of Helvetica, Times and Courier (page numbers), and the
# certificate authorities Validate PDF Signature trusts when no certificate is sent.
# Calibre's ebook-convert (e-books to and from PDF), MuPDF's mutool (XPS to PDF) and
# unar (reading CBR comic archives; RAR has no free writer, so PDF to CBR is refused).
# Handwriting-style faces for typed signatures (Sign): Kaushan Script, DKG Handwriting (and URW's Z003, above).
# Compress PDF recodes pictures with Pillow and subsets fonts with fontTools, both through
# Python (server/src/engines/pdf-compress.py), and optimises JPEGs losslessly with jpegtran.
EXTRA_PACKAGES=(
  ca-certificates
  libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui libreoffice-draw-nogui python3-uno
  python3-fitz python3-regex python3-pikepdf python3-pil python3-fonttools python3-opencv python3-numpy
  tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-fra tesseract-ocr-deu tesseract-ocr-por unpaper
  fonts-dejavu-core fonts-liberation2 fonts-crosextra-carlito fonts-crosextra-caladea fonts-noto-core fonts-noto-cjk
  gir1.2-pango-1.0 python3-gi-cairo fonts-urw-base35 python3-lxml
  calibre mupdf-tools unar
  fonts-kaushanscript fonts-dkg-handwriting
)

# Only for `npm test` (scripts/setup.sh --tests): documentation packages whose
# PDFs (many producers, PDF 1.2 to 1.7, about 25 MB in all) make the
# robustness corpus of server/test/robustness-corpus.spec.ts; and ExifTool, an
# independent XMP reader for Change Metadata's tests; qrencode and zbar, which make
# and independently read the QR codes of Auto Split PDF's tests and divider sheet;
# PostgreSQL, a private server per test for the contact store of FOLIO_DATABASE_URL
# (server/test/support/postgres-server.ts); Redis, for the cluster test of FOLIO_REDIS_URL
# (server/test/cluster.spec.ts, server/test/support/redis-server.ts); img2pdf, one more
# producer of the compression bench's real-world corpus (server/bench/compression-corpus.ts);
# openpyxl, an independent reader of the XLSX workbooks the server writes.
TEST_PACKAGES=(
  libimage-exiftool-perl qrencode zbar-tools postgresql redis-server python3-reportlab
  graphviz-doc xfig-doc groff asymptote-doc liblcms2-dev fonts-sil-doulos fonts-sil-abyssinica
  fonts-sil-shimenkan zlib1g-dev python-reportlab-doc fonts-sil-mingzat fonts-sil-tagmukay python3-openpyxl
  maint-guide bzip2-doc fonts-sil-dai-banna fonts-sil-ezra libijs-doc img2pdf
)
if [ "${1:-}" = "--tests" ]; then EXTRA_PACKAGES+=("${TEST_PACKAGES[@]}"); fi

# Engines never run as root: a server started as root runs them as this unprivileged
# system user (server/src/engines/confinement.ts). A server run by an ordinary user
# runs them as itself and needs none.
if [ "$(id -u)" -eq 0 ] && ! getent passwd folio-engine >/dev/null; then
  echo "folio: adding the system user folio-engine (engines run as it)"
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin folio-engine
fi

missing=()
for entry in "${REQUIRED[@]}"; do
  read -r cmd pkg <<<"$entry"
  command -v "$cmd" >/dev/null 2>&1 || missing+=("$pkg")
done
for pkg in "${EXTRA_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

# De-duplicate while keeping order.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')
echo "folio: installing system packages: ${missing[*]}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "folio: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

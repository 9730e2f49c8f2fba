"""Reads the QR codes on page pictures (grey PGM files) with OpenCV's WeChat QR
reader (Debian's python3-opencv, built with the contrib modules).

Run as: python3 -I -B qr-codes.py <job.json>
The job: {"images": ["/job/page-1.pgm", ...], "pageSeconds": 8}
Answers on stdout: {"pages": [{"texts": ["..."], "timedOut": false}, ...]},
one entry per image, in order.

Why WeChat's reader: on scans (skewed, grey paper, speckle noise, JPEG) at
150 DPI it decoded every code zbar and OpenCV's plain QRCodeDetector missed
(Debian builds the latter without its decoder, quirc). Each picture is first
smoothed (a 5-pixel Gaussian): speckle noise makes the reader's finder slow
(tens of seconds for a page of heavy noise) and less sure, and smoothing
takes most of that away. Turning the picture black and white first (Otsu or
adaptive thresholds) was tried and lost codes whose modules are 3 pixels wide;
the smoothed grey picture found every code any variant found. Each picture is
searched in a child process with a time limit, so a page of pure noise that
still keeps the finder busy is counted as holding no code.
"""

import json
import os
import select
import signal
import sys

import cv2


def decode(reader, path):
    image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    if image is None:
        return []
    texts, _ = reader.detectAndDecode(cv2.GaussianBlur(image, (5, 5), 0))
    return [text for text in texts if text]


def search(reader, path, seconds):
    """Decodes one picture in a child process, stopped after `seconds`."""
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read_end)
        try:
            answer = json.dumps(decode(reader, path)).encode("utf-8")
        except Exception:  # an unreadable picture holds no code
            answer = b"[]"
        with os.fdopen(write_end, "wb") as out:
            out.write(answer)
        os._exit(0)
    os.close(write_end)
    chunks = []
    timed_out = False
    try:
        while True:
            ready, _, _ = select.select([read_end], [], [], seconds)
            if not ready:
                timed_out = True
                break
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        if timed_out:
            os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
    if timed_out:
        return {"texts": [], "timedOut": True}
    try:
        texts = json.loads(b"".join(chunks).decode("utf-8") or "[]")
    except ValueError:
        texts = []
    return {"texts": texts, "timedOut": False}


def main():
    with open(sys.argv[1], encoding="utf-8") as job_file:
        job = json.load(job_file)
    # The server runs two of these at once on two cores.
    cv2.setNumThreads(1)
    reader = cv2.wechat_qrcode_WeChatQRCode()
    pages = [search(reader, path, float(job["pageSeconds"])) for path in job["images"]]
    json.dump({"pages": pages}, sys.stdout)


if __name__ == "__main__":
    main()

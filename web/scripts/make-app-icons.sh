#!/bin/sh
# Draws the installed app's icons (web/public/icons/) from the favicon, so there is
# one drawing to edit. Run after changing web/public/favicon.svg; needs rsvg-convert
# (Debian: librsvg2-bin). The PNGs are committed: the build does not need librsvg.
set -eu
public="$(dirname "$0")/../public"
mkdir -p "$public/icons"
rsvg-convert -w 192 -h 192 "$public/favicon.svg" -o "$public/icons/icon-192.png"
rsvg-convert -w 512 -h 512 "$public/favicon.svg" -o "$public/icons/icon-512.png"
# Maskable and Apple icons are cut to shape by the system: the background must fill
# the square (no rounded corners of our own); the page glyph already sits inside the
# central safe circle (radius 40 %).
full_bleed() { sed 's/ rx="8"//' "$public/favicon.svg"; }
full_bleed | rsvg-convert -w 512 -h 512 -o "$public/icons/maskable-512.png"
full_bleed | rsvg-convert -w 180 -h 180 -o "$public/icons/apple-touch-icon.png"

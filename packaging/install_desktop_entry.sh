#!/usr/bin/env bash
# Install the desktop entry, AppStream metainfo, MIME types and icons for the current user (or PREFIX).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${PREFIX:-$HOME/.local}"
id=org.deckeditor.DeckEditor
install -Dm644 "$here/$id.desktop" "$prefix/share/applications/$id.desktop"
install -Dm644 "$here/$id.metainfo.xml" "$prefix/share/metainfo/$id.metainfo.xml"
install -Dm644 "$here/$id.mime.xml" "$prefix/share/mime/packages/$id.xml"
install -Dm644 "$here/icons/$id.svg" "$prefix/share/icons/hicolor/scalable/apps/$id.svg"
for png in "$here"/icons/hicolor/*/apps/$id.png; do
  size="$(basename "$(dirname "$(dirname "$png")")")"
  install -Dm644 "$png" "$prefix/share/icons/hicolor/$size/apps/$id.png"
done
command -v update-mime-database >/dev/null && update-mime-database "$prefix/share/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database -q "$prefix/share/applications" || true
echo "installed $id under $prefix (make sure 'deckeditor' is on PATH)"

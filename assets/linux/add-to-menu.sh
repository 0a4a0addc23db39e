#!/bin/sh
# Add Fantasy Racing to this user's desktop menu (Linux), or take it out again.
#
#     ./add-to-menu.sh            add it (run it again after moving this folder)
#     ./add-to-menu.sh --remove   take it out
#
# It copies the icons and writes the menu entry under $XDG_DATA_HOME (by default
# ~/.local/share); the game itself stays in this folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/fantasy-racing.desktop"
sizes="16 32 48 64 128 256"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry"
    for size in $sizes; do rm -f "$data/icons/hicolor/${size}x${size}/apps/fantasy-racing.png"; done
    echo "Fantasy Racing is no longer in the menu."
    exit 0
fi
if [ ! -x "$here/fantasy-racing" ]; then
    echo "add-to-menu.sh: $here/fantasy-racing is missing; run this script from the game's folder." >&2
    exit 1
fi
for size in $sizes; do
    mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
    cp "$here/icons/hicolor/${size}x${size}/apps/fantasy-racing.png" "$data/icons/hicolor/${size}x${size}/apps/"
done
mkdir -p "$data/applications"
# The entry starts the game where it is: Exec and Path name this folder.
sed -e "s|^Exec=.*|Exec=\"$here/fantasy-racing\"|" -e "/^Exec=/a Path=$here" \
    "$here/fantasy-racing.desktop" > "$entry.tmp"
mv "$entry.tmp" "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
echo "Fantasy Racing is in the menu: $entry"

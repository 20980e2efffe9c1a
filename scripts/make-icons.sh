#!/usr/bin/env bash
# Makes the app's icons (assets/icons/hicolor), each drawn by the app itself from one map: seed
# 2024 after 300,000 drops in Site Dark, the middle of the map at each size (the sketch's
# viewport crops a square canvas to the island's centre), and the scalable icon from that map's
# linework (terrain-cli --svg, its viewBox cut to the same square). The icons are kept in the
# repository; run this again only to change them.
#
#   scripts/make-icons.sh [BUILD_DIR]     (default build/release; needs Xvfb or a display)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/release}"
app="$build/src/app/terrain-sandbox"
cli="$build/src/cli/terrain-cli"
id=org.terrainsandbox.TerrainSandbox
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for size in 16 24 32 48 64 128 256 512; do
  dir="assets/icons/hicolor/${size}x${size}/apps"
  mkdir -p "$dir"
  rm -f "$dir/$id.png"
  # A square picture of the map as the view shows it, no panel; rivers only from 48 up, where
  # they are more than a smudge.
  rivers=()
  [ "$size" -lt 48 ] && rivers=(--no-rivers)
  XDG_CONFIG_HOME="$work" SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-offscreen}" "$app" --seed 2024 \
    --drops 300000 --paused --frames 1 "${rivers[@]}" --screenshot "$dir/$id.png" \
    --render-size "${size}x${size}" >/dev/null
done
# The linework, cut to the square the pictures show: the map's middle 180 x 180 cells.
mkdir -p assets/icons/hicolor/scalable/apps
"$cli" --seed 2024 --drops 300000 --out "$work/grids" --svg "$work/map.svg" >/dev/null 2>&1
sed -e 's/viewBox="-0.5 -0.5 320 180"/viewBox="69.5 -0.5 180 180"/' \
  -e 's/width="1280" height="720"/width="512" height="512"/' \
  "$work/map.svg" >"assets/icons/hicolor/scalable/apps/$id.svg"
grep -q 'viewBox="69.5 -0.5 180 180"' "assets/icons/hicolor/scalable/apps/$id.svg"
echo "icons written to assets/icons/hicolor"

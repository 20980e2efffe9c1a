#!/usr/bin/env bash
# Terrain Sandbox installed like any desktop program, end to end:
#   1. cmake --install to a temporary prefix gives both programs, the launcher entry
#      (desktop-file-validate), the AppStream metainfo (appstreamcli validate --no-net), the
#      icons and the man pages;
#   2. the installed programs run from anywhere with nothing of the build or source tree:
#      terrain-cli --help, a map and a heightmap; the app draws a --screenshot; the launcher
#      entry's Exec line opens a heightmap given as its %f;
#   3. cpack -G DEB gives a package holding all of it whose Depends names SDL2 and the other
#      run-time libraries and whose Recommends names zenity, which apt-get would install
#      (simulated) and whose programs run when unpacked.
#
#   install_test.sh BUILD_DIR SOURCE_DIR SANITIZED
# SANITIZED: 1 for a sanitizer build (whose programs name their sources in the sanitizers' own
# records, as they must to report; such a build is for testing, never for installing), else 0.
set -euo pipefail
build="$(realpath "$1")"
source="$(realpath "$2")"
sanitized="${3:-0}"
id=org.terrainsandbox.TerrainSandbox
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
trap 'echo "install_test: a step failed at line $LINENO" >&2' ERR
fail() { echo "install_test: $*" >&2; exit 1; }
# Runs a command on a virtual X display of its own. xvfb-run -a picks a free display number by
# looking, so with other tests' displays starting beside it (ctest -j) the one it picked can be
# taken by the time its Xvfb starts: then it is tried again, up to three times.
on_xvfb() {
  for _ in 1 2 3; do
    if xvfb-run -a -e "$work/xvfb.err" -s '-screen 0 1280x720x24' "$@"; then return 0; fi
    grep -q "Xvfb failed to start" "$work/xvfb.err" 2>/dev/null || return 1
    sleep 1
  done
  return 1
}
# A sanitizer build's programs run with AddressSanitizer and UBSan on, but without the leak
# check at exit, as the GUI tests run them (tests/app/gui/gui_support.cpp): SDL's X11 start-up
# leaves allocations inside the system's libdbus that LeakSanitizer reports.
if [ "$sanitized" = 1 ]; then
  export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1"
fi

echo "== cmake --install to a temporary prefix"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/terrain-sandbox bin/terrain-cli \
  "share/applications/$id.desktop" "share/metainfo/$id.metainfo.xml" \
  "share/icons/hicolor/scalable/apps/$id.svg" \
  share/man/man1/terrain-sandbox.1 share/man/man1/terrain-cli.1 \
  share/doc/terrain-sandbox/copyright share/doc/terrain-sandbox/README.md; do
  [ -e "$prefix/$f" ] || fail "cmake --install did not install $f"
done
for size in 16 24 32 48 64 128 256 512; do
  icon="$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png"
  [ -e "$icon" ] || fail "no ${size}x${size} icon"
  # A PNG of that size: the IHDR's width and height, big-endian, at bytes 16..23.
  read -r w h < <(od -An -tu1 -j16 -N8 "$icon" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
  [ "$w" = "$size" ] && [ "$h" = "$size" ] || fail "the ${size}x${size} icon is ${w}x${h}"
done
desktop-file-validate "$prefix/share/applications/$id.desktop"
appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" >/dev/null ||
  appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml"
grep -q "^Exec=terrain-sandbox %f$" "$prefix/share/applications/$id.desktop" || fail "Exec line"
# The map file's type: shared-mime-info builds its database from the package, and it knows a
# .tsmap by name and by its first bytes; the launcher opens it; it has an icon.
grep -q "^MimeType=application/x-terrain-sandbox-map;" "$prefix/share/applications/$id.desktop" ||
  fail "the launcher does not open map files"
update-mime-database "$prefix/share/mime"
grep -q "application/x-terrain-sandbox-map:\*\.tsmap" "$prefix/share/mime/globs" ||
  fail "the mime database has no *.tsmap glob"
grep -q "application/x-terrain-sandbox-map" "$prefix/share/mime/magic" ||
  fail "the mime database has no magic for map files"
[ -e "$prefix/share/icons/hicolor/48x48/mimetypes/application-x-terrain-sandbox-map.png" ] ||
  fail "no icon for map files"
for page in terrain-sandbox terrain-cli; do
  grep -q '^\.TH "\?'"${page^^}" "$prefix/share/man/man1/$page.1" ||
    fail "$page.1 is not a man page"
  # roff escapes the flags' dashes: \-\-seed
  grep -qF '\-\-seed' "$prefix/share/man/man1/$page.1" || fail "$page.1 lacks the flags"
done

echo "== the installed programs, from elsewhere"
export XDG_CONFIG_HOME="$work/config"
cd "$work"
# (grep reads the whole text: a pipe into grep -q can end its writer early, and pipefail
# would count that.)
grep -q '^Usage: terrain-cli' <<<"$("$prefix/bin/terrain-cli" --help)" || fail "terrain-cli --help"
"$prefix/bin/terrain-cli" --seed 7 --drops 2000 --out "$work/grids" \
  --heightmap "$work/ground.png" >/dev/null
[ -s "$work/grids/eroded.npy" ] && [ -s "$work/ground.png" ] || fail "terrain-cli wrote nothing"
grep -q '^Usage: terrain-sandbox' <<<"$("$prefix/bin/terrain-sandbox" --help)" || fail "app --help"
# Under Xvfb, a real X display, as a desktop would run it.
on_xvfb "$prefix/bin/terrain-sandbox" --seed 7 --frames 2 \
  --size 320x180 --screenshot "$work/shot.png" >/dev/null
read -r w h < <(od -An -tu1 -j16 -N8 "$work/shot.png" | awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
[ "$w" = 320 ] && [ "$h" = 180 ] || fail "the installed app's screenshot is ${w}x${h}"
# Nothing of the build or the source tree is named in the programs.
if [ "$sanitized" != 1 ]; then
  for tree in "$build" "$source"; do
    if grep -qF "$tree/" "$prefix/bin/terrain-sandbox" "$prefix/bin/terrain-cli"; then
      fail "an installed program names $tree"
    fi
  done
fi

echo "== the launcher entry opens a file given to it"
exec_line="$(sed -n 's/^Exec=//p' "$prefix/share/applications/$id.desktop")"
command="${exec_line//%f/$work/ground.png}"
PATH="$prefix/bin:$PATH" on_xvfb timeout 90 bash -c "exec $command" >"$work/launch.out" 2>&1 &
pid=$!
for _ in $(seq 600); do
  grep -q "^Opened $work/ground.png " "$work/launch.out" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
# xvfb-run passes the app's SIGTERM on as a quit, and stops its display.
pkill -TERM -f "^terrain-sandbox $work/ground.png" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
grep -q "^Opened $work/ground.png (320 x 180, its own heights, crop) as the ground$" \
  "$work/launch.out" || { cat "$work/launch.out" >&2; fail "the launcher entry did not open the file"; }

echo "== cpack -G DEB"
(cd "$build" && cpack -G DEB -B "$work/package" >/dev/null)
deb="$(ls "$work"/package/terrain-sandbox_*.deb)"
[ -f "$deb" ] || fail "no .deb"
contents="$(dpkg-deb -c "$deb")"
for f in ./usr/bin/terrain-sandbox ./usr/bin/terrain-cli \
  "./usr/share/applications/$id.desktop" "./usr/share/metainfo/$id.metainfo.xml" \
  "./usr/share/icons/hicolor/256x256/apps/$id.png" ./usr/share/man/man1/terrain-sandbox.1 \
  ./usr/share/man/man1/terrain-cli.1; do
  grep -qF " $f" <<<"$contents" || fail "the package lacks $f"
done
depends="$(dpkg-deb -f "$deb" Depends)"
for lib in libsdl2 libpng16 libopenexr libtiff libtinygltf libgif libavcodec libgl1-mesa-dri; do
  grep -q "$lib" <<<"$depends" || fail "Depends does not name $lib: $depends"
done
# The desktop's file chooser is recommended (the app draws its own file dialog without it).
grep -qw zenity <<<"$(dpkg-deb -f "$deb" Recommends)" || fail "Recommends does not name zenity"
[ "$(dpkg-deb -f "$deb" Version)" = "$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "$prefix/share/metainfo/$id.metainfo.xml")" ] ||
  fail "the package's version is not the metainfo's"
apt-get install --simulate -q "$deb" >"$work/apt.out" 2>&1 ||
  { cat "$work/apt.out" >&2; fail "apt-get would not install the package"; }
dpkg-deb -x "$deb" "$work/unpacked"
grep -q '^Usage: terrain-cli' <<<"$("$work/unpacked/usr/bin/terrain-cli" --help)" ||
  fail "the packaged terrain-cli does not run"
on_xvfb "$work/unpacked/usr/bin/terrain-sandbox" --seed 3 \
  --frames 2 --size 320x180 --screenshot "$work/packaged.png" >/dev/null
[ -s "$work/packaged.png" ] || fail "the packaged terrain-sandbox drew nothing"
echo "install_test: all good ($(basename "$deb"): $depends)"

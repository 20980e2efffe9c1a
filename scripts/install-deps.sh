#!/usr/bin/env bash
# Installs what Terrain Sandbox needs from Debian 12, and only what is missing.
# Usage: scripts/install-deps.sh          (uses sudo when not run as root)
set -euo pipefail

packages=(
  build-essential cmake pkg-config git         # the build
  ninja-build                                   # ... its builder (parallel across targets)
  libsdl2-dev libimgui-dev libepoxy-dev         # window, panel, GL entry points
  libx11-dev                                    # the GUI tests' file drops (xdnd_drop)
  libstb-dev                                    # PNG
  libpng-dev                                    # 16-bit PNG heightmaps
  libglm-dev                                    # vectors and matrices: the map's zoom and pan
  libcli11-dev nlohmann-json3-dev               # command-line flags, JSON
  libgl1-mesa-dri libegl-mesa0 libglx-mesa0     # OpenGL (Mesa; llvmpipe where there is no GPU)
  libfontconfig-dev fonts-dejavu-core           # the debug text's font: sans-serif, as the browser finds it
  libopenexr-dev libtiff-dev                    # float32 heightmaps: OpenEXR and TIFF
  libgeotiff-dev                                # the TIFF in metres as a GeoTIFF (pixel scale, GeoKeys)
  libtinygltf-dev                               # glTF meshes
  libgif-dev                                    # animated GIF time-lapses
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev  # H.264 MP4 time-lapses (FFmpeg)
  libzstd-dev libxxhash-dev                     # map files: zstd sections, xxHash checksums
  libxml2-dev                                   # the tests read the SVG exports as XML
  gdal-bin                                      # the tests read the engine presets' heightmaps back with GDAL
  libgtest-dev libbenchmark-dev                 # tests and benchmark
  clang-format                                  # the format check in scripts/test.sh
  clang libclang-rt-14-dev                      # scripts/fuzz.sh: libFuzzer (libclang_rt.fuzzer*) and the sanitizers
  xvfb xauth xdotool                            # the GUI tests: a virtual display, driven by xdotool
  nodejs                                        # the p5.js reference test (tests/core/skyline_walk_p5.js)
  help2man dpkg-dev                             # man pages from --help; cpack's .deb (dpkg-shlibdeps)
  desktop-file-utils appstream                  # the install test validates the launcher entry and metainfo
  shared-mime-info                              # ... and builds the map file type's database
  zenity                                        # the desktop's file chooser (the app draws its own without it)
)
# npm for that test's p5.js and jsdom: Debian's own package, unless npm is there already (the
# NodeSource nodejs package carries its own, and conflicts with Debian's).
command -v npm >/dev/null || packages+=(npm)

packages+=("$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

# Finds the system packages the project uses (all from Debian 12; nothing is copied in).
# The core needs none of them. See README.md for the apt-get line that installs them.
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)

# PNG writing and reading for terrain_io (snapshots, image comparisons): always needed.
pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
# 16-bit grayscale PNG heightmaps for terrain_io (libpng, with zlib): always needed.
find_package(PNG REQUIRED)
# Command-line flags (terrain-cli, terrain-sandbox) and JSON (terrain-cli's summary.json, the
# io tests): both header-only, always needed.
find_package(CLI11 CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)
# Vectors and matrices (the map's zoom and pan, render/geometry/map_camera.h): header-only.
find_package(glm CONFIG REQUIRED)
# Float32 heightmaps for terrain_io: OpenEXR (src/io/heightmap_exr.cpp) and libtiff
# (src/io/heightmap_tiff.cpp), always needed.
find_package(OpenEXR CONFIG REQUIRED)
find_package(TIFF REQUIRED)
# GeoTIFF tags (pixel scale, tiepoint, GeoKeys) on the TIFF heightmap in metres, through
# libgeotiff (libgeotiff-dev). Debian's package has neither a CMake config nor a pkg-config
# file, so the header and the library are found by hand into an imported target (its headers
# SYSTEM, as an imported target's are).
find_path(GEOTIFF_INCLUDE_DIR geotiffio.h PATH_SUFFIXES geotiff REQUIRED)
find_library(GEOTIFF_LIBRARY NAMES geotiff REQUIRED)
add_library(GeoTIFF::GeoTIFF UNKNOWN IMPORTED)
set_target_properties(GeoTIFF::GeoTIFF PROPERTIES IMPORTED_LOCATION "${GEOTIFF_LIBRARY}"
                      INTERFACE_INCLUDE_DIRECTORIES "${GEOTIFF_INCLUDE_DIR}"
                      INTERFACE_LINK_LIBRARIES TIFF::TIFF)
# What leaves the sandbox besides heightmaps (src/exports): binary glTF meshes through
# tinygltf (Debian ships it as a shared library: no TINYGLTF_IMPLEMENTATION here, which would
# clash with stb), animated GIF through giflib, H.264 MP4 through FFmpeg's libraries (the
# encoder is libx264's, through libavcodec).
find_package(TinyGLTF CONFIG REQUIRED)
find_package(GIF REQUIRED)
pkg_check_modules(AV REQUIRED IMPORTED_TARGET libavcodec libavformat libswscale libavutil)
# Map files (io/map_file.h): each section compressed with zstd and checked with xxHash.
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)

if(TERRAIN_BUILD_TESTS)
  find_package(GTest REQUIRED)
  # The tests read the SVG exports with a real XML parser.
  find_package(LibXml2 REQUIRED)
endif()
if(TERRAIN_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()
if(TERRAIN_BUILD_APP)
  find_package(SDL2 REQUIRED)
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
  pkg_check_modules(EPOXY REQUIRED IMPORTED_TARGET epoxy)
  pkg_check_modules(FONTCONFIG REQUIRED IMPORTED_TARGET fontconfig)
endif()

# Installing Terrain Sandbox like any desktop program: `cmake --install` to any prefix
# (GNUInstallDirs), and `cpack -G DEB` for a Debian package of the same files.
#
#   bin/terrain-sandbox, bin/terrain-cli
#   share/applications/org.terrainsandbox.TerrainSandbox.desktop   the launcher entry
#   share/icons/hicolor/NxN/apps/org.terrainsandbox.TerrainSandbox.png  drawn by the app from a
#       map (assets/icons, made by scripts/make-icons.sh), and scalable/ its linework as SVG
#   share/metainfo/org.terrainsandbox.TerrainSandbox.metainfo.xml   AppStream
#   share/mime/packages/org.terrainsandbox.TerrainSandbox.xml        the map file's type (.tsmap),
#       and its icon as share/icons/hicolor/NxN/mimetypes/application-x-terrain-sandbox-map.png
#   share/man/man1/terrain-sandbox.1, terrain-cli.1                  made by help2man from --help
#   share/doc/terrain-sandbox/copyright (the MIT licence), README.md
#
# The programs need nothing else from where they were built: the shaders are compiled into
# them, the debug text's font is found through fontconfig, settings go to $XDG_CONFIG_HOME.
include(GNUInstallDirs)

set(TERRAIN_APP_ID org.terrainsandbox.TerrainSandbox)
# The release the metainfo lists, with the project's VERSION (top-level CMakeLists.txt).
set(TERRAIN_RELEASE_DATE 2026-12-01)
set(TERRAIN_ICON_SIZES 16 24 32 48 64 128 256 512)

install(TARGETS terrain-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Debian's place for a package's licence and notes: share/doc/<package>.
set(TERRAIN_DOCDIR ${CMAKE_INSTALL_DATADIR}/doc/terrain-sandbox)
install(FILES LICENSE DESTINATION ${TERRAIN_DOCDIR} RENAME copyright)
install(FILES README.md DESTINATION ${TERRAIN_DOCDIR})

# Man pages from each program's --help, at build time (help2man reads the usage and the flags;
# the version is the project's).
find_program(TERRAIN_HELP2MAN help2man REQUIRED)
set(TERRAIN_MAN_PAGES)
function(terrain_man_page target name)
  set(page ${CMAKE_BINARY_DIR}/man/${target}.1)
  add_custom_command(
    OUTPUT ${page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND ${TERRAIN_HELP2MAN} --no-info --no-discard-stderr --section=1
            --version-string=${PROJECT_VERSION} --name=${name} --output=${page}
            $<TARGET_FILE:${target}>
    DEPENDS ${target}
    COMMENT "Man page of ${target} (help2man)"
    VERBATIM)
  set(TERRAIN_MAN_PAGES ${TERRAIN_MAN_PAGES} ${page} PARENT_SCOPE)
endfunction()
terrain_man_page(terrain-cli "rain carves a terrain from the command line: grids, heightmaps, SVG, meshes")

if(TERRAIN_BUILD_APP)
  install(TARGETS terrain-sandbox RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES assets/desktop/${TERRAIN_APP_ID}.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  foreach(size ${TERRAIN_ICON_SIZES})
    install(FILES assets/icons/hicolor/${size}x${size}/apps/${TERRAIN_APP_ID}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  endforeach()
  install(FILES assets/icons/hicolor/scalable/apps/${TERRAIN_APP_ID}.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
  # The map file's type, and its icon: the app's own (a map is what the app shows).
  install(FILES assets/mime/${TERRAIN_APP_ID}.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
  foreach(size ${TERRAIN_ICON_SIZES})
    install(FILES assets/icons/hicolor/${size}x${size}/apps/${TERRAIN_APP_ID}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/mimetypes
            RENAME application-x-terrain-sandbox-map.png)
  endforeach()
  install(FILES assets/icons/hicolor/scalable/apps/${TERRAIN_APP_ID}.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/mimetypes
          RENAME application-x-terrain-sandbox-map.svg)
  configure_file(assets/metainfo/${TERRAIN_APP_ID}.metainfo.xml.in
                 ${CMAKE_BINARY_DIR}/${TERRAIN_APP_ID}.metainfo.xml @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/${TERRAIN_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  terrain_man_page(terrain-sandbox "rain carves an island while you watch (the Hydraulic Erosion sketch)")
endif()
add_custom_target(man_pages ALL DEPENDS ${TERRAIN_MAN_PAGES})
install(FILES ${TERRAIN_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# The Debian package: cpack -G DEB in the build folder.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME terrain-sandbox)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Terrain Sandbox developers")
set(CPACK_PACKAGE_CONTACT "The Terrain Sandbox developers <maintainers@terrainsandbox.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "watch rain carve an island, and steer it live")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "A desktop port of the p5.js Hydraulic Erosion sketch: fractal noise with an island
 falloff, particle erosion by rain, priority-flood drainage and marching-squares contours on
 a 320 x 180 heightfield, live in an SDL and OpenGL window with a Dear ImGui panel of every
 slider, seed, colour scheme and toggle. Also drainage views, diamond-square terrain, your own
 heightmaps as ground, and heightmaps, SVG, glTF and OBJ meshes, 8K renders and GIF or MP4
 time-lapses to take elsewhere. terrain-cli does the same from the command line.")
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE https://github.com/terrain-sandbox/terrain-sandbox)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The shared libraries the programs link (SDL2, libpng, OpenEXR, libtiff, tinygltf, giflib,
# FFmpeg ...) come from dpkg-shlibdeps; what is loaded at run time rather than linked is named
# here: a GL driver (Mesa's, llvmpipe where there is no GPU) and a sans-serif font.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libgl1-mesa-dri, fonts-dejavu-core | fonts-freefont-ttf")
# The desktop's file chooser for Open, Save as, Browse..., Choose... and the exports
# (src/app/file_chooser.h); without it the window draws its own file dialog (file_dialog.h).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "zenity")
include(CPack)

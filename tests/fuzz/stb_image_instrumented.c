/* stb_image's implementation, compiled into the fuzz build from libstb-dev's own header so
   that png_fuzz runs an instrumented PNG decoder (see CMakeLists.txt). */
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

// Two things every part of the renderer does with textures and framebuffers, once.
#pragma once

#include <epoxy/gl.h>

#include <cstdint>
#include <span>

namespace terrain::render {

// The bound `target` texture reads its nearest texel and clamps at its edges: what every
// texture here needs (each is read texel for texel, and is complete without mipmaps).
void set_nearest_clamp(GLenum target = GL_TEXTURE_2D);

// Reads framebuffer `fbo`'s width x height RGBA8 pixels into `rgba` (row 0 first), leaving
// the read framebuffer binding as it was. Throws std::invalid_argument, naming `what`, when
// `rgba` is not width * height * 4 bytes.
void read_rgba8(GLuint fbo, int width, int height, std::span<uint8_t> rgba, const char* what);

}  // namespace terrain::render

// The ground as a mesh (see mesh.h).
//
// Sections: checks; the vertices (positions, normals) shared by both formats; glTF through
// tinygltf; OBJ text.
#include "exports/mesh.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "render/geometry/relief.h"

namespace terrain::exports {
namespace {

// --- Checks ------------------------------------------------------------------------------------

const Heightfield& checked(const MeshInputs& in) {
  if (in.ground == nullptr) throw std::invalid_argument("mesh: the ground is required");
  const Heightfield& ground = *in.ground;
  if (ground.width() < 2 || ground.height() < 2) {
    throw std::invalid_argument("mesh: the ground must be at least 2 x 2 cells");
  }
  if (ground.size() > kMaxMeshCells) {
    throw std::invalid_argument("mesh: more than 4096 x 4096 cells");
  }
  if (in.rgba.size() != ground.size() * 4) {
    throw std::invalid_argument("mesh: the colours must be 4 bytes for each of the " +
                                std::to_string(ground.size()) + " cells");
  }
  if (!std::isfinite(in.exaggeration) || !(in.exaggeration > 0)) {
    throw std::invalid_argument("mesh: the exaggeration must be a positive finite number");
  }
  try {
    io::check_real_units(in.units);
  } catch (const io::HeightmapError& e) {
    throw std::invalid_argument(std::string("mesh: ") + e.what());
  }
  return ground;
}

// --- The vertices ------------------------------------------------------------------------------

struct Vertices {
  std::vector<float> positions;  // x, y, z per vertex
  std::vector<float> normals;    // x, y, z per vertex
};

// The vertices in cells with heights x `exaggeration`, or in metres when `units` are given.
Vertices vertices(const Heightfield& ground, double exaggeration, const io::RealUnits& units) {
  const int w = ground.width();
  const int h = ground.height();
  // Across: one cell is this long; up: a height of 1 is this tall.
  const double cell = units.given() ? units.cell_size : 1.0;
  const double vertical = units.given() ? units.height_scale : exaggeration;
  Vertices v;
  v.positions.resize(ground.size() * 3);
  v.normals.resize(ground.size() * 3);
  std::vector<float> up(ground.size());
  for (std::size_t i = 0; i < ground.size(); i++) {
    up[i] = static_cast<float>(static_cast<double>(ground[i]) * vertical);
  }
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      const std::size_t i = ground.index(x, y);
      float* p = &v.positions[3 * i];
      p[0] = static_cast<float>(x * cell);
      p[1] = up[i];
      p[2] = static_cast<float>(y * cell);
      // Central differences, one-sided at the edges.
      const int x0 = std::max(0, x - 1);
      const int x1 = std::min(w - 1, x + 1);
      const int y0 = std::max(0, y - 1);
      const int y1 = std::min(h - 1, y + 1);
      const double dx = (static_cast<double>(up[ground.index(x1, y)]) - up[ground.index(x0, y)]) /
                        ((x1 - x0) * cell);
      const double dz = (static_cast<double>(up[ground.index(x, y1)]) - up[ground.index(x, y0)]) /
                        ((y1 - y0) * cell);
      const double length = std::sqrt(dx * dx + 1 + dz * dz);
      float* n = &v.normals[3 * i];
      n[0] = static_cast<float>(-dx / length);
      n[1] = static_cast<float>(1 / length);
      n[2] = static_cast<float>(-dz / length);
    }
  }
  return v;
}

// The triangles of square (x, y), counter-clockwise seen from above: (a, c, b) and (b, c, d)
// with a, b its top corners and c, d its bottom ones; calls put(i, j, k) for each.
template <typename Put>
void each_triangle(int w, int h, Put put) {
  for (int y = 0; y + 1 < h; y++) {
    for (int x = 0; x + 1 < w; x++) {
      const auto a = static_cast<uint32_t>(y * w + x);
      const uint32_t b = a + 1;
      const auto c = static_cast<uint32_t>(a + static_cast<uint32_t>(w));
      const uint32_t d = c + 1;
      put(a, c, b);
      put(b, c, d);
    }
  }
}

// --- glTF --------------------------------------------------------------------------------------

template <typename T>
void append_bytes(std::vector<unsigned char>& out, const std::vector<T>& values) {
  const std::size_t at = out.size();
  out.resize(at + values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(out.data() + at, values.data(), values.size() * sizeof(T));
}

// --- OBJ ---------------------------------------------------------------------------------------

// The shortest text that reads back as the same float.
void append_float(std::string& out, float value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value);
  out.append(text, end.ptr);
}

void append_whole(std::string& out, uint64_t value) {
  char text[24];
  const auto end = std::to_chars(text, text + sizeof text, value);
  out.append(text, end.ptr);
}

// An 8-bit level / 255 with 4 decimals (every level reads back to itself).
void append_level(std::string& out, uint8_t level) {
  char text[16];
  const auto end =
      std::to_chars(text, text + sizeof text, level / 255.0, std::chars_format::fixed, 4);
  out.append(text, end.ptr);
}

}  // namespace

std::optional<MeshFormat> mesh_format_for(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".glb") return MeshFormat::glb;
  if (ext == ".obj") return MeshFormat::obj;
  return std::nullopt;
}

std::vector<uint8_t> mesh_colors(const Heightfield& ground, double sea_level,
                                 const render::ColorScheme& scheme) {
  std::vector<uint8_t> rgba(ground.size() * 4);
  render::relief_cells(ground, sea_level, scheme, rgba);
  return rgba;
}

float srgb_to_linear(uint8_t level) {
  const double c = level / 255.0;
  return static_cast<float>(c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4));
}

std::vector<uint8_t> mesh_glb(const MeshInputs& in) {
  const Heightfield& ground = checked(in);
  const int w = ground.width();
  const int h = ground.height();
  const std::size_t count = ground.size();
  const Vertices v = vertices(ground, in.exaggeration, in.units);

  std::vector<float> colors(count * 3);
  float linear[256];
  for (int level = 0; level < 256; level++)
    linear[level] = srgb_to_linear(static_cast<uint8_t>(level));
  for (std::size_t i = 0; i < count; i++) {
    for (std::size_t k = 0; k < 3; k++) colors[3 * i + k] = linear[in.rgba[4 * i + k]];
  }
  std::vector<uint32_t> indices;
  indices.reserve(static_cast<std::size_t>(w - 1) * static_cast<std::size_t>(h - 1) * 6);
  each_triangle(w, h, [&](uint32_t a, uint32_t b, uint32_t c) {
    indices.push_back(a);
    indices.push_back(b);
    indices.push_back(c);
  });

  tinygltf::Model model;
  model.asset.version = "2.0";
  model.asset.generator = "Terrain Sandbox";

  tinygltf::Buffer buffer;
  buffer.data.reserve(count * 36 + indices.size() * 4);
  // One buffer view per attribute, tightly packed, and one for the indices.
  const auto view = [&](std::size_t offset, std::size_t length, int target) {
    tinygltf::BufferView bv;
    bv.buffer = 0;
    bv.byteOffset = offset;
    bv.byteLength = length;
    bv.target = target;
    model.bufferViews.push_back(bv);
    return static_cast<int>(model.bufferViews.size() - 1);
  };
  const auto accessor = [&](int buffer_view, int component, std::size_t n, int type) {
    tinygltf::Accessor a;
    a.bufferView = buffer_view;
    a.byteOffset = 0;
    a.componentType = component;
    a.count = n;
    a.type = type;
    model.accessors.push_back(a);
    return static_cast<int>(model.accessors.size() - 1);
  };
  const auto attribute = [&](const std::vector<float>& values) {
    const std::size_t offset = buffer.data.size();
    append_bytes(buffer.data, values);
    return accessor(view(offset, values.size() * sizeof(float), TINYGLTF_TARGET_ARRAY_BUFFER),
                    TINYGLTF_COMPONENT_TYPE_FLOAT, values.size() / 3, TINYGLTF_TYPE_VEC3);
  };
  const int position = attribute(v.positions);
  const int normal = attribute(v.normals);
  const int color = attribute(colors);
  const std::size_t index_offset = buffer.data.size();
  append_bytes(buffer.data, indices);
  const int index = accessor(
      view(index_offset, indices.size() * sizeof(uint32_t), TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER),
      TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, indices.size(), TINYGLTF_TYPE_SCALAR);
  model.buffers.push_back(std::move(buffer));

  // POSITION must give its bounds, and exactly: in the glTF 2.0 specification ("Accessors
  // Bounds") min and max are the least and greatest of the values as stored, so they are taken
  // from the floats written, in all three axes (in metres x and z are not the grid's columns
  // and rows).
  std::vector<double> lo(3, std::numeric_limits<double>::max());
  std::vector<double> hi(3, std::numeric_limits<double>::lowest());
  for (std::size_t i = 0; i < count; i++) {
    for (std::size_t k = 0; k < 3; k++) {
      lo[k] = std::min(lo[k], static_cast<double>(v.positions[3 * i + k]));
      hi[k] = std::max(hi[k], static_cast<double>(v.positions[3 * i + k]));
    }
  }
  model.accessors[static_cast<std::size_t>(position)].minValues = lo;
  model.accessors[static_cast<std::size_t>(position)].maxValues = hi;

  tinygltf::Material material;
  material.name = "terrain";
  material.pbrMetallicRoughness.baseColorFactor = {1, 1, 1, 1};
  material.pbrMetallicRoughness.metallicFactor = 0;
  material.pbrMetallicRoughness.roughnessFactor = 1;
  model.materials.push_back(material);

  tinygltf::Primitive primitive;
  primitive.attributes["POSITION"] = position;
  primitive.attributes["NORMAL"] = normal;
  primitive.attributes["COLOR_0"] = color;
  primitive.indices = index;
  primitive.material = 0;
  primitive.mode = TINYGLTF_MODE_TRIANGLES;
  tinygltf::Mesh mesh;
  mesh.name = "terrain";
  mesh.primitives.push_back(primitive);
  model.meshes.push_back(mesh);
  tinygltf::Node node;
  node.name = "terrain";
  node.mesh = 0;
  model.nodes.push_back(node);
  tinygltf::Scene scene;
  scene.nodes.push_back(0);
  model.scenes.push_back(scene);
  model.defaultScene = 0;

  std::ostringstream stream(std::ios::out | std::ios::binary);
  tinygltf::TinyGLTF writer;
  if (!writer.WriteGltfSceneToStream(&model, stream, false, true) || !stream) {
    throw std::runtime_error("mesh: tinygltf could not write the glTF");
  }
  const std::string bytes = std::move(stream).str();
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

std::string mesh_obj(const MeshInputs& in) {
  const Heightfield& ground = checked(in);
  const int w = ground.width();
  const int h = ground.height();
  const std::size_t count = ground.size();
  const Vertices v = vertices(ground, in.exaggeration, in.units);

  std::string out;
  out.reserve(count * 90 + static_cast<std::size_t>(w - 1) * static_cast<std::size_t>(h - 1) * 90);
  out += "# Terrain Sandbox: ";
  append_whole(out, static_cast<uint64_t>(w));
  out += " x ";
  append_whole(out, static_cast<uint64_t>(h));
  out += in.units.given()
             ? " cells, one vertex each, in metres (x = column x cell size, y = height x height "
               "scale, z = row x cell size; Y up)\n"
             : " cells, one vertex each (x = column, y = height x exaggeration, z = row; Y up)\n";
  out +=
      "# v x y z r g b: the map's colours, sRGB 0..1\n"
      "o terrain\n";
  // The 256 colour levels' texts, worked out once.
  std::array<std::string, 256> levels;
  for (int level = 0; level < 256; level++) {
    levels[static_cast<std::size_t>(level)] = " ";
    append_level(levels[static_cast<std::size_t>(level)], static_cast<uint8_t>(level));
  }
  for (int y = 0; y < h; y++) {
    for (int x = 0; x < w; x++) {
      const std::size_t i = ground.index(x, y);
      // The column and the row are whole numbers: written as such, they read back the same
      // (in metres, the floats' shortest texts).
      out += "v ";
      if (in.units.given()) {
        append_float(out, v.positions[3 * i]);
      } else {
        append_whole(out, static_cast<uint64_t>(x));
      }
      out += ' ';
      append_float(out, v.positions[3 * i + 1]);
      out += ' ';
      if (in.units.given()) {
        append_float(out, v.positions[3 * i + 2]);
      } else {
        append_whole(out, static_cast<uint64_t>(y));
      }
      for (std::size_t k = 0; k < 3; k++) out += levels[in.rgba[4 * i + k]];
      out += '\n';
    }
  }
  for (std::size_t i = 0; i < count; i++) {
    out += "vn ";
    append_float(out, v.normals[3 * i]);
    out += ' ';
    append_float(out, v.normals[3 * i + 1]);
    out += ' ';
    append_float(out, v.normals[3 * i + 2]);
    out += '\n';
  }
  each_triangle(w, h, [&](uint32_t a, uint32_t b, uint32_t c) {
    out += 'f';
    for (const uint32_t corner : {a, b, c}) {
      char text[24];
      const auto end = std::to_chars(text, text + sizeof text, corner + 1ull);
      out += ' ';
      out.append(text, end.ptr);
      out += "//";
      out.append(text, end.ptr);
    }
    out += '\n';
  });
  return out;
}

std::vector<uint8_t> mesh_file(const MeshInputs& inputs, MeshFormat format) {
  if (format == MeshFormat::glb) return mesh_glb(inputs);
  const std::string text = mesh_obj(inputs);
  return std::vector<uint8_t>(text.begin(), text.end());
}

}  // namespace terrain::exports

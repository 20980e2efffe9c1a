// exports::mesh_glb and mesh_obj: the .glb loads with tinygltf with one vertex per cell whose
// heights are the field's times the exaggeration exactly (float32), two triangles per grid
// square wound upwards, unit normals and the map's colours (linear in glTF); the OBJ holds the
// same vertices, its colours the map's sRGB levels. Every .glb passes the Khronos glTF
// Validator with no error or warning (exact bounds among its rules), in cells and in metres.
#include "exports/mesh.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "exports_test_support.h"
#include "glb_validator.h"
#include "render/geometry/color_scheme.h"
#include "scratch_dir.h"

namespace terrain {
namespace {

using testing::eroded_island;

constexpr std::size_t kCells = 320 * 180;
constexpr std::size_t kIndices = 2 * 3 * 319 * 179;

// A loaded model and its accessors' floats / indices.
struct Loaded {
  tinygltf::Model model;
  bool ok = false;
  std::string err;

  template <typename T>
  std::vector<T> values(int accessor_index) const {
    const tinygltf::Accessor& a = model.accessors.at(static_cast<std::size_t>(accessor_index));
    const tinygltf::BufferView& view = model.bufferViews.at(static_cast<std::size_t>(a.bufferView));
    const tinygltf::Buffer& buffer = model.buffers.at(static_cast<std::size_t>(view.buffer));
    const std::size_t per = a.type == TINYGLTF_TYPE_SCALAR ? 1
                            : a.type == TINYGLTF_TYPE_VEC3 ? 3
                                                           : 4;
    std::vector<T> out(a.count * per);
    const std::size_t at = view.byteOffset + a.byteOffset;
    EXPECT_LE(at + out.size() * sizeof(T), buffer.data.size());
    std::memcpy(out.data(), buffer.data.data() + at, out.size() * sizeof(T));
    return out;
  }
  // The one mesh's one primitive (throws if there is none), and one of its attributes' floats.
  const tinygltf::Primitive& primitive() const { return model.meshes.at(0).primitives.at(0); }
  std::vector<float> attribute(const std::string& name) const {
    return values<float>(primitive().attributes.at(name));
  }
};

Loaded load_glb(const std::vector<uint8_t>& bytes) {
  Loaded loaded;
  tinygltf::TinyGLTF loader;
  std::string warn;
  loaded.ok = loader.LoadBinaryFromMemory(&loaded.model, &loaded.err, &warn, bytes.data(),
                                          static_cast<unsigned int>(bytes.size()));
  EXPECT_EQ(warn, "");
  return loaded;
}

// A .glb that the Khronos glTF Validator passes, loaded with tinygltf.
Loaded checked_glb(const std::vector<uint8_t>& bytes) {
  const testing::ScratchDir scratch;
  EXPECT_TRUE(testing::valid_glb(bytes, scratch.path()));
  Loaded glb = load_glb(bytes);
  EXPECT_TRUE(glb.ok) << glb.err;
  return glb;
}

struct Island {
  std::vector<uint8_t> rgba;
  exports::MeshInputs inputs;
};

Island island_mesh(double exaggeration = exports::kDefaultExaggeration) {
  Island island;
  island.rgba =
      exports::mesh_colors(eroded_island(), 0.25, *render::find_color_scheme("topographic"));
  island.inputs.ground = &eroded_island();
  island.inputs.exaggeration = exaggeration;
  return island;
}

TEST(MeshGlb, LoadsWithTinygltfOneVertexPerCellAtTheFieldsHeightsTimesTheExaggeration) {
  Island island = island_mesh();
  island.inputs.rgba = island.rgba;
  const std::vector<uint8_t> bytes = exports::mesh_glb(island.inputs);
  ASSERT_GE(bytes.size(), 12u);
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 4), "glTF");
  const Loaded glb = checked_glb(bytes);
  ASSERT_TRUE(glb.ok);
  ASSERT_EQ(glb.model.meshes.size(), 1u);
  ASSERT_EQ(glb.model.meshes[0].primitives.size(), 1u);
  const tinygltf::Primitive& primitive = glb.primitive();
  EXPECT_EQ(primitive.mode, TINYGLTF_MODE_TRIANGLES);
  EXPECT_EQ(glb.model.asset.version, "2.0");
  ASSERT_EQ(glb.model.scenes.size(), 1u);

  const int position = primitive.attributes.at("POSITION");
  const tinygltf::Accessor& pa = glb.model.accessors.at(static_cast<std::size_t>(position));
  ASSERT_EQ(pa.count, kCells);
  EXPECT_EQ(pa.componentType, TINYGLTF_COMPONENT_TYPE_FLOAT);
  ASSERT_EQ(pa.minValues.size(), 3u);
  ASSERT_EQ(pa.maxValues.size(), 3u);
  const std::vector<float> p = glb.values<float>(position);
  const Heightfield& field = eroded_island();
  float lo = p[1];
  float hi = p[1];
  for (int y = 0; y < 180; y++) {
    for (int x = 0; x < 320; x++) {
      const std::size_t i = field.index(x, y);
      ASSERT_EQ(p[3 * i], static_cast<float>(x));
      ASSERT_EQ(p[3 * i + 1], static_cast<float>(static_cast<double>(field[i]) * 40)) << i;
      ASSERT_EQ(p[3 * i + 2], static_cast<float>(y));
      lo = std::min(lo, p[3 * i + 1]);
      hi = std::max(hi, p[3 * i + 1]);
    }
  }
  EXPECT_EQ(pa.minValues, (std::vector<double>{0, lo, 0}));
  EXPECT_EQ(pa.maxValues, (std::vector<double>{319, hi, 179}));
  EXPECT_GT(hi - lo, 20.0f);  // the island stands: its peaks well over its sea floor

  const tinygltf::Accessor& ia =
      glb.model.accessors.at(static_cast<std::size_t>(primitive.indices));
  ASSERT_EQ(ia.count, kIndices);
  EXPECT_EQ(ia.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
  const std::vector<uint32_t> indices = glb.values<uint32_t>(primitive.indices);
  for (std::size_t t = 0; t < indices.size(); t += 3) {
    const uint32_t a = indices[t];
    const uint32_t b = indices[t + 1];
    const uint32_t c = indices[t + 2];
    ASSERT_LT(std::max({a, b, c}), kCells);
    // Wound counter-clockwise seen from above: the cross product of the flat triangle's edges
    // (x, z) points up (+y).
    const double ux = p[3 * b] - p[3 * a];
    const double uz = p[3 * b + 2] - p[3 * a + 2];
    const double vx = p[3 * c] - p[3 * a];
    const double vz = p[3 * c + 2] - p[3 * a + 2];
    ASSERT_GT(uz * vx - ux * vz, 0) << t;
  }

  const std::vector<float> n = glb.attribute("NORMAL");
  ASSERT_EQ(n.size(), 3 * kCells);
  for (std::size_t i = 0; i < kCells; i++) {
    ASSERT_NEAR(std::hypot(n[3 * i], n[3 * i + 1], n[3 * i + 2]), 1.0, 1e-6);
    ASSERT_GT(n[3 * i + 1], 0);
  }
  const std::vector<float> colors = glb.attribute("COLOR_0");
  ASSERT_EQ(colors.size(), 3 * kCells);
  for (std::size_t i = 0; i < kCells; i++) {
    for (std::size_t k = 0; k < 3; k++) {
      ASSERT_EQ(colors[3 * i + k], exports::srgb_to_linear(island.rgba[4 * i + k])) << i;
    }
  }
  ASSERT_EQ(glb.model.materials.size(), 1u);
  EXPECT_EQ(primitive.material, 0);
  EXPECT_EQ(glb.model.materials[0].pbrMetallicRoughness.metallicFactor, 0);
  EXPECT_EQ(glb.model.materials[0].pbrMetallicRoughness.roughnessFactor, 1);
}

// The sRGB decoding's ends and middle.
bool srgb_to_linear_check() {
  return exports::srgb_to_linear(0) == 0.0f && exports::srgb_to_linear(255) == 1.0f &&
         std::abs(exports::srgb_to_linear(128) - 0.2158605f) < 1e-6f;
}

TEST(MeshGlb, TheExaggerationScalesTheHeightsOnly) {
  Island island = island_mesh(2.5);
  island.inputs.rgba = island.rgba;
  const Loaded glb = checked_glb(exports::mesh_glb(island.inputs));
  const std::vector<float> p = glb.attribute("POSITION");
  const Heightfield& field = eroded_island();
  for (std::size_t i = 0; i < kCells; i++) {
    ASSERT_EQ(p[3 * i + 1], static_cast<float>(static_cast<double>(field[i]) * 2.5));
  }
  EXPECT_EQ(srgb_to_linear_check(), true);
}

// Every "v" line's six numbers, every "vn" line's three, and the faces' corners.
struct Obj {
  std::vector<float> v;
  std::vector<double> rgb;
  std::vector<float> vn;
  std::vector<uint32_t> faces;  // vertex indices, 0-based
};

Obj parse_obj(const std::string& text) {
  Obj obj;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string kind;
    words >> kind;
    if (kind == "v") {
      std::string word;
      for (int k = 0; k < 3 && words >> word; k++)
        obj.v.push_back(std::strtof(word.c_str(), nullptr));
      for (int k = 0; k < 3 && words >> word; k++)
        obj.rgb.push_back(std::strtod(word.c_str(), nullptr));
    } else if (kind == "vn") {
      std::string word;
      while (words >> word) obj.vn.push_back(std::strtof(word.c_str(), nullptr));
    } else if (kind == "f") {
      std::string corner;
      while (words >> corner) {
        const std::size_t slash = corner.find("//");
        EXPECT_NE(slash, std::string::npos) << corner;
        EXPECT_EQ(corner.substr(0, slash), corner.substr(slash + 2));
        obj.faces.push_back(static_cast<uint32_t>(std::stoul(corner.substr(0, slash)) - 1));
      }
    }
  }
  return obj;
}

TEST(MeshObj, HoldsTheSameVerticesNormalsAndTrianglesAsTheGlbAndTheMapsColours) {
  Island island = island_mesh();
  island.inputs.rgba = island.rgba;
  const Loaded glb = checked_glb(exports::mesh_glb(island.inputs));
  const tinygltf::Primitive& primitive = glb.primitive();
  const std::vector<float> p = glb.attribute("POSITION");
  const std::vector<float> n = glb.attribute("NORMAL");
  const std::vector<uint32_t> indices = glb.values<uint32_t>(primitive.indices);

  const Obj obj = parse_obj(exports::mesh_obj(island.inputs));
  ASSERT_EQ(obj.v.size(), 3 * kCells);
  ASSERT_EQ(obj.rgb.size(), 3 * kCells);
  EXPECT_EQ(obj.v, p);  // float for float
  EXPECT_EQ(obj.vn, n);
  EXPECT_EQ(obj.faces, indices);
  for (std::size_t i = 0; i < kCells; i++) {
    for (std::size_t k = 0; k < 3; k++) {
      ASSERT_EQ(std::lround(obj.rgb[3 * i + k] * 255), island.rgba[4 * i + k]) << i;
      ASSERT_GE(obj.rgb[3 * i + k], 0);
      ASSERT_LE(obj.rgb[3 * i + k], 1);
    }
  }
  // mesh_file gives the same bytes.
  const std::vector<uint8_t> file = exports::mesh_file(island.inputs, exports::MeshFormat::obj);
  EXPECT_EQ(std::string(file.begin(), file.end()), exports::mesh_obj(island.inputs));
}

// In real units the mesh is in metres: x and z the cell's corner-to-corner grid times the cell
// size, y the height times the height scale (the exaggeration set aside); the normals are those
// of that surface; the OBJ holds the same floats.
TEST(MeshGlb, InRealUnitsTheMeshIsInMetres) {
  Island island = island_mesh(7);  // an exaggeration that the units replace
  island.inputs.rgba = island.rgba;
  island.inputs.units = io::RealUnits{2.5, 800};
  const Loaded glb = checked_glb(exports::mesh_glb(island.inputs));
  const tinygltf::Primitive& primitive = glb.primitive();
  const std::vector<float> p = glb.attribute("POSITION");
  const std::vector<float> n = glb.attribute("NORMAL");
  const Heightfield& field = eroded_island();
  ASSERT_EQ(p.size(), 3 * kCells);
  float lo = p[1];
  float hi = p[1];
  for (int y = 0; y < 180; y++) {
    for (int x = 0; x < 320; x++) {
      const std::size_t i = field.index(x, y);
      ASSERT_EQ(p[3 * i], static_cast<float>(x * 2.5));
      ASSERT_EQ(p[3 * i + 1], static_cast<float>(static_cast<double>(field[i]) * 800)) << i;
      ASSERT_EQ(p[3 * i + 2], static_cast<float>(y * 2.5));
      lo = std::min(lo, p[3 * i + 1]);
      hi = std::max(hi, p[3 * i + 1]);
    }
  }
  // The bounds are the metres' too: the far corner is 319 x 2.5 and 179 x 2.5 m away.
  const tinygltf::Accessor& pa =
      glb.model.accessors.at(static_cast<std::size_t>(primitive.attributes.at("POSITION")));
  EXPECT_EQ(pa.minValues, (std::vector<double>{0, lo, 0}));
  EXPECT_EQ(pa.maxValues, (std::vector<double>{797.5, hi, 447.5}));
  // An inner cell's normal is the central difference over 2 cells of 2.5 m.
  const std::size_t i = field.index(100, 60);
  const double dx = (double(p[3 * (i + 1) + 1]) - p[3 * (i - 1) + 1]) / 5.0;
  const double dz = (double(p[3 * (i + 320) + 1]) - p[3 * (i - 320) + 1]) / 5.0;
  const double length = std::sqrt(dx * dx + 1 + dz * dz);
  EXPECT_NEAR(n[3 * i], -dx / length, 1e-6);
  EXPECT_NEAR(n[3 * i + 1], 1 / length, 1e-6);
  EXPECT_NEAR(n[3 * i + 2], -dz / length, 1e-6);
  const Obj obj = parse_obj(exports::mesh_obj(island.inputs));
  EXPECT_EQ(obj.v, p);
  EXPECT_EQ(obj.vn, n);
  // Without units the exaggeration is back, and so are the cells.
  island.inputs.units = {};
  const std::vector<float> q = checked_glb(exports::mesh_glb(island.inputs)).attribute("POSITION");
  EXPECT_EQ(q[3 * i], 100.0f);
  EXPECT_EQ(q[3 * i + 1], static_cast<float>(static_cast<double>(field[i]) * 7));
  // Units out of range, or only one of them, are refused.
  for (const io::RealUnits bad : {io::RealUnits{0, 800}, io::RealUnits{2.5, 0},
                                  io::RealUnits{-1, 800}, io::RealUnits{2.5, 1e6}}) {
    island.inputs.units = bad;
    EXPECT_THROW(exports::mesh_glb(island.inputs), std::invalid_argument);
  }
}

TEST(MeshFormat, ByExtensionInAnyCase) {
  EXPECT_EQ(exports::mesh_format_for("a/b.glb"), exports::MeshFormat::glb);
  EXPECT_EQ(exports::mesh_format_for("B.GLB"), exports::MeshFormat::glb);
  EXPECT_EQ(exports::mesh_format_for("x.obj"), exports::MeshFormat::obj);
  EXPECT_EQ(exports::mesh_format_for("x.Obj"), exports::MeshFormat::obj);
  EXPECT_FALSE(exports::mesh_format_for("x.gltf"));
  EXPECT_FALSE(exports::mesh_format_for("x.stl"));
  EXPECT_FALSE(exports::mesh_format_for("glb"));
  EXPECT_FALSE(exports::mesh_format_for(""));
}

TEST(MeshGlb, BadInputsAreRefused) {
  Island island = island_mesh();
  island.inputs.rgba = island.rgba;
  exports::MeshInputs in = island.inputs;
  for (const double e : {0.0, -1.0, std::nan(""), HUGE_VAL}) {
    in.exaggeration = e;
    EXPECT_THROW(exports::mesh_glb(in), std::invalid_argument) << e;
    EXPECT_THROW(exports::mesh_obj(in), std::invalid_argument) << e;
  }
  in = island.inputs;
  in.rgba = std::span<const uint8_t>(island.rgba).first(100);
  EXPECT_THROW(exports::mesh_glb(in), std::invalid_argument);
  in = island.inputs;
  in.ground = nullptr;
  EXPECT_THROW(exports::mesh_obj(in), std::invalid_argument);
  const Heightfield line(5, 1, 0.5f);
  const std::vector<uint8_t> rgba(20, 255);
  in = {&line, rgba, 40, {}};
  EXPECT_THROW(exports::mesh_glb(in), std::invalid_argument);
}

TEST(MeshGlb, ASmallGroundIsItsCellsAndSquares) {
  const Heightfield ground(3, 2, std::vector<float>{0, 0.5f, 1, 0.25f, 0.75f, 0.125f});
  const std::vector<uint8_t> rgba(6 * 4, 200);
  const exports::MeshInputs in{&ground, rgba, 10, {}};
  const Loaded glb = checked_glb(exports::mesh_glb(in));
  const tinygltf::Primitive& primitive = glb.primitive();
  EXPECT_EQ(glb.attribute("POSITION"),
            (std::vector<float>{0, 0, 0, 1, 5, 0, 2, 10, 0, 0, 2.5f, 1, 1, 7.5f, 1, 2, 1.25f, 1}));
  EXPECT_EQ(glb.values<uint32_t>(primitive.indices),
            (std::vector<uint32_t>{0, 3, 1, 1, 3, 4, 1, 4, 2, 2, 4, 5}));
}

}  // namespace
}  // namespace terrain

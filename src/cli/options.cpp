// terrain-cli's command line (see options.h): its rows of the one flag table, each value
// checked against its row and set, then the flags that only mean something together checked
// together; and --help.
#include "cli/options.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <vector>

#include "core/diamond_square.h"
#include "core/ground.h"
#include "core/map_view.h"
#include "core/number_text.h"
#include "exports/mesh.h"
#include "io/heightmap.h"
#include "render/geometry/color_scheme.h"

namespace terrain::cli {

// --- parse_options -----------------------------------------------------------------------

Options parse_options(std::span<const std::string_view> args) {
  Options options;
  // --help anywhere, as any word (even where it would be a flag's value), wins over
  // everything else, so it is looked for before the words are read.
  if (flags::asks_for_help(args)) {
    options.help = true;
    return options;
  }

  const std::vector<Flag> table = flags::flag_table(flags::Program::cli);
  // Each flag given, with its value, in the order given (so the first bad one is reported).
  const std::vector<GivenFlag> given = flags::read_flags(table, args, "terrain-cli");

  const Flag* roughness_flag = nullptr;
  const Flag* scale_flag = nullptr;
  const Flag* generator_flag = nullptr;
  const Flag* fit_flag = nullptr;
  const Flag* contour_flag = nullptr;
  const Flag* rivers_by_flag = nullptr;
  const Flag* paper_flag = nullptr;
  const Flag* cell_flag = nullptr;
  const Flag* height_scale_flag = nullptr;
  const Flag* style_flag = nullptr;
  const Flag* pen_flag = nullptr;
  const Flag* exaggeration_flag = nullptr;
  const Flag* scheme_flag = nullptr;
  const Flag* preset_size_flag = nullptr;
  const Flag* preset_fit_flag = nullptr;
  for (const auto& [flag, text] : given) {
    const std::string& name = flag->name;
    if (name == "--erosion" || name == "--deposition" || name == "--inertia" ||
        name == "--brush-radius" || name == "--sea-level") {
      options.rain_given.push_back(name);
    }
    if (name == "--seed") {
      options.seed =
          static_cast<uint32_t>(read_whole(*flag, text, 0, std::numeric_limits<uint32_t>::max()));
    } else if (name == "--drops") {
      options.drops = read_whole(*flag, text, 0, kMaxDrops);
      options.drops_given = true;
    } else if (name == "--threads") {
      options.threads = static_cast<int>(read_whole(*flag, text, 0, flags::kMaxThreads));
    } else if (name == "--generator") {
      const std::optional<Generator> generator = parse_generator(text);
      if (!generator) bad_value(*flag, text, "is not a generator");
      options.generator = *generator;
      generator_flag = flag;
    } else if (name == "--width") {
      options.width = static_cast<int>(read_whole(*flag, text, 2, kMaxSide));
      options.size_given = true;
    } else if (name == "--height") {
      options.height = static_cast<int>(read_whole(*flag, text, 2, kMaxSide));
      options.size_given = true;
    } else if (name == "--roughness") {
      options.roughness = read_real(*flag, text, kRoughnessMin, kRoughnessMax);
      roughness_flag = flag;
    } else if (name == "--erosion") {
      options.rain.erosion = read_real(*flag, text, sketch::erosion.min, sketch::erosion.max);
    } else if (name == "--deposition") {
      options.rain.deposition =
          read_real(*flag, text, sketch::deposition.min, sketch::deposition.max);
    } else if (name == "--inertia") {
      options.rain.inertia = read_real(*flag, text, sketch::inertia.min, sketch::inertia.max);
    } else if (name == "--brush-radius") {
      options.rain.brush_radius =
          static_cast<int>(read_whole(*flag, text, static_cast<uint64_t>(sketch::brush_radius.min),
                                      static_cast<uint64_t>(sketch::brush_radius.max)));
    } else if (name == "--sea-level") {
      options.rain.sea_level = read_real(*flag, text, sketch::sea_level.min, sketch::sea_level.max);
    } else if (name == "--terrain-scale") {
      options.terrain_scale =
          read_real(*flag, text, sketch::terrain_scale.min, sketch::terrain_scale.max);
      scale_flag = flag;
    } else if (name == "--routing") {
      const std::optional<Routing> routing = parse_routing(text);
      if (!routing) bad_value(*flag, text, "is not a routing");
      options.routing = *routing;
    } else if (name == "--min-flow") {
      options.min_flow =
          static_cast<uint32_t>(read_whole(*flag, text, 1, std::numeric_limits<uint32_t>::max()));
      options.min_flow_given = true;
    } else if (name == "--open-map" || name == "--save-map" || name == "--verify-map") {
      if (text.empty()) bad_value(*flag, text, "is empty");
      (name == "--open-map"   ? options.open_map
       : name == "--save-map" ? options.save_map
                              : options.verify_map) = std::filesystem::path(text);
    } else if (name == "--out") {
      if (text.empty()) usage_error("--out '' is empty (allowed: a directory path)");
      options.out = std::filesystem::path(text);
    } else if (name == "--layers") {
      if (text.empty()) bad_value(*flag, text, "is empty");
      options.layers = std::filesystem::path(text);
    } else if (name == "--ground") {
      if (text.empty()) bad_value(*flag, text, "is empty");
      options.ground = std::filesystem::path(text);
    } else if (name == "--fit") {
      const std::optional<GroundFit> fit = parse_ground_fit(text);
      if (!fit) bad_value(*flag, text, "is not a fit");
      options.fit = *fit;
      fit_flag = flag;
    } else if (name == "--preset") {
      options.preset = exports::parse_engine_preset(text);
      if (!options.preset) bad_value(*flag, text, "is not a preset");
    } else if (name == "--preset-size") {
      options.preset_size = read_size(*flag, text, 2, kMaxSide, 2, kMaxSide);
      preset_size_flag = flag;
    } else if (name == "--preset-fit") {
      const std::optional<GroundFit> fit = parse_ground_fit(text);
      if (!fit) bad_value(*flag, text, "is not a fit");
      options.preset_fit = *fit;
      preset_fit_flag = flag;
    } else if (name == "--heightmap" || name == "--heightmap-original") {
      if (text.empty() || !io::heightmap_format_for(std::filesystem::path(text))) {
        bad_value(*flag, text, "has no heightmap extension");
      }
      (name == "--heightmap" ? options.heightmap : options.heightmap_original) =
          std::filesystem::path(text);
    } else if (name == "--svg") {
      std::string ext = std::filesystem::path(text).extension().string();
      std::transform(ext.begin(), ext.end(), ext.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (text.empty() || ext != ".svg") bad_value(*flag, text, "does not end in .svg");
      options.svg = std::filesystem::path(text);
    } else if (name == "--contour-levels") {
      options.contour_levels = static_cast<int>(
          read_whole(*flag, text, static_cast<uint64_t>(sketch::contour_levels.min),
                     static_cast<uint64_t>(sketch::contour_levels.max)));
      contour_flag = flag;
    } else if (name == "--rivers-by") {
      const std::optional<RiversBy> by = parse_rivers_by(text);
      if (!by) bad_value(*flag, text, "is not a way to stroke rivers");
      options.rivers_by = *by;
      rivers_by_flag = flag;
    } else if (name == "--cell-size" || name == "--height-scale") {
      const bool cell = name == "--cell-size";
      const double value = read_real(*flag, text, 0, cell ? io::kMaxCellSize : io::kMaxHeightScale);
      if (!(value > 0)) bad_value(*flag, text, "is not above 0");
      (cell ? options.units.cell_size : options.units.height_scale) = value;
      (cell ? cell_flag : height_scale_flag) = flag;
    } else if (name == "--svg-paper") {
      options.svg_page.paper = exports::parse_svg_paper(text);
      if (!options.svg_page.paper) bad_value(*flag, text, "is not a paper size");
      paper_flag = flag;
    } else if (name == "--svg-style") {
      const std::optional<exports::SvgStyle> style = exports::parse_svg_style(text);
      if (!style) bad_value(*flag, text, "is not an SVG style");
      options.svg_page.style = *style;
      style_flag = flag;
    } else if (name == "--svg-pen") {
      options.svg_page.pen_mm =
          read_real(*flag, text, exports::kSvgPenMinMm, exports::kSvgPenMaxMm);
      pen_flag = flag;
    } else if (name == "--mesh") {
      if (text.empty() || !exports::mesh_format_for(std::filesystem::path(text))) {
        bad_value(*flag, text, "has no mesh extension");
      }
      options.mesh = std::filesystem::path(text);
    } else if (name == "--exaggeration") {
      options.exaggeration = read_real(*flag, text, 0, exports::kMaxExaggeration);
      if (!(options.exaggeration > 0)) bad_value(*flag, text, "is out of range");
      exaggeration_flag = flag;
    } else if (name == "--scheme") {
      if (render::find_color_scheme(text) == nullptr) {
        bad_value(*flag, text, "is not a colour scheme");
      }
      options.scheme = text;
      scheme_flag = flag;
    } else if (name == "--force") {
      options.force = true;
    }
  }
  if (!options.heightmap.empty() && options.heightmap == options.heightmap_original) {
    usage_error("--heightmap and --heightmap-original name the same file " +
                cli::quoted(options.heightmap.string()));
  }

  // The settings of one export apply only with it.
  for (const Flag* f : {contour_flag, rivers_by_flag, paper_flag, style_flag, pen_flag}) {
    if (f && options.svg.empty()) usage_error(f->name + " only applies with --svg PATH");
  }
  if (pen_flag && !paper_flag) {
    usage_error(
        "--svg-pen only applies with --svg-paper SIZE (a page without paper has no size "
        "in mm)");
  }
  if (exaggeration_flag && options.mesh.empty()) {
    usage_error("--exaggeration only applies with --mesh PATH");
  }
  // Real units: a cell size and a height scale together, for the files that have a size.
  if ((cell_flag == nullptr) != (height_scale_flag == nullptr)) {
    usage_error(cell_flag ? "--cell-size needs --height-scale too (metres across and up go "
                            "together; --height-scale 1 keeps the heights as they are)"
                          : "--height-scale needs --cell-size too (metres across and up go "
                            "together)");
  }
  if (cell_flag && options.heightmap.empty() && options.heightmap_original.empty() &&
      options.mesh.empty()) {
    usage_error(
        "--cell-size and --height-scale only apply with --heightmap, "
        "--heightmap-original or --mesh");
  }
  if (cell_flag && exaggeration_flag) {
    usage_error(
        "--exaggeration does not apply with --cell-size and --height-scale (the mesh's "
        "heights are then in metres)");
  }
  if (scheme_flag && options.layers.empty() && options.svg.empty() && options.mesh.empty()) {
    usage_error("--scheme only applies with --layers, --svg or --mesh");
  }
  if (scheme_flag && options.layers.empty() && options.mesh.empty() &&
      options.svg_page.style == exports::SvgStyle::plot) {
    usage_error(
        "--scheme does not apply to --svg-style plot (its pens are dark, on no "
        "background)");
  }

  // A preset shapes the heightmaps: it needs one, in a format it takes, at a size it takes.
  if (options.preset) {
    const exports::EnginePreset preset = *options.preset;
    if (options.heightmap.empty() && options.heightmap_original.empty()) {
      usage_error("--preset only applies with --heightmap or --heightmap-original");
    }
    for (const auto& [flag_name, path] :
         {std::pair{"--heightmap", &options.heightmap},
          std::pair{"--heightmap-original", &options.heightmap_original}}) {
      if (path->empty()) continue;
      if (!exports::preset_takes(preset, *io::heightmap_format_for(*path))) {
        usage_error(std::string(flag_name) + " " + cli::quoted(path->string()) + ": " +
                    std::string(exports::engine_preset_name(preset)) + " takes " +
                    exports::preset_extensions(preset));
      }
    }
    if (preset_size_flag) {
      const std::string problem = exports::preset_size_problem(preset, options.preset_size.first,
                                                               options.preset_size.second);
      if (!problem.empty()) {
        usage_error("--preset-size " + std::to_string(options.preset_size.first) + "x" +
                    std::to_string(options.preset_size.second) + ": " + problem);
      }
    }
    if (preset == exports::EnginePreset::gis && options.preset_fit == GroundFit::stretch) {
      usage_error(
          "--preset-fit stretch does not apply to --preset gis (its GeoTIFF's cells are square: "
          "crop)");
    }
  } else {
    for (const Flag* f : {preset_size_flag, preset_fit_flag}) {
      if (f) usage_error(f->name + " only applies with --preset NAME");
    }
  }

  // A ground from a file has no generator, and a fit only means something for one.
  if (!options.ground.empty()) {
    for (const Flag* f : {generator_flag, roughness_flag, scale_flag}) {
      if (f)
        usage_error(f->name + " does not apply with --ground (the ground comes from the file)");
    }
  } else if (fit_flag) {
    usage_error("--fit only applies with --ground FILE");
  }
  // Each generator has its own shape setting; the other one's would be silently ignored.
  if (roughness_flag && options.generator != Generator::diamond_square) {
    usage_error("--roughness only applies to --generator diamond-square (the generator is " +
                std::string(generator_name(options.generator)) + ")");
  }
  if (scale_flag && options.generator != Generator::island) {
    usage_error("--terrain-scale only applies to --generator island (the generator is " +
                std::string(generator_name(options.generator)) + ")");
  }
  // Verifying a map file is a run of its own (on any count of the rain's threads).
  if (!options.verify_map.empty()) {
    for (const auto& [flag, text] : given) {
      if (flag->name != "--verify-map" && flag->name != "--threads") {
        usage_error(flag->name +
                    " does not apply with --verify-map (it replays the file and "
                    "writes nothing)");
      }
    }
    return options;
  }
  // A map file brings its own ground: the flags that choose one do not apply beside it.
  if (!options.open_map.empty()) {
    for (const auto& [flag, text] : given) {
      const std::string& n = flag->name;
      if (n == "--seed" || n == "--generator" || n == "--ground" || n == "--fit" ||
          n == "--width" || n == "--height" || n == "--terrain-scale" || n == "--roughness") {
        usage_error(n + " does not apply with --open-map (the map file has its own ground)");
      }
    }
  }
  if (options.out.empty()) {
    usage_error("--out DIR is required (the directory to write the 9 files into)");
  }
  return options;
}

// --- help_text ---------------------------------------------------------------------------

std::string help_text() {
  std::string text =
      "terrain-cli: make a terrain, rain on it as the Hydraulic Erosion sketch does, work out\n"
      "where its water drains, and write it all as NumPy .npy files.\n"
      "\n"
      "Usage: terrain-cli --out DIR [--seed N] [--drops N] [--generator island|diamond-square]\n"
      "         [--width W --height H] [--roughness R] [--erosion E] [--deposition D]\n"
      "         [--inertia I] [--brush-radius B] [--sea-level S] [--terrain-scale T]"
      " [--threads N]\n"
      "         [--routing sketch|flood] [--min-flow F] [--ground FILE [--fit crop|stretch]]\n"
      "         [--layers DIR] [--heightmap PATH] [--heightmap-original PATH]\n"
      "         [--preset unreal|unity|godot|blender|gis [--preset-size WxH]"
      " [--preset-fit crop|stretch]]\n"
      "         [--svg PATH [--contour-levels N] [--rivers-by flow|order]\n"
      "           [--svg-paper A4|A3|WxHmm [--svg-pen MM]] [--svg-style map|plot]]\n"
      "         [--mesh PATH [--exaggeration E]] [--cell-size METRES --height-scale METRES]\n"
      "         [--scheme KEY] [--open-map FILE] [--save-map PATH] [--force]\n"
      "       terrain-cli --verify-map FILE\n"
      "         replays a map file's history and says whether this build makes its bytes\n"
      "       terrain-cli skyline --method walk|sections --out FILE.npy [...]\n"
      "         a side-view skyline, one height per column (terrain-cli skyline --help)\n"
      "\n"
      "Writes into DIR (created if needed), each file whole or not at all:\n"
      "  original.npy    float32 (H, W)  heights from the generator, 0..1\n"
      "  eroded.npy      float32 (H, W)  heights after the rain\n"
      "  filled.npy      float32 (H, W)  the surface the water is routed over (hollows filled)\n"
      "  flow.npy        uint32  (H, W)  cells draining through each cell, itself counted\n"
      "  downstream.npy  int32   (H, W)  index y*W+x of the cell each drains into, -1 at outlets\n"
      "  basins.npy      int32   (H, W)  which outlet each cell's water reaches\n"
      "  strahler.npy    uint8   (H, W)  Strahler order of the river cells, 0 elsewhere\n"
      "  lakes.npy       float32 (H, W)  depth of standing water in closed hollows, 0 elsewhere\n"
      "  summary.json                    the inputs, counts and timings\n"
      "Flow, downstream, basins, Strahler orders and lakes are those of the eroded terrain.\n"
      "\n"
      "Options:\n";
  text += flags::flags_help(flags::flag_table(flags::Program::cli));
  text +=
      "\n"
      "--roughness applies only to diamond-square and --terrain-scale only to island; the\n"
      "diamond-square terrain gets the sketch's island falloff (" +
      number_text(kDiamondSquareIsland) +
      ") so its rain drains to a sea.\n"
      "Exit status: 0 done; 2 bad input, an output file exists (without --force) or DIR cannot\n"
      "be written, with nothing written; 1 an unexpected failure.\n";
  return text;
}

}  // namespace terrain::cli

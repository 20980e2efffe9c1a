// terrain-cli's command line (see options.h).
//
// Sections: the flag table (one row a flag: name, value, what it does, default, allowed
// values; --help, the error messages and CLI11 all read it); reading values (whole numbers,
// reals, choices); reading the words (CLI11, in the order given); parse_options; help_text.
// The reading of values and words and the help's flag list serve the subcommands too
// (options.h).
#include "cli/options.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
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
namespace {

// --- The flag table ----------------------------------------------------------------------

// A number in the shortest form that reads back the same (0.3, not 0.29999999999999999).
std::string number(double value) {
  return number_text(value);
}

std::string range(double lo, double hi) {
  return number(lo) + ".." + number(hi);
}

std::vector<Flag> flag_table() {
  const RainParams rain;
  const auto whole = [](uint64_t lo, uint64_t hi) {
    return "whole number " + std::to_string(lo) + ".." + std::to_string(hi);
  };
  return {
      {"--seed", "N", "seed of the terrain, the rain and the rivers' wander", "42",
       whole(0, std::numeric_limits<uint32_t>::max())},
      {"--drops", "N", "raindrops to run", std::to_string(sketch::RAIN_TARGET),
       whole(0, kMaxDrops)},
      {"--generator", "NAME", "terrain: the sketch's noise island, or diamond-square fractal",
       "island", "island or diamond-square"},
      {"--width", "W", "grid width in cells", std::to_string(sketch::COLS), whole(2, kMaxSide)},
      {"--height", "H", "grid height in cells", std::to_string(sketch::ROWS), whole(2, kMaxSide)},
      {"--roughness", "R", "diamond-square only: amplitude kept from pass to pass",
       number(DiamondSquareParams{}.roughness), range(kRoughnessMin, kRoughnessMax)},
      {"--erosion", "E", "share of spare capacity a drop digs out per step", number(rain.erosion),
       range(sketch::erosion.min, sketch::erosion.max)},
      {"--deposition", "D", "share of excess sediment a drop puts down per step",
       number(rain.deposition), range(sketch::deposition.min, sketch::deposition.max)},
      {"--inertia", "I", "0 turns straight downhill, higher keeps more of the old direction",
       number(rain.inertia), range(sketch::inertia.min, sketch::inertia.max)},
      {"--brush-radius", "B", "radius of the circle of cells a drop digs from",
       std::to_string(rain.brush_radius),
       whole(static_cast<uint64_t>(sketch::brush_radius.min),
             static_cast<uint64_t>(sketch::brush_radius.max))},
      {"--sea-level", "S", "below this height is sea: drops stop there, rivers end there",
       number(rain.sea_level), range(sketch::sea_level.min, sketch::sea_level.max)},
      {"--terrain-scale", "T", "island only: noise units per cell (smaller, bigger features)",
       number(sketch::terrain_scale.initial),
       range(sketch::terrain_scale.min, sketch::terrain_scale.max)},
      {"--routing", "NAME",
       "rivers: sketch (the sketch's: steepest descent over the filled surface plus a noise "
       "ripple that bends rivers on the flat) or flood (through filled hollows along the "
       "links the flood arrived by, no ripple)",
       "sketch", "sketch or flood"},
      {"--min-flow", "F", "cells draining through a cell for it to count as river",
       std::to_string(static_cast<uint32_t>(sketch::RIVER_START)),
       whole(1, std::numeric_limits<uint32_t>::max())},
      {"--out", "DIR", "directory to write the 9 files into, created if needed", "",
       "required; a directory path"},
      {"--ground", "FILE",
       "rain on your own ground: a heightmap (.png 8/16-bit gray or colour as luminance, "
       ".exr, .tif, .npy) in place of the generator, fitted to the grid (by default its own "
       "size, up to 8192 a side); a file this project wrote keeps its heights, any other is "
       "scaled to 0..1",
       "", "optional; a file ending in .png, .exr, .tif or .npy"},
      {"--fit", "HOW", "--ground only: crop (keep the aspect, take the centre) or stretch", "crop",
       "crop or stretch"},
      {"--layers", "DIR",
       "also write the hydrology of the eroded ground as pictures, one pixel per cell, into "
       "DIR (created if needed): flow.png (the flow view's log scale), basins.png (the basins "
       "view's tones), strahler.png (gray, 20 per order), lakes.png (16-bit depth with its "
       "range); in --scheme's colours",
       "", "optional; a directory path"},
      {"--heightmap", "PATH",
       "also write the ground after the rain as a heightmap, the format by the extension: "
       ".png (16-bit gray, its range in a text chunk), .r16 (16-bit little-endian words), "
       ".exr or .tif (float32), .npy (float32)",
       "",
       "optional; a file name ending in .png, .r16, .exr, .tif or .npy, in an existing "
       "directory or in --out's"},
      {"--heightmap-original", "PATH", "the same for the ground before the rain", "",
       "optional; a file name ending in .png, .r16, .exr, .tif or .npy, in an existing "
       "directory or in --out's"},
      {"--cell-size", "METRES",
       "real units, with --height-scale, for --heightmap, --heightmap-original and --mesh: a "
       "cell is this many metres square; the .tif becomes a GeoTIFF with that pixel size on a "
       "local grid in metres, and the mesh's x and z are in metres",
       "none: 1-unit cells",
       "a number of metres above 0, up to " + std::to_string(static_cast<int>(io::kMaxCellSize))},
      {"--height-scale", "METRES",
       "real units, with --cell-size: a height of 1 stands this many metres; the .tif, .exr and "
       ".npy heightmaps hold heights in metres (.png and .r16 keep their 16-bit steps of the "
       "range), and the mesh's heights are in metres in place of --exaggeration",
       "none: heights 0..1",
       "a number of metres above 0, up to " +
           std::to_string(static_cast<int>(io::kMaxHeightScale))},
      {"--svg", "PATH",
       "also write the map's linework as SVG, for a plotter, Inkscape or a browser: the "
       "coastline, the contours, the index contours and the rivers (one path a reach), each "
       "in a layer of its own, in map units (one a cell), over a background layer (the sea "
       "colour, fill only) but with --svg-style plot",
       "", "optional; a file name ending in .svg, in an existing directory or in --out's"},
      {"--contour-levels", "N",
       "--svg only: contour lines between sea level and the top, every fifth heavier (0: no "
       "lines, not even the coastline)",
       std::to_string(static_cast<int>(sketch::contour_levels.initial)),
       whole(static_cast<uint64_t>(sketch::contour_levels.min),
             static_cast<uint64_t>(sketch::contour_levels.max))},
      {"--rivers-by", "HOW",
       "--svg only: rivers stroked by the sketch's flow classes or by Strahler order "
       "(0.7 + 0.9 x order)",
       "flow", "flow or order"},
      {"--svg-paper", "SIZE",
       "--svg only: lay the map out on paper, landscape, its aspect kept, as large as fits "
       "inside margins of " +
           number(exports::kSvgMarginMm) +
           " mm; the SVG's width and height are then the paper's in mm: A4 (297 x 210 mm), "
           "A3 (420 x 297 mm) or W x H mm",
       "none: 4 px a cell",
       "A4, A3 or WxHmm (e.g. 500x350mm), W and H " + number(exports::kSvgPaperMinMm) + ".." +
           number(exports::kSvgPaperMaxMm) + " mm"},
      {"--svg-style", "STYLE",
       "--svg only: map (the scheme's colours on its sea colour) or plot (for paper: dark pen "
       "colours at full strength, no background)",
       "map", "map or plot"},
      {"--mesh", "PATH",
       "also write the eroded ground as a mesh, one vertex per cell in the map's colours, two "
       "triangles per grid square: binary glTF 2.0 (.glb) or Wavefront OBJ (.obj)",
       "", "optional; a file name ending in .glb or .obj, in an existing directory or in --out's"},
      {"--exaggeration", "E", "--mesh only: the mesh's heights are the ground's times E, in cells",
       number(exports::kDefaultExaggeration),
       "a number above 0, up to " + number(exports::kMaxExaggeration)},
      {"--scheme", "KEY", "colour scheme of --layers, --svg (map style) and --mesh", "site_dark",
       "site_dark, site_light, topographic, blueprint or bw"},
      {"--force", "", "replace output files that already exist, each atomically",
       "off: refuse if any exists", ""},
      {"--help", "", "print this help and exit", "", ""},
  };
}

}  // namespace

// --- Reading values ----------------------------------------------------------------------

[[noreturn]] void usage_error(const std::string& message) {
  throw UsageError("terrain-cli: " + message);
}

// What a flag allows, as an error message says it: its table entry without the "optional; " or
// "required; " that --help shows in front (a message about a value given needs neither).
std::string allowed_words(const Flag& flag) {
  for (const std::string_view lead : {"optional; ", "required; "}) {
    if (flag.allowed.starts_with(lead)) return flag.allowed.substr(lead.size());
  }
  return flag.allowed;
}

[[noreturn]] void bad_value(const Flag& flag, std::string_view text, const std::string& problem) {
  usage_error(flag.name + " " + quoted(text) + " " + problem + " (allowed: " + allowed_words(flag) +
              ")");
}

// A whole number in [lo, hi], digits only: no sign other than a '-' (reported as out of
// range), no spaces, no exponent ("1e3"), no fraction, nothing after it.
uint64_t read_whole(const Flag& flag, std::string_view text, uint64_t lo, uint64_t hi) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  const bool all_digits = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  if (!all_digits) bad_value(flag, text, "is not a whole number");
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool too_big = error == std::errc::result_out_of_range;
  if (too_big || (negative && value != 0) || value < lo || value > hi) {
    bad_value(flag, text, "is out of range");
  }
  return value;
}

// A finite real number in [lo, hi], the whole text of it ("0.3", "3e-1"; not "0.3x",
// "nan", "inf" or "").
double read_real(const Flag& flag, std::string_view text, double lo, double hi) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || end != text.data() + text.size() ||
      (error != std::errc() && error != std::errc::result_out_of_range)) {
    bad_value(flag, text, "is not a number");
  }
  if (!std::isfinite(value)) bad_value(flag, text, "is not a finite number");
  if (error == std::errc::result_out_of_range || value < lo || value > hi) {
    bad_value(flag, text, "is out of range");
  }
  return value;
}

// --- Reading the words -------------------------------------------------------------------
//
// CLI11 splits the words into flags and values. Its rules differ from terrain-cli's in a few
// places, and terrain-cli keeps its own, so that every input gets the message it always got:
//   - a value flag takes the next word even when it is another flag ("--drops --seed 3");
//     here a value in a word of its own never starts with "--": that is "--drops needs a
//     value";
//   - "--seed=" (nothing after the '=') takes the next word as its value; here its value is
//     the empty text, and the next word is read as a word of its own;
//   - a word it does not know (an unknown flag, a stray word) is left aside and reported at
//     the end; here the first bad word is reported, in the order given;
//   - a flag given twice, a value given to a switch ("--force=yes") and a missing value are
//     errors here, each with its own line, and never CLI11's texts or exit codes.
// So CLI11 reads each flag with nothing to check and calls back as it reads it (in the
// order given); the callback looks at the words that flag was read from and stops at the
// first problem with terrain-cli's message. The subcommands read their words the same way.

namespace {

const Flag* find_flag(const std::vector<Flag>& flags, std::string_view name) {
  for (const Flag& flag : flags) {
    if (flag.name == name) return &flag;
  }
  return nullptr;
}

// A word CLI11 does not know: an unknown flag (named without any "=value") or a stray word.
[[noreturn]] void stray_word(const std::vector<Flag>& flags, std::string_view word,
                             std::string_view command) {
  const std::string lists = " (" + std::string(command) + " --help lists them)";
  if (word.size() >= 3 && word.substr(0, 2) == "--") {
    usage_error("unknown flag " + quoted(word.substr(0, word.find('='))) + lists);
  }
  if (!word.empty() && word.front() == '-') usage_error("unknown flag " + quoted(word) + lists);
  const Flag* out = find_flag(flags, "--out");
  usage_error("unexpected argument " + quoted(word) + " (every value follows its flag, e.g. " +
              (out ? out->name + " " + out->value : flags.front().name) + ")");
}

}  // namespace

std::vector<GivenFlag> read_flags(const std::vector<Flag>& flags,
                                  std::span<const std::string_view> args,
                                  std::string_view command) {
  CLI::App app("", std::string(command));
  app.set_help_flag();  // --help is handled before CLI11 is asked (see parse_options)
  app.allow_extras();   // unknown words are reported here, in order (see above)
  // CLI11 reads from the back of this and takes each word off as it goes, so the words read
  // so far are always the first args.size() - words.size() of args.
  std::vector<std::string> words(args.rbegin(), args.rend());
  std::vector<GivenFlag> given;

  // A word CLI11 left aside came before the flag it is now reading: that word is reported.
  // (remaining(), not remaining_size(): the size leaves out a "--", which is a stray too.)
  const auto no_stray_word_yet = [&] {
    const std::vector<std::string> strays = app.remaining();
    if (!strays.empty()) stray_word(flags, strays.front(), command);
  };
  const auto once = [&](const Flag& flag) {
    for (const GivenFlag& seen : given) {
      if (seen.flag == &flag) usage_error(flag.name + " is given twice (give it once)");
    }
  };

  for (const Flag& flag : flags) {
    const auto on_read = [&, flag_ptr = &flag](const CLI::results_t& results) {
      const Flag& read_flag = *flag_ptr;
      no_stray_word_yet();
      once(read_flag);
      const std::size_t read = args.size() - words.size();  // this flag's words included
      if (read_flag.value.empty()) {
        // A switch is read from one word, "--force" or "--force=...".
        if (args[read - 1] != read_flag.name) usage_error(read_flag.name + " takes no value");
        given.push_back({&read_flag, ""});
        return true;
      }
      const std::string& value = results.front();
      if (args[read - 1] == read_flag.name + "=" + value) {
        given.push_back({&read_flag, value});  // "--seed=5": the value is what follows '='
      } else if (args[read - 2] != read_flag.name) {
        // "--seed=" and then CLI11 took the next word: the value is empty, and that word is
        // put back to be read on its own.
        words.push_back(value);
        given.push_back({&read_flag, ""});
      } else if (value.substr(0, 2) == "--") {
        usage_error(read_flag.name + " needs a value (allowed: " + allowed_words(read_flag) + ")");
      } else {
        given.push_back({&read_flag, value});
      }
      return true;
    };
    app.add_option(flag.name, on_read)
        ->expected(flag.value.empty() ? 0 : 1)
        ->trigger_on_parse();  // call back as each flag is read, not once all are
  }

  try {
    app.parse(words);
  } catch (const CLI::ArgumentMismatch&) {
    // A value flag was the last word, with nothing after it to be its value. (Anything else
    // CLI11 might throw would be a mistake here, and is left to show as an unexpected
    // failure.)
    if (args.empty() || !words.empty()) throw;
    const std::string_view last = args.back();
    const Flag* flag = find_flag(flags, last.substr(0, last.find('=')));
    if (flag == nullptr) throw;
    no_stray_word_yet();
    once(*flag);
    if (last == flag->name) {
      usage_error(flag->name + " needs a value (allowed: " + allowed_words(*flag) + ")");
    }
    given.push_back({flag, ""});  // "--seed=" as the last word: an empty value
  }
  no_stray_word_yet();
  return given;
}

std::string quoted(std::string_view text) {
  // Longer values are cut: the message has to stay one readable line.
  constexpr std::size_t kMaxShown = 60;
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; i++) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      out += "\\x";
      out += "0123456789abcdef"[c >> 4];
      out += "0123456789abcdef"[c & 0xF];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > kMaxShown) out += "...";
  out += "'";
  return out;
}

// --- parse_options -----------------------------------------------------------------------

bool asks_for_help(std::span<const std::string_view> args) {
  return std::any_of(args.begin(), args.end(),
                     [](std::string_view arg) { return arg == "--help" || arg == "-h"; });
}

Options parse_options(std::span<const std::string_view> args) {
  Options options;
  // --help anywhere, as any word (even where it would be a flag's value), wins over
  // everything else, so it is looked for before the words are read.
  if (asks_for_help(args)) {
    options.help = true;
    return options;
  }

  const std::vector<Flag> flags = flag_table();
  // Each flag given, with its value, in the order given (so the first bad one is reported).
  const std::vector<GivenFlag> given = read_flags(flags, args, "terrain-cli");

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
  const Flag* exaggeration_flag = nullptr;
  const Flag* scheme_flag = nullptr;
  for (const auto& [flag, text] : given) {
    const std::string& name = flag->name;
    if (name == "--seed") {
      options.seed =
          static_cast<uint32_t>(read_whole(*flag, text, 0, std::numeric_limits<uint32_t>::max()));
    } else if (name == "--drops") {
      options.drops = read_whole(*flag, text, 0, kMaxDrops);
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
  for (const Flag* f : {contour_flag, rivers_by_flag, paper_flag, style_flag}) {
    if (f && options.svg.empty()) usage_error(f->name + " only applies with --svg PATH");
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
      "         [--inertia I] [--brush-radius B] [--sea-level S] [--terrain-scale T]\n"
      "         [--routing sketch|flood] [--min-flow F] [--ground FILE [--fit crop|stretch]]\n"
      "         [--layers DIR] [--heightmap PATH] [--heightmap-original PATH]\n"
      "         [--svg PATH [--contour-levels N] [--rivers-by flow|order]\n"
      "           [--svg-paper A4|A3|WxHmm] [--svg-style map|plot]]\n"
      "         [--mesh PATH [--exaggeration E]] [--cell-size METRES --height-scale METRES]\n"
      "         [--scheme KEY] [--force]\n"
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
  text += flags_help(flag_table());
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

std::string flags_help(const std::vector<Flag>& flags) {
  std::string text;
  // The descriptions line up in a column this far in, and wrap before this width.
  constexpr std::size_t kColumn = 22;
  constexpr std::size_t kWidth = 96;
  // Word-wraps `words` under the column, the first line starting with `line`.
  const auto wrapped = [&](std::string line, const std::string& words) {
    std::size_t pos = 0;
    while (pos < words.size()) {
      std::size_t end = std::min(words.size(), pos + (kWidth - kColumn));
      if (end < words.size()) {
        const std::size_t space = words.rfind(' ', end);
        if (space != std::string::npos && space > pos) end = space;
      }
      text += line + words.substr(pos, end - pos) + "\n";
      line.assign(kColumn, ' ');
      pos = end;
      while (pos < words.size() && words[pos] == ' ') pos++;
    }
  };
  for (const Flag& flag : flags) {
    std::string line = "  " + flag.name + (flag.value.empty() ? "" : " " + flag.value);
    line.resize(std::max(line.size() + 1, kColumn), ' ');
    wrapped(line, flag.what);
    std::string facts;
    if (!flag.fallback.empty()) facts += "default " + flag.fallback;
    if (!flag.allowed.empty()) facts += (facts.empty() ? "" : "; ") + flag.allowed;
    wrapped(std::string(kColumn, ' '), facts);
  }
  return text;
}

}  // namespace terrain::cli

#include "cli/preset_export.h"

#include <algorithm>

#include "cli/summary.h"
#include "core/ground_fit.h"
#include "exports/engine_preset.h"
#include "io/heightmap.h"

namespace terrain::cli {

std::filesystem::path sidecar_path(const std::filesystem::path& heightmap) {
  std::filesystem::path sidecar = heightmap;
  sidecar += ".json";
  return sidecar;
}

PresetExport preset_export(const Options& options, const Options& run, const Heightfield& field,
                           const std::filesystem::path& path) {
  const exports::EnginePreset preset = *options.preset;
  const auto [w, h] = options.preset_size.first > 0
                          ? options.preset_size
                          : exports::default_preset_size(preset, field.width(), field.height());
  const Heightfield fitted = fit_ground(field, w, h, options.preset_fit);
  // The map's cells are units.cell_size metres square; the file's cover the window of the map
  // it was made from, spread over its own cells.
  const io::RealUnits units = options.units.given() ? options.units : exports::kPresetUnits;
  const SourceWindow window =
      ground_window(field.width(), field.height(), w, h, options.preset_fit);
  const double cell_x = units.cell_size * window.width / w;
  const double cell_y = units.cell_size * window.height / h;
  const io::HeightmapFormat format = *io::heightmap_format_for(path);

  PresetExport out;
  out.width = w;
  out.height = h;
  out.heightmap = io::encode_heightmap(fitted, format, {cell_x, units.height_scale});
  const auto [low, high] = std::minmax_element(fitted.data(), fitted.data() + fitted.size());
  // In metres as the float formats store them (float32 of the double product).
  auto metres = [&](float v) {
    return static_cast<double>(static_cast<float>(static_cast<double>(v) * units.height_scale));
  };
  exports::HeightmapSidecar sidecar;
  sidecar.preset = preset;
  sidecar.file = path.filename().string();
  sidecar.format = format;
  sidecar.width = w;
  sidecar.height = h;
  sidecar.cell_x = cell_x;
  sidecar.cell_y = cell_y;
  sidecar.min_m = metres(*low);
  sidecar.max_m = metres(*high);
  sidecar.map = run_inputs(run).dump();
  out.sidecar = exports::sidecar_text(sidecar);
  return out;
}

}  // namespace terrain::cli

// The window's part of a map file's view (map_window.h).
#include "app/core/map_window.h"

#include <cmath>
#include <stdexcept>

#include "core/number_text.h"
#include "render/geometry/color_scheme.h"
#include "render/geometry/surface_raster.h"
#include "session/json_read.h"
#include "session/saved_map.h"

namespace terrain::app {

using session::json_read::Json;

std::string window_view_json(const UiState& ui, const render::MapCamera& camera,
                             const render::OrbitCamera& orbit) {
  Json json;
  json["scheme"] = render::color_schemes()[static_cast<std::size_t>(ui.scheme)].key;
  json["zoom"] = camera.zoom();
  if (!camera.at_fit()) json["center"] = {camera.center().x, camera.center().y};
  json["side_view"] = ui.side.shown;
  json["side"] = std::string(side_view_name(ui.side.view));
  if (ui.side.row) json["row"] = *ui.side.row;
  json["relief"] = ui.exaggeration;
  const glm::dvec3 target = orbit.target();
  json["camera"] = {{"yaw", orbit.yaw()},
                    {"pitch", orbit.pitch()},
                    {"distance", orbit.distance()},
                    {"target", {target.x, target.y, target.z}}};
  if (!ui.map_path.empty()) json["file"] = ui.map_path;
  return json.dump();
}

namespace {

// The 3D view's camera (VIEW.window.camera): its angles, then its place.
void add_camera_commands(const Json& camera, const std::string& cam,
                         std::vector<Command>& commands) {
  using namespace session::json_read;
  const Json& c = object_at(camera, cam);
  only_keys(c, {"yaw", "pitch", "distance", "target"}, cam);
  const double yaw = real_at(member(c, "yaw", cam), cam + ".yaw");
  const double pitch = real_at(member(c, "pitch", cam), cam + ".pitch");
  if (!(pitch >= render::OrbitCamera::kMinPitch && pitch <= render::OrbitCamera::kMaxPitch)) {
    fail(cam + ".pitch", "must be from " + number_text(render::OrbitCamera::kMinPitch) + " to " +
                             number_text(render::OrbitCamera::kMaxPitch) + ", not " +
                             shown(c["pitch"]));
  }
  const double distance = real_at(member(c, "distance", cam), cam + ".distance");
  if (!(distance > 0)) fail(cam + ".distance", "must be above 0, not " + shown(c["distance"]));
  const Json& t = array_at(member(c, "target", cam), cam + ".target");
  if (t.size() != 3) fail(cam + ".target", "must be [x, y, z], not " + shown(t));
  const double x = real_at(t[0], cam + ".target[0]");
  const double y = real_at(t[1], cam + ".target[1]");
  const double z = real_at(t[2], cam + ".target[2]");
  commands.push_back(UiCommand{SetCamera{yaw, pitch}});
  commands.push_back(UiCommand{PlaceCamera{distance, x, y, z}});
}

}  // namespace

std::vector<Command> window_view_commands(std::string_view text, const render::MapCamera& camera,
                                          int rows) {
  using namespace session::json_read;
  const std::string where = "VIEW.window";
  Json json;
  try {
    json = parse_json(text, {session::kMaxViewValues});
  } catch (const std::invalid_argument& e) {
    fail(where, e.what());
  }
  object_at(json, where);
  const auto at = [&](const char* key) { return where + "." + key; };
  only_keys(json,
            {"scheme", "zoom", "center", "side_view", "side", "row", "relief", "camera", "file"},
            where);
  if (json.contains("file")) string_at(json["file"], at("file"));
  std::vector<Command> commands;
  if (json.contains("scheme")) {
    const std::string& key = string_at(json["scheme"], at("scheme"));
    const auto& schemes = render::color_schemes();
    std::size_t index = 0;
    while (index < schemes.size() && schemes[index].key != key) index++;
    if (index == schemes.size())
      fail(at("scheme"), "no colour scheme is called " + shown(json["scheme"]));
    commands.push_back(UiCommand{SetScheme{static_cast<int>(index)}});
  }
  // The camera checks the zoom and the centre as it would a flag's.
  render::MapCamera check(camera.cols(), camera.rows());
  commands.push_back(UiCommand{FitMap{}});
  if (json.contains("zoom")) {
    const double zoom = real_at(json["zoom"], at("zoom"));
    checked_at(at("zoom"), [&] { check.set_zoom(zoom); });
    commands.push_back(UiCommand{SetZoom{zoom}});
  }
  if (json.contains("center")) {
    const Json& c = array_at(json["center"], at("center"));
    if (c.size() != 2) fail(at("center"), "must be [column, row], not " + shown(c));
    const double x = real_at(c[0], at("center") + "[0]");
    const double y = real_at(c[1], at("center") + "[1]");
    checked_at(at("center"), [&] { check.set_center({x, y}); });
    commands.push_back(UiCommand{SetCenter{x, y}});
  }
  // The row first (it shows the cross-section), then the strip's view, then whether it shows.
  if (json.contains("row")) {
    commands.push_back(
        UiCommand{SetSectionRow{whole_at<int>(json["row"], at("row"), 0, rows - 1)}});
  }
  if (json.contains("side")) {
    const auto view = parse_side_view(string_at(json["side"], at("side")));
    if (!view) fail(at("side"), "is not a side view: " + shown(json["side"]));
    commands.push_back(UiCommand{SetSideView{*view}});
  }
  if (json.contains("side_view")) {
    commands.push_back(UiCommand{ShowSideView{bool_at(json["side_view"], at("side_view"))}});
  }
  // The 3D view: its relief, then its camera's angles and place.
  if (json.contains("relief")) {
    const double relief = real_at(json["relief"], at("relief"));
    if (!(relief >= render::kMinExaggeration && relief <= render::kMaxExaggeration)) {
      fail(at("relief"), "must be from " + number_text(render::kMinExaggeration) + " to " +
                             number_text(render::kMaxExaggeration) + ", not " +
                             shown(json["relief"]));
    }
    commands.push_back(UiCommand{SetExaggeration{relief}});
  }
  if (json.contains("camera")) add_camera_commands(json["camera"], at("camera"), commands);
  return commands;
}

std::string window_view_file(std::string_view text) {
  const Json json = session::json_read::parse_json(text, {session::kMaxViewValues});
  const auto it = json.find("file");
  return it != json.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace terrain::app

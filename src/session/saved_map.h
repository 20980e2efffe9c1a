// A map as a map file (.tsmap) keeps it: its whole history (the start, every command, the
// steps a person took and where on them the map stands), checkpoints to open it at once
// without replaying the rain, and the view a person expects to find again. Opening it gives
// back the living map: the same heights, the same controls, the same undo, and rain that goes on
// byte for byte as if the window had never closed.
//
// The file is io/map_file.h's container with four sections (docs/map-file.md is the format in
// full):
//   RCPE  the history's commands as a map recipe (map_recipe.h): its start and every command
//         since, in order. Replayed whole it gives the map at the history's end.
//   HIST  JSON: the grid's size, the steps (where each begins and ends among the commands,
//         and whether it was a drag or a typed value), the place the map stands at, drops per
//         frame, the checkpoints' spacing, and every checkpoint: its place, the rain's state
//         there (its random stream and counts), the hash of the map's state there
//         (state_hash), and, for some of them, which grids hold its heights and original ground.
//   GRID  the grids: float32 little-endian, row 0 first, width x height each, one after another.
//   VIEW  JSON: the view's settings, and the window's own (the app's scheme, camera, side view).
//
// Every checkpoint carries its hash, so a file proves its own replay (terrain-cli
// --verify-map): replaying the commands from the start gives, at each checkpoint, the state the
// hash says, or this build rains differently. Grids are kept for the first checkpoint, the
// last one at or before the map's place, the last one, and the first at or after each multiple
// of a step (the spacing doubled until the history's cost is at most kSavedGaps steps), so
// that no gap is over an eighth of the history's cost and a file stays a few megabytes, while
// undo reaches any place after opening at once or after one replay. The same checkpoints are
// picked save after save as the history grows: an autosave copies only the grids new since.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/rain.h"
#include "io/atomic_file.h"
#include "io/map_file.h"
#include "session/history.h"
#include "session/map_recipe.h"
#include "session/settings.h"

namespace terrain::session {

struct SavedCheckpoint {
  HistoryPosition at;
  uint32_t random = 0;  // the rain's random stream there (p5's LCG state)
  RainStats stats;      // the rain's counts there
  uint64_t hash = 0;    // state_hash of the map there
  int heights = -1;     // its grids (indices into SavedMap::grids), -1 when only the hash is kept
  int original = -1;
};

struct SavedStep {
  std::size_t first = 0;  // its commands: [first, end)
  std::size_t end = 0;
  bool edit = false;  // a drag or a typed value
  bool operator==(const SavedStep&) const = default;
};

struct SavedMap {
  int width = sketch::COLS;
  int height = sketch::ROWS;
  // The history's start (seed, ground, settings) and every command since, as a recipe.
  MapRecipe commands;
  std::vector<SavedStep> steps;
  HistoryPosition position;  // where the map stands on it
  int drops_per_frame = static_cast<int>(sketch::drops_per_frame.initial);
  uint64_t spacing = History::kFirstSpacing;
  std::vector<SavedCheckpoint> checkpoints;  // by place; the first at the start, with grids
  // width * height heights each, shared and never changed: copying a SavedMap copies no cells.
  std::vector<std::shared_ptr<const std::vector<float>>> grids;
  ViewSettings view;
  // The window's part of the view (the app's scheme, camera, side view), as JSON object text;
  // "{}" when there is none (terrain-cli's maps). The app reads and checks it.
  std::string window = "{}";
};

// At most this many gaps between checkpoints with grids: see the top.
inline constexpr uint64_t kSavedGaps = 16;
// What a map file may claim, so that opening one never replays without end: the checkpoints'
// spacing at most 4096 << 12 drops (a session reaches it after about two billion drops), the
// whole history's replay cost at most 10^11 drops (ten maps' lives: map.h's kMaxMapDrops).
inline constexpr uint64_t kMaxSavedSpacing = History::kFirstSpacing << 12;
inline constexpr uint64_t kMaxSavedCost = 100'000'000'000ull;

// Grids copied out of a history's store by an earlier save, by store, slot and the slot's
// generation:
// a save that is given it copies only the grids that are new since (the autosave's, every few
// seconds, copies a grid or two).
struct GridCache {
  std::map<std::tuple<uint64_t, int, uint64_t>, std::shared_ptr<const std::vector<float>>> grids;
  // Buffers of grids no longer taken, written again for new ones once no save holds them.
  std::vector<std::shared_ptr<std::vector<float>>> spare;
};
inline constexpr std::size_t kMaxSpareGrids = 8;

// The history as a map file keeps it, of a grid of width x height (the view is left as it
// is). Copies the grids it keeps (see the top), or takes them from `cache` (which then holds
// those of this save only).
SavedMap saved_history(const History& history, int width, int height, GridCache* cache = nullptr);

// The history a saved map holds, its checkpoints with grids in its store (of `budget_bytes`).
// Throws io::MapFileError, one line saying what is wrong, when the map does not hold together:
// steps that do not cover its commands as a session would have made them, a place or a
// checkpoint outside the history, a grid of the wrong size or a hash that does not match it.
History history_of(const SavedMap& saved, std::size_t budget_bytes = History::kBudgetBytes);

// The head (seed, settings, ground) and the drops since the last new start at `at`.
struct PlaceState {
  MapStart head;
  uint64_t drops = 0;
};
PlaceState place_state(const MapRecipe& commands, const HistoryPosition& at);

// What a map file may hold, each checked before anything is allocated by it, so that opening
// any file the programs accept takes bounded memory and time (docs/map-file.md, "Limits", has
// the peak memory they allow, measured):
//   the file            kMaxMapFileBytes, checked before it is read: the four sections below at
//                       zstd's bound for their limits, and 64 MiB of sections of other tags
//   RCPE                io::kMaxMapFileSectionBytes decompressed (a ground of 8192 x 8192 cells
//                       is 341 MiB of base64), and map_recipe.h's values and commands
//   HIST                kMaxHistorySectionBytes decompressed, kMaxHistoryValues JSON values;
//                       steps at most the recipe's commands, checkpoints and grids at most a
//                       history's store of that grid keeps (History::store_slots)
//   GRID                io::kMaxMapFileSectionBytes, exactly the grids HIST counts
//   VIEW                kMaxViewSectionBytes decompressed, kMaxViewValues JSON values
// Every JSON section is nested at most json_read::kMaxJsonDepth deep. Sections of other tags
// are not decompressed at all (io/map_file.h).
inline constexpr uint64_t kMaxHistorySectionBytes = uint64_t{128} << 20;
inline constexpr std::size_t kMaxHistoryValues = std::size_t{1} << 23;
inline constexpr uint64_t kMaxViewSectionBytes = uint64_t{64} << 10;
inline constexpr std::size_t kMaxViewValues = 256;
inline constexpr uint64_t kMaxOtherSectionsBytes = uint64_t{64} << 20;
inline constexpr uint64_t kMaxMapFileBytes = uint64_t{1280} << 20;

// The extension map files are known by.
inline constexpr const char* kMapFileExtension = ".tsmap";
// Whether a path names a map file (its extension, in any case).
bool is_map_file_path(const std::string& path);

// The map file's bytes (io/map_file.h's container, the sections above).
std::vector<uint8_t> map_file_bytes(const SavedMap& saved);
// The sections a map file is read by, each with its limit (above).
std::span<const io::MapFileWanted> map_file_sections();
// A map file read back. Throws io::MapFileError, one line saying what is wrong: the
// container's errors (map_file.h), a section missing, over a limit (above), or what is in one
// not as written here. Checks everything history_of needs to know the history holds
// together, so that a map that reads opens.
SavedMap read_map_file(std::span<const uint8_t> file);

// The map written to `path` whole or not at all (io/atomic_file.h): a file already there is
// replaced only with io::WriteMode::replace. Throws std::runtime_error naming the path.
void write_map_file(const std::string& path, const SavedMap& saved, io::WriteMode mode);
// The map file at `path` read and checked. Throws io::MapFileError "PATH: what is wrong",
// whatever is wrong: a file that is not a whole map, or one that cannot be read ("PATH: it is a
// directory, not a file", "PATH: it is 2147483648 bytes; a map file is at most ..."; only a
// regular file is read, io::read_file), or not enough memory to read it.
SavedMap read_map_file(const std::string& path);

// A map file opened: read_map_file(path) and its history_of, every failure an
// io::MapFileError "PATH: what is wrong" (the history's too, and not enough memory).
struct OpenedMapFile {
  SavedMap saved;
  History history;
};
OpenedMapFile open_map_file(const std::string& path);

}  // namespace terrain::session

// The window's file dialog: its state and rules (see file_dialog.h).
//
// Sections: the kinds; listing a folder; paths and names; the dialog.
#include "app/files/file_dialog.h"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <utility>

#include "io/atomic_file.h"
#include "session/saved_map.h"

namespace terrain::app {

namespace fs = std::filesystem;

// --- The kinds ---------------------------------------------------------------------------------

std::string heightmap_extension(io::HeightmapFormat format) {
  if (format == io::HeightmapFormat::tiff) return ".tif";
  return "." + std::string(io::heightmap_format_name(format));
}

DialogKind dialog_kind(FileChoice what, io::HeightmapFormat export_format, bool preset) {
  const auto save_as = [](std::string title, std::string extension, std::string words) {
    return DialogKind{std::move(title),
                      DialogMode::save_file,
                      {extension},
                      std::move(words) + " (" + extension + ")",
                      "Save"};
  };
  const std::string heights = heightmap_extension(export_format);
  switch (what) {
    case FileChoice::heightmap:
      // What read_heightmap takes (io/heightmap.h): .r16 is written only.
      return {"Open a heightmap",
              DialogMode::open_file,
              {".png", ".exr", ".tif", ".tiff", ".npy"},
              "Heightmaps (.png .exr .tif .tiff .npy)",
              "Open"};
    case FileChoice::save_folder:
      return {"Where saves go", DialogMode::pick_folder, {}, "Folders", "Choose"};
    case FileChoice::map_to_open:
      return {"Open a map",
              DialogMode::open_file,
              {session::kMapFileExtension},
              "Terrain Sandbox maps (.tsmap)",
              "Open"};
    case FileChoice::map_to_save:
      return save_as("Save the map as", session::kMapFileExtension, "Terrain Sandbox maps");
    case FileChoice::export_picture:
      return save_as("Export the picture as", ".png", "PNG pictures");
    case FileChoice::export_heights:
    case FileChoice::export_original:
      if (preset) {
        return {"Export the heightmap and its sidecar into a new folder",
                DialogMode::new_folder,
                {},
                "Folders",
                "Save"};
      }
      return save_as(what == FileChoice::export_heights ? "Export the heightmap as"
                                                        : "Export the original heightmap as",
                     heights, "Heightmaps");
    case FileChoice::export_layers:
      return {"Export the layers into a new folder", DialogMode::new_folder, {}, "Folders", "Save"};
    case FileChoice::export_grids:
      return {"Export the grids into a new folder", DialogMode::new_folder, {}, "Folders", "Save"};
    case FileChoice::export_svg:
      return save_as("Export the SVG as", ".svg", "SVG drawings");
    case FileChoice::export_glb:
      return save_as("Export the mesh as", ".glb", "Binary glTF meshes");
    case FileChoice::export_obj:
      return save_as("Export the mesh as", ".obj", "Wavefront OBJ meshes");
  }
  return {};
}

// --- Listing a folder --------------------------------------------------------------------------

namespace {

std::string lower_case(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace

bool has_extension(const std::string& name, const std::vector<std::string>& extensions) {
  const std::string low = lower_case(name);
  return std::any_of(extensions.begin(), extensions.end(), [&](const std::string& e) {
    return low.size() > e.size() && low.compare(low.size() - e.size(), e.size(), e) == 0;
  });
}

FolderListing list_folder(const fs::path& folder, const std::vector<std::string>& extensions,
                          bool files, std::size_t most, std::size_t most_scanned) {
  FolderListing listing;
  // Looked at before it is opened: a FIFO or a device named as the folder is never opened
  // (opendir would refuse it without blocking too, but says less).
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0) {
    listing.error = folder.string() + ": " + std::strerror(errno);
    return listing;
  }
  if (!S_ISDIR(st.st_mode)) {
    listing.error = folder.string() + " is not a folder";
    return listing;
  }
  std::error_code ec;
  fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    listing.error = folder.string() + ": " + ec.message();
    return listing;
  }
  std::size_t scanned = 0;
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (++scanned > most_scanned || listing.entries.size() >= most) {
      listing.cut = true;
      break;
    }
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    // stat follows a link and opens nothing; a link to nothing is left out.
    struct stat entry {};
    if (::stat(it->path().c_str(), &entry) != 0) continue;
    if (S_ISDIR(entry.st_mode)) {
      listing.entries.push_back({std::move(name), true});
    } else if (files && S_ISREG(entry.st_mode) &&
               (extensions.empty() || has_extension(name, extensions))) {
      listing.entries.push_back({std::move(name), false});
    }
  }
  std::sort(listing.entries.begin(), listing.entries.end(),
            [](const FolderEntry& a, const FolderEntry& b) {
              if (a.folder != b.folder) return a.folder;
              const std::string la = lower_case(a.name);
              const std::string lb = lower_case(b.name);
              return la != lb ? la < lb : a.name < b.name;
            });
  return listing;
}

// --- Paths and names ---------------------------------------------------------------------------

fs::path resolve_typed(const fs::path& folder, const std::string& typed, const fs::path& home) {
  fs::path path;
  if (typed == "~") {
    path = home;
  } else if (typed.rfind("~/", 0) == 0) {
    path = home / typed.substr(2);
  } else {
    path = fs::path(typed).is_absolute() ? fs::path(typed) : folder / typed;
  }
  path = path.lexically_normal();
  // "/a/b/" is the folder "/a/b" (but "/" stays).
  std::string text = path.string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

void remember_folder(std::vector<std::string>& list, const std::string& folder) {
  if (folder.empty()) return;
  list.erase(std::remove(list.begin(), list.end(), folder), list.end());
  list.insert(list.begin(), folder);
  if (list.size() > kMostRecentFolders) list.resize(kMostRecentFolders);
}

// --- The dialog --------------------------------------------------------------------------------

FileDialog::FileDialog(fs::path home) : home_(std::move(home)) {
  if (home_.empty()) {
    const char* env = std::getenv("HOME");
    home_ = env != nullptr && env[0] == '/' ? fs::path(env) : fs::path("/");
  }
}

void FileDialog::open(FileChoice what, const DialogKind& kind, const fs::path& folder,
                      const std::string& name, std::vector<std::string> recent) {
  open_ = true;
  what_ = what;
  kind_ = kind;
  recent_ = std::move(recent);
  answer_.reset();
  replace_asked_.clear();
  return_pressed_ = false;
  escape_pressed_ = false;
  set_name_text(name);
  const fs::path start = folder.empty() ? home_ : resolve_typed(home_, folder.string(), home_);
  if (!go_to(start)) {
    const std::string why = problem_;
    if (go_to(home_)) problem_ = why;
  }
}

bool FileDialog::go_to(const fs::path& folder) {
  FolderListing listing =
      list_folder(folder, kind_.extensions,
                  kind_.mode == DialogMode::open_file || kind_.mode == DialogMode::save_file);
  if (!listing.error.empty()) {
    problem_ = listing.error;
    set_path_text(folder_.string());
    return false;
  }
  folder_ = folder;
  listing_ = std::move(listing);
  selected_ = -1;
  problem_.clear();
  set_path_text(folder_.string());
  return true;
}

void FileDialog::go_to_typed() {
  go_to(resolve_typed(folder_, path_.data(), home_));
}

void FileDialog::up() {
  if (folder_.has_parent_path() && folder_.parent_path() != folder_) go_to(folder_.parent_path());
}

void FileDialog::home() {
  go_to(home_);
}

void FileDialog::select(std::size_t index) {
  if (index >= listing_.entries.size()) return;
  selected_ = static_cast<int>(index);
  const FolderEntry& entry = listing_.entries[index];
  if (!entry.folder) set_name_text(entry.name);
  problem_.clear();
}

void FileDialog::activate(std::size_t index) {
  if (index >= listing_.entries.size()) return;
  const FolderEntry entry = listing_.entries[index];
  if (entry.folder) {
    go_to(folder_ / entry.name);
    return;
  }
  set_name_text(entry.name);
  accept();
}

void FileDialog::accept() {
  if (!open_ || !replace_asked_.empty()) return;
  problem_.clear();
  const std::string typed = name_.data();
  if (typed.empty()) {
    if (kind_.mode == DialogMode::pick_folder) {
      close(folder_.string(), false);
    } else {
      problem_ =
          kind_.mode == DialogMode::open_file ? "Choose a file, or type its name" : "Type a name";
    }
    return;
  }
  fs::path path = resolve_typed(folder_, typed, home_);
  struct stat st {};
  const bool there = ::stat(path.c_str(), &st) == 0;
  // A folder named is entered (and the name field emptied), whatever the dialog is for.
  if (there && S_ISDIR(st.st_mode)) {
    if (go_to(path)) set_name_text("");
    return;
  }
  switch (kind_.mode) {
    case DialogMode::pick_folder:
      problem_ = path.filename().string() + (there ? " is not a folder" : " is not there");
      return;
    case DialogMode::open_file: {
      // A map named without its extension.
      if (!there && !kind_.extensions.empty() && !has_extension(path.string(), kind_.extensions)) {
        const fs::path with = path.string() + kind_.extensions.front();
        struct stat w {};
        if (::stat(with.c_str(), &w) == 0 && S_ISREG(w.st_mode)) {
          close(with.string(), false);
          return;
        }
      }
      if (!there) {
        problem_ = path.filename().string() + " is not there";
      } else if (!S_ISREG(st.st_mode)) {
        problem_ = path.filename().string() + ": " + io::replace_refusal(path);
      } else {
        close(path.string(), false);
      }
      return;
    }
    case DialogMode::new_folder: {
      std::error_code ec;
      if (fs::symlink_status(path, ec).type() != fs::file_type::not_found) {
        problem_ =
            path.filename().string() + " is there already: the export goes into a new folder";
        return;
      }
      break;
    }
    case DialogMode::save_file:
      if (!kind_.extensions.empty() && !has_extension(path.string(), kind_.extensions)) {
        path += kind_.extensions.front();
      }
      break;
  }
  // Saving: the folder it goes into must be there; a regular file there is replaced only once
  // asked; anything else is refused (as the writer would refuse it: io/atomic_file.h).
  struct stat parent {};
  if (::stat(path.parent_path().c_str(), &parent) != 0 || !S_ISDIR(parent.st_mode)) {
    problem_ = "The folder " + path.parent_path().string() + " is not there";
    return;
  }
  if (kind_.mode == DialogMode::save_file) {
    const std::string refusal = io::replace_refusal(path);
    if (!refusal.empty()) {
      problem_ = path.filename().string() + ": " + refusal + ": choose another name";
      return;
    }
    std::error_code ec;
    if (fs::symlink_status(path, ec).type() != fs::file_type::not_found) {
      replace_asked_ = path;
      return;
    }
  }
  close(path.string(), false);
}

void FileDialog::answer_replace(bool replace) {
  if (replace_asked_.empty()) return;
  const fs::path path = std::exchange(replace_asked_, {});
  if (replace) close(path.string(), true);
}

void FileDialog::cancel() {
  if (!replace_asked_.empty()) {
    replace_asked_.clear();
    return;
  }
  if (open_) close("", false);
}

FileDialog::Keys FileDialog::take_keys() {
  Keys keys{return_pressed_, escape_pressed_};
  return_pressed_ = false;
  escape_pressed_ = false;
  return keys;
}

std::optional<FileDialog::Answer> FileDialog::take_answer() {
  return std::exchange(answer_, {});
}

void FileDialog::close(std::string path, bool replace) {
  open_ = false;
  if (!path.empty()) {
    remember_folder(recent_, kind_.mode == DialogMode::pick_folder
                                 ? path
                                 : fs::path(path).parent_path().string());
  }
  answer_ = Answer{what_, std::move(path), replace};
}

void FileDialog::set_path_text(const std::string& text) {
  std::fill(path_.begin(), path_.end(), '\0');
  std::memcpy(path_.data(), text.data(), std::min(text.size(), kTextSize - 1));
}

void FileDialog::set_name_text(const std::string& text) {
  std::fill(name_.begin(), name_.end(), '\0');
  std::memcpy(name_.data(), text.data(), std::min(text.size(), kTextSize - 1));
}

}  // namespace terrain::app

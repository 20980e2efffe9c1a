// The file dialog drawn in the window, for when the desktop has no chooser the app can start
// (file_chooser.h: zenity missing, or it would not start): its state and its rules, without
// ImGui, so that they are tested without a window. file_dialog_view.h draws it.
//
// It shows a folder (its path editable), that folder's folders first and then its files of the
// kind asked for (a map file, a heightmap the reader takes, an export's own extension), a name
// field, the folders used lately, Up, Home, Cancel and Open or Save. Its rules:
//   - A name is taken in the folder shown, or as a path of its own ("/maps/a", "~/a", "sub/a");
//     a name that is a folder is entered rather than chosen.
//   - Saving: a name without the kind's extension gets it; a regular file of that name (or a
//     link to one) is replaced only once "Replace NAME?" is answered Replace; anything else
//     there (a folder, a FIFO, a device, a socket, a link to nothing) is refused, saying what
//     it is. The folder it goes into must be there.
//   - Opening: only a regular file (or a link to one); a map file named without its extension
//     is found with it.
//   - Listing a folder never blocks and never reads a file: only the folder's entries, each
//     looked at with stat (which opens nothing, so a FIFO or a device cannot block it), at most
//     kMostScanned of them read and kMostListed shown; a list that was cut says so. Names
//     starting with '.' are not listed (they can be typed).
//   - The folders used lately (recent_folders): the folder of each path chosen, newest first,
//     each once, at most kMostRecentFolders; kept in the preferences (preferences.h).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/core/command.h"
#include "io/heightmap.h"

namespace terrain::app {

// What the dialog asks for.
enum class DialogMode {
  open_file,    // an existing file to read
  save_file,    // a file to write: new, or a regular file to replace once asked
  pick_folder,  // a folder that is there (the save folder)
  new_folder,   // a folder to make, not there yet (the exports of several files)
};

// What a FileChoice shows and takes: its title, its mode, the extensions its files have
// (lower case, with the dot; the first is added to a name saved without one; none: every file),
// and the filter's words under the list.
struct DialogKind {
  std::string title;
  DialogMode mode = DialogMode::open_file;
  std::vector<std::string> extensions;
  std::string filter;  // "Terrain Sandbox maps (.tsmap)"
  std::string accept;  // the button: "Open", "Save", "Choose"
};
// `export_format`: the heightmap exports' format (the panel's), which names their extension.
// With `preset`, the heightmap exports are each a new folder (the file and its sidecar).
DialogKind dialog_kind(FileChoice what, io::HeightmapFormat export_format, bool preset = false);

// The extension a heightmap export is written with (".png", ".r16", ".exr", ".tif", ".npy").
std::string heightmap_extension(io::HeightmapFormat format);

// One entry of a folder as the dialog lists it.
struct FolderEntry {
  std::string name;
  bool folder = false;
};
// A folder's entries: its folders first, then its files, each by name (case ignored).
struct FolderListing {
  std::vector<FolderEntry> entries;
  bool cut = false;   // there were more than were listed
  std::string error;  // why the folder could not be listed ("" when it was)
};
inline constexpr std::size_t kMostListed = 2000;
inline constexpr std::size_t kMostScanned = 20000;
// Lists `folder`: its folders, and its regular files whose extension is one of `extensions`
// (any case; all regular files when it is empty; none when `files` is false). At most `most`
// entries, and no more than `most_scanned` of the folder's entries read.
FolderListing list_folder(const std::filesystem::path& folder,
                          const std::vector<std::string>& extensions, bool files = true,
                          std::size_t most = kMostListed, std::size_t most_scanned = kMostScanned);

// Whether `name` ends with one of `extensions` (any case).
bool has_extension(const std::string& name, const std::vector<std::string>& extensions);
// `typed` as a path: absolute as it is, "~" and "~/..." in the home folder (`home`), else in
// `folder`; made lexically normal ("a/../b" is "b"), without a trailing '/'.
std::filesystem::path resolve_typed(const std::filesystem::path& folder, const std::string& typed,
                                    const std::filesystem::path& home);

// The folders used lately: `folder` to the top of `list` (once), the oldest beyond
// kMostRecentFolders dropped.
inline constexpr std::size_t kMostRecentFolders = 8;
void remember_folder(std::vector<std::string>& list, const std::string& folder);

class FileDialog {
 public:
  // What the dialog was closed with: what it was for, the path chosen ("" when cancelled), and
  // whether the user said to replace the file there.
  struct Answer {
    FileChoice what = FileChoice::heightmap;
    std::string path;
    bool replace = false;
  };
  // The name field's and the path field's room, in bytes (their text as ImGui edits it).
  static constexpr std::size_t kTextSize = 4096;

  // `home`: where Home goes and "~" means ($HOME when empty; "/" without one).
  explicit FileDialog(std::filesystem::path home = {});

  // Opens for `what` in `folder` (or, when it cannot be listed, the home folder) with `name` in
  // the name field; `recent`: the folders used lately, newest first.
  void open(FileChoice what, const DialogKind& kind, const std::filesystem::path& folder,
            const std::string& name, std::vector<std::string> recent);
  bool is_open() const { return open_; }
  FileChoice what() const { return what_; }
  const DialogKind& kind() const { return kind_; }
  const std::filesystem::path& folder() const { return folder_; }
  const FolderListing& listing() const { return listing_; }
  const std::vector<std::string>& recent() const { return recent_; }
  // The listing's entry selected (a click), or -1.
  int selected() const { return selected_; }
  // Why the last Open or Save did not close the dialog ("" when nothing is wrong).
  const std::string& problem() const { return problem_; }
  // The file the dialog asks about ("Replace NAME?"), or empty when it asks nothing.
  const std::filesystem::path& replace_asked() const { return replace_asked_; }

  // The fields' text, edited in place by the view (nul-terminated, kTextSize bytes).
  char* name_text() { return name_.data(); }
  char* path_text() { return path_.data(); }

  // Shows `folder`: listed again, the name field kept. A folder that cannot be listed stays
  // unshown, and the problem says why. False then.
  bool go_to(const std::filesystem::path& folder);
  // The path field's text as a folder (typed and Return).
  void go_to_typed();
  void up();
  void home();
  // A click on the listing's entry at `index`: selected; a file's name goes in the name field.
  void select(std::size_t index);
  // A double click: a folder is entered; a file is taken as Open or Save would take it.
  void activate(std::size_t index);
  // Open or Save (the button, Return): the name field's text (or, when it is empty, the
  // folder shown, for a folder to pick) by the rules at the top. Closes the dialog with the
  // answer, asks "Replace NAME?", or says in problem() why not.
  void accept();
  // The answer to "Replace NAME?": Replace closes the dialog with the file to replace; Cancel
  // goes back to the dialog.
  void answer_replace(bool replace);
  // Cancel (the button, Esc): the question if one is asked, else the dialog.
  void cancel();
  // The keys, as the window saw them: carried out by the view once this frame's typing is in
  // the fields (take_keys).
  void press_return() { return_pressed_ = true; }
  void press_escape() { escape_pressed_ = true; }
  struct Keys {
    bool return_pressed = false;
    bool escape_pressed = false;
  };
  Keys take_keys();

  // Once the dialog has closed: its answer, once; nullopt while it is open or after.
  std::optional<Answer> take_answer();

 private:
  void close(std::string path, bool replace);
  void set_path_text(const std::string& text);
  void set_name_text(const std::string& text);

  std::filesystem::path home_;
  bool open_ = false;
  FileChoice what_ = FileChoice::heightmap;
  DialogKind kind_;
  std::filesystem::path folder_;
  FolderListing listing_;
  std::vector<std::string> recent_;
  int selected_ = -1;
  std::string problem_;
  std::filesystem::path replace_asked_;
  std::vector<char> name_ = std::vector<char>(kTextSize, '\0');
  std::vector<char> path_ = std::vector<char>(kTextSize, '\0');
  bool return_pressed_ = false;
  bool escape_pressed_ = false;
  std::optional<Answer> answer_;
};

}  // namespace terrain::app

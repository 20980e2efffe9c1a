// The desktop's file chooser, where there is one: zenity (the GNOME dialogs, which go through
// the XDG desktop portal where one runs), as a process of its own so that the window keeps
// drawing while it is open. Where zenity is missing, will not start, or there is no display,
// there is none, and the window's own file dialog (file_dialog.h) takes its place.
//
// TERRAIN_SANDBOX_FILE_CHOOSER names another program that answers as zenity does (the path
// chosen on stdout, exit 0; nothing and exit 1 when cancelled): the tests' stand-in.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

#include "app/core/command.h"
#include "app/files/file_dialog.h"

namespace terrain::app {

class FileChooser {
 public:
  FileChooser();
  FileChooser(const FileChooser&) = delete;
  FileChooser& operator=(const FileChooser&) = delete;
  ~FileChooser();  // a chooser still open is closed

  // Whether a chooser can be shown here.
  bool available() const { return !program_.empty(); }
  bool open() const { return pid_ > 0; }
  // Not tried again in this run (it failed to show itself).
  void give_up() { program_.clear(); }
  // Shows the chooser for `what` as `kind` says (its title, mode and filter: the window's
  // dialog's, file_dialog.h), starting in `folder` with `name` suggested; false when there is
  // none, it could not be started, or one is open already.
  bool start(FileChoice what, const DialogKind& kind, const std::string& folder,
             const std::string& name = "");
  // Once the chooser has closed: what it was for, and the path chosen ("" when cancelled);
  // nullopt while it is open or none was started. Never waits.
  struct Answer {
    FileChoice what = FileChoice::heightmap;
    std::string path;
    // It did not answer at all: it ended with neither a choice (0) nor a cancel (1), as zenity
    // does when it cannot open its window (or a signal ended it).
    bool failed = false;
  };
  std::optional<Answer> poll();

 private:
  std::string program_;  // zenity's path, or the stand-in's; empty when there is none
  pid_t pid_ = -1;
  int out_ = -1;  // the chooser's stdout
  std::string read_;
  FileChoice what_ = FileChoice::heightmap;
};

}  // namespace terrain::app

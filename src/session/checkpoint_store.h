// Where the history keeps the grids of its checkpoints: a fixed number of slots of one grid
// each, in one block reserved once, each slot shared by every checkpoint holding the same
// grid (a counted reference), so that a checkpoint costs no allocation in the frame that makes
// it and the history's memory has a hard ceiling.
//
// The block is allocated on the first slot taken and never initialised: the operating system
// backs a page only once it is written, so the memory in use is the slots written so far, not
// the ceiling.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace terrain::session {

class CheckpointStore {
 public:
  // Room for `slots` grids of `cells` floats each.
  CheckpointStore(std::size_t cells, std::size_t slots);

  // Copies `values` (cells floats) into a free slot held once; -1 when every slot is held.
  int take(const float* values);
  // A free slot held once, its values left to be written (values_to_write); -1 when none.
  int take_blank();
  float* values_to_write(int slot);
  void retain(int slot);
  void release(int slot);  // the last release frees it
  const float* values(int slot) const;
  // Counts the takes of a slot: a slot and its generation name one grid for as long as it is
  // held (a map file's autosave keeps the grids it copied by it).
  uint64_t generation(int slot) const { return generations_[static_cast<std::size_t>(slot)]; }
  // This store among all the process makes (a history opened from a file has a new one).
  uint64_t id() const { return id_; }

  std::size_t cells() const { return cells_; }
  std::size_t capacity() const { return refs_.size(); }
  std::size_t held() const { return refs_.size() - free_.size(); }
  std::size_t free() const { return free_.size(); }
  // Bytes of the slots held now.
  std::size_t bytes_held() const { return held() * cells_ * sizeof(float); }

 private:
  uint64_t id_;
  std::size_t cells_;
  std::unique_ptr<float[]> block_;     // capacity() * cells_, allocated on the first take()
  std::vector<int> refs_;              // per slot: how many checkpoints hold it
  std::vector<int> free_;              // slots held by none, the lowest last
  std::vector<uint64_t> generations_;  // per slot: how many times it was taken
};

}  // namespace terrain::session

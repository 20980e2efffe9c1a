#include "session/checkpoint_store.h"

#include <algorithm>
#include <atomic>
#include <cassert>

namespace terrain::session {

namespace {
std::atomic<uint64_t> stores_made{0};
}  // namespace

CheckpointStore::CheckpointStore(std::size_t cells, std::size_t slots)
    : id_(++stores_made), cells_(cells), refs_(slots, 0), generations_(slots, 0) {
  free_.reserve(slots);
  for (std::size_t k = slots; k-- > 0;) free_.push_back(static_cast<int>(k));
}

int CheckpointStore::take_blank() {
  if (free_.empty()) return -1;
  // new float[] leaves the block uninitialised: only the pages written are backed.
  if (!block_) block_.reset(new float[refs_.size() * cells_]);
  const int slot = free_.back();
  free_.pop_back();
  refs_[static_cast<std::size_t>(slot)] = 1;
  generations_[static_cast<std::size_t>(slot)]++;
  return slot;
}

int CheckpointStore::take(const float* values) {
  const int slot = take_blank();
  if (slot >= 0) std::copy(values, values + cells_, values_to_write(slot));
  return slot;
}

float* CheckpointStore::values_to_write(int slot) {
  return block_.get() + static_cast<std::size_t>(slot) * cells_;
}

void CheckpointStore::retain(int slot) {
  assert(slot >= 0 && refs_[static_cast<std::size_t>(slot)] > 0);
  refs_[static_cast<std::size_t>(slot)]++;
}

void CheckpointStore::release(int slot) {
  assert(slot >= 0 && refs_[static_cast<std::size_t>(slot)] > 0);
  if (--refs_[static_cast<std::size_t>(slot)] == 0) free_.push_back(slot);
}

const float* CheckpointStore::values(int slot) const {
  return block_.get() + static_cast<std::size_t>(slot) * cells_;
}

}  // namespace terrain::session
